CREATE TABLE "machine_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"from_hour" smallint NOT NULL,
	"from_minute" smallint NOT NULL,
	"to_hour" smallint NOT NULL,
	"to_minute" smallint NOT NULL,
	CONSTRAINT "machine_shifts_name_length" CHECK (char_length(btrim("machine_shifts"."name")) between 1 and 40),
	CONSTRAINT "machine_shifts_times" CHECK ("machine_shifts"."from_hour" between 0 and 23 and "machine_shifts"."to_hour" between 0 and 23 and "machine_shifts"."from_minute" between 0 and 59 and "machine_shifts"."to_minute" between 0 and 59),
	CONSTRAINT "machine_shifts_length" CHECK (("machine_shifts"."from_hour", "machine_shifts"."from_minute") <> ("machine_shifts"."to_hour", "machine_shifts"."to_minute"))
);
--> statement-breakpoint
CREATE TABLE "machine_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"machine_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"from_time" timestamp with time zone NOT NULL,
	"to_time" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"saved_by" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machine_allocations_period" CHECK ("machine_allocations"."to_time" > "machine_allocations"."from_time")
);
--> statement-breakpoint
ALTER TABLE "machine_allocations" ADD CONSTRAINT "machine_allocations_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_allocations" ADD CONSTRAINT "machine_allocations_area_id_yard_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."yard_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "machine_shifts_name_lower_unique" ON "machine_shifts" USING btree (lower("name"));--> statement-breakpoint
-- Handwritten.
-- One machine is in one area at a time (spec 2 §3, DESIGN §5): no two allocations of a machine
-- whose periods [from, to) overlap (one may end when the next begins). btree_gist lets the GiST
-- index take machine_id with =; the index also serves the day's query (period && the day).
-- Checked at commit, so that one save may move a machine's allocations past each other.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "machine_allocations" ADD CONSTRAINT "machine_allocations_no_overlap" EXCLUDE USING gist ("machine_id" WITH =, tstzrange("from_time", "to_time", '[)') WITH &&) DEFERRABLE INITIALLY DEFERRED;
