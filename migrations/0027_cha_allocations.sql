CREATE TABLE "cha_agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"registration_number" text NOT NULL,
	"contacts" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cha_agents_name_length" CHECK (char_length(btrim("cha_agents"."name")) between 1 and 100),
	CONSTRAINT "cha_agents_registration_length" CHECK (char_length(btrim("cha_agents"."registration_number")) between 1 and 40),
	CONSTRAINT "cha_agents_contacts_count" CHECK (cardinality("cha_agents"."contacts") <= 10)
);
--> statement-breakpoint
CREATE TABLE "cha_allocation_equipments" (
	"allocation_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	CONSTRAINT "cha_allocation_equipments_pkey" PRIMARY KEY("allocation_id","equipment_id")
);
--> statement-breakpoint
CREATE TABLE "cha_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "cha_equipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cha_equipments_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "cha_vehicle_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"allocation_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"allowed_count" integer NOT NULL,
	"allowed20" integer NOT NULL,
	"allowed40" integer NOT NULL,
	"gated_in_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cha_vehicle_details_type_unique" UNIQUE("allocation_id","activity_id"),
	CONSTRAINT "cha_vehicle_details_counts" CHECK ("cha_vehicle_details"."allowed20" >= 0 and "cha_vehicle_details"."allowed40" >= 0 and "cha_vehicle_details"."allowed_count" >= "cha_vehicle_details"."allowed20" + "cha_vehicle_details"."allowed40" and "cha_vehicle_details"."allowed_count" <= 10000),
	CONSTRAINT "cha_vehicle_details_gated_in" CHECK ("cha_vehicle_details"."gated_in_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cha_allocation_equipments" ADD CONSTRAINT "cha_allocation_equipments_allocation_id_cha_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."cha_allocations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cha_allocation_equipments" ADD CONSTRAINT "cha_allocation_equipments_equipment_id_cha_equipments_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."cha_equipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cha_allocations" ADD CONSTRAINT "cha_allocations_agent_id_cha_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."cha_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cha_vehicle_details" ADD CONSTRAINT "cha_vehicle_details_allocation_id_cha_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."cha_allocations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cha_vehicle_details" ADD CONSTRAINT "cha_vehicle_details_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cha_agents_registration_unique" ON "cha_agents" USING btree (lower("registration_number"));--> statement-breakpoint
CREATE INDEX "cha_agents_name_idx" ON "cha_agents" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "cha_allocations_agent_idx" ON "cha_allocations" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "cha_vehicle_details_activity_idx" ON "cha_vehicle_details" USING btree ("activity_id");