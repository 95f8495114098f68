CREATE TABLE "batch_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"message" text,
	"generated_report" text,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_by" text NOT NULL,
	"requested_by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "batch_jobs_kind" CHECK ("batch_jobs"."kind" in ('gateIn', 'dispatch', 'sync')),
	CONSTRAINT "batch_jobs_mode" CHECK ("batch_jobs"."mode" in ('rowByRow', 'allOrNothing')),
	CONSTRAINT "batch_jobs_status" CHECK ("batch_jobs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "batch_jobs_progress" CHECK ("batch_jobs"."progress" between 0 and 1),
	CONSTRAINT "batch_jobs_counts" CHECK ("batch_jobs"."processed" <= "batch_jobs"."total" and "batch_jobs"."succeeded" + "batch_jobs"."failed" <= "batch_jobs"."total")
);
--> statement-breakpoint
CREATE INDEX "batch_jobs_created_idx" ON "batch_jobs" USING btree ("created_at");