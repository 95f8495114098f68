CREATE TABLE "role_permissions" (
	"role_id" integer PRIMARY KEY NOT NULL,
	"landing_page" text NOT NULL,
	"dashboard_visible" boolean NOT NULL,
	"tasks_visible" boolean NOT NULL,
	"inventory_visible" boolean NOT NULL,
	"containers_visible" boolean NOT NULL,
	"planning_visible" boolean NOT NULL,
	"machines_visible" boolean NOT NULL,
	"trailers_visible" boolean NOT NULL,
	"itv_visible" boolean NOT NULL,
	"gate_visible" boolean NOT NULL,
	"users_visible" boolean NOT NULL,
	"reports_visible" boolean NOT NULL,
	"device_logs_visible" boolean NOT NULL,
	"cha_vehicles_visible" boolean NOT NULL,
	"crud_enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"admin_created" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"email" text,
	"phone" text,
	"address" text,
	"role_id" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"entered_by_id" integer,
	"last_access_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "yard_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"max_height" integer NOT NULL,
	"lat1" double precision,
	"long1" double precision,
	"lat2" double precision,
	"long2" double precision,
	"lat3" double precision,
	"long3" double precision,
	"lat4" double precision,
	"long4" double precision,
	CONSTRAINT "yard_areas_name_unique" UNIQUE("name"),
	CONSTRAINT "yard_areas_max_height_range" CHECK ("yard_areas"."max_height" between 1 and 12),
	CONSTRAINT "yard_areas_name_format" CHECK ("yard_areas"."name" ~ '^[A-Za-z0-9-]+$')
);
--> statement-breakpoint
CREATE TABLE "yard_cells" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"row_id" integer NOT NULL,
	"column_id" integer NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	CONSTRAINT "yard_cells_fullName_unique" UNIQUE("full_name"),
	CONSTRAINT "yard_cells_row_column_unique" UNIQUE("row_id","column_id")
);
--> statement-breakpoint
CREATE TABLE "yard_columns" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"index" integer NOT NULL,
	"name" text NOT NULL,
	"merged" boolean DEFAULT false NOT NULL,
	CONSTRAINT "yard_columns_area_index_unique" UNIQUE("area_id","index"),
	CONSTRAINT "yard_columns_index_positive" CHECK ("yard_columns"."index" >= 1)
);
--> statement-breakpoint
CREATE TABLE "yard_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"index" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "yard_rows_area_index_unique" UNIQUE("area_id","index"),
	CONSTRAINT "yard_rows_index_positive" CHECK ("yard_rows"."index" >= 1)
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_group_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activities_group_name_unique" UNIQUE("activity_group_id","name")
);
--> statement-breakpoint
CREATE TABLE "activity_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "cargo_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cargo_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "container_processes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "container_processes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "container_sizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"length_feet" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "container_sizes_name_unique" UNIQUE("name"),
	CONSTRAINT "container_sizes_length" CHECK ("container_sizes"."length_feet" in (10, 20, 30, 40, 45, 48, 53))
);
--> statement-breakpoint
CREATE TABLE "container_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"iso_group" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "container_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "customers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "delivery_modes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_modes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "liner_infos" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	CONSTRAINT "liner_infos_code_unique" UNIQUE("code"),
	CONSTRAINT "liner_infos_color_hex" CHECK ("liner_infos"."color" ~ '^#[0-9A-Fa-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "liner_prefixes" (
	"prefix" text PRIMARY KEY NOT NULL,
	"liner_id" integer NOT NULL,
	CONSTRAINT "liner_prefixes_format" CHECK ("liner_prefixes"."prefix" ~ '^[A-Z]{3}[UJZ]$')
);
--> statement-breakpoint
CREATE TABLE "machine_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "machine_statuses_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "machine_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "machine_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "reader_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reader_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "task_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "yard_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "yard_zones_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_cells" ADD CONSTRAINT "yard_cells_area_id_yard_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."yard_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_cells" ADD CONSTRAINT "yard_cells_row_id_yard_rows_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."yard_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_cells" ADD CONSTRAINT "yard_cells_column_id_yard_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."yard_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_columns" ADD CONSTRAINT "yard_columns_area_id_yard_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."yard_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_rows" ADD CONSTRAINT "yard_rows_area_id_yard_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."yard_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_activity_group_id_activity_groups_id_fk" FOREIGN KEY ("activity_group_id") REFERENCES "public"."activity_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liner_prefixes" ADD CONSTRAINT "liner_prefixes_liner_id_liner_infos_id_fk" FOREIGN KEY ("liner_id") REFERENCES "public"."liner_infos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_lower_unique" ON "roles" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");