CREATE TABLE "machine_day_stats" (
	"day" date NOT NULL,
	"shift_id" integer,
	"machine" text NOT NULL,
	"productive_moves" integer DEFAULT 0 NOT NULL,
	"waste_moves" integer DEFAULT 0 NOT NULL,
	"completed_tasks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "machine_day_stats_key" UNIQUE NULLS NOT DISTINCT("shift_id","day","machine")
);
--> statement-breakpoint
CREATE TABLE "machine_day_stats_builds" (
	"key" text PRIMARY KEY NOT NULL,
	"definition" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "machine_day_stats" ADD CONSTRAINT "machine_day_stats_shift_id_machine_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."machine_shifts"("id") ON DELETE cascade ON UPDATE no action;