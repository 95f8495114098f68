CREATE TABLE "itv_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"container_id" integer,
	"trailer" text NOT NULL,
	"container_number" text NOT NULL,
	"size" text,
	"task_type" text NOT NULL,
	"from_location" text NOT NULL,
	"to_location" text NOT NULL,
	"to_location_details" text,
	"parent_task_id" bigint,
	"created_by" text,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "itv_tasks_number_length" CHECK (char_length("itv_tasks"."container_number") between 1 and 11),
	CONSTRAINT "itv_tasks_filled" CHECK (char_length("itv_tasks"."trailer") > 0 and char_length("itv_tasks"."task_type") > 0 and char_length("itv_tasks"."from_location") > 0 and char_length("itv_tasks"."to_location") > 0)
);
--> statement-breakpoint
CREATE TABLE "yard_exceptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"event_kind" text NOT NULL,
	"machine_id" integer,
	"machine_event_id" bigint,
	"container_number" text,
	"tag_id" text,
	"location" text,
	"latitude" double precision,
	"longitude" double precision,
	"height" integer,
	"message" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution" text,
	CONSTRAINT "yard_exceptions_kind" CHECK ("yard_exceptions"."kind" in ('slotTaken', 'unknownContainer', 'outsideYard', 'noContainer', 'noPosition', 'slotRefused')),
	CONSTRAINT "yard_exceptions_event_kind" CHECK ("yard_exceptions"."event_kind" in ('pick', 'drop')),
	CONSTRAINT "yard_exceptions_resolved" CHECK (("yard_exceptions"."resolved_at" is null) = ("yard_exceptions"."resolution" is null))
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "completed_by_machine" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "completed_by_event_id" bigint;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "started_by_machine" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "itv_tasks" ADD CONSTRAINT "itv_tasks_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itv_tasks" ADD CONSTRAINT "itv_tasks_parent_task_id_tasks_id_fk" FOREIGN KEY ("parent_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_exceptions" ADD CONSTRAINT "yard_exceptions_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_exceptions" ADD CONSTRAINT "yard_exceptions_machine_event_id_machine_events_id_fk" FOREIGN KEY ("machine_event_id") REFERENCES "public"."machine_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "itv_tasks_generated_idx" ON "itv_tasks" USING btree ("generated_at");--> statement-breakpoint
CREATE INDEX "itv_tasks_container_idx" ON "itv_tasks" USING btree ("container_number");--> statement-breakpoint
CREATE UNIQUE INDEX "yard_exceptions_event_unique" ON "yard_exceptions" USING btree ("machine_event_id");--> statement-breakpoint
CREATE INDEX "yard_exceptions_open_idx" ON "yard_exceptions" USING btree ("occurred_at") WHERE "yard_exceptions"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "yard_exceptions_occurred_idx" ON "yard_exceptions" USING btree ("occurred_at");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_completed_by_event_id_machine_events_id_fk" FOREIGN KEY ("completed_by_event_id") REFERENCES "public"."machine_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_generated_idx" ON "tasks" USING btree ("generated_at");--> statement-breakpoint
CREATE INDEX "tasks_search_text_idx" ON "tasks" USING gin (("container_number" || chr(31) || "task_type" || chr(31) || coalesce("delivery_mode", '') || chr(31) || coalesce("from_location", '') || chr(31) || coalesce("to_location", '') || chr(31) || coalesce("to_location_details", '') || chr(31) || "assigned_to_machine") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_machine_open_idx" ON "tasks" USING btree (lower("assigned_to_machine")) WHERE "tasks"."completed_at" is null;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_problem_length" CHECK ("tasks"."problem" is null or char_length("tasks"."problem") between 1 and 300);--> statement-breakpoint
-- Handwritten.
-- Without GIN's pending list of fast updates (as containers_search_text_idx, 0005): PGlite runs no
-- autovacuum to merge it, so every search would read the whole list.
ALTER INDEX "tasks_search_text_idx" SET (fastupdate = off);
