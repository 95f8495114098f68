CREATE TABLE "container_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"container_id" integer NOT NULL,
	"container_number" text NOT NULL,
	"from_location" text,
	"to_location" text,
	"to_area_id" integer,
	"to_row_index" integer,
	"to_column_index" integer,
	"to_tier" integer,
	"source" text NOT NULL,
	"moved_by" text,
	"device" text,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "container_movements_source" CHECK ("container_movements"."source" in ('manual', 'gate', 'machine', 'import')),
	CONSTRAINT "container_movements_to_complete" CHECK (("container_movements"."to_area_id" is null) = ("container_movements"."to_location" is null)
        and ("container_movements"."to_area_id" is null) = ("container_movements"."to_row_index" is null)
        and ("container_movements"."to_area_id" is null) = ("container_movements"."to_column_index" is null)
        and ("container_movements"."to_area_id" is null) = ("container_movements"."to_tier" is null))
);
--> statement-breakpoint
CREATE TABLE "container_positions" (
	"area_id" integer NOT NULL,
	"row_index" integer NOT NULL,
	"column_index" integer NOT NULL,
	"tier" integer NOT NULL,
	"container_id" integer NOT NULL,
	CONSTRAINT "container_positions_pkey" PRIMARY KEY("area_id","row_index","column_index","tier"),
	CONSTRAINT "container_positions_tier_positive" CHECK ("container_positions"."tier" >= 1)
);
--> statement-breakpoint
CREATE TABLE "containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"container_number" text NOT NULL,
	"size_id" integer NOT NULL,
	"type_id" integer,
	"process_id" integer,
	"category_id" integer,
	"customer_id" integer,
	"cargo_type_id" integer,
	"hazardous" boolean DEFAULT false NOT NULL,
	"rfid_tag_id" text,
	"igm" text,
	"item" text,
	"movement_alert" boolean DEFAULT false NOT NULL,
	"planned" boolean DEFAULT false NOT NULL,
	"gate_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	"last_moved_at" timestamp with time zone,
	"location_updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "containers_number_format" CHECK ("containers"."container_number" ~ '^[A-Z0-9]{11}$'),
	CONSTRAINT "containers_dispatch_after_gate_in" CHECK ("containers"."dispatched_at" is null or "containers"."dispatched_at" >= "containers"."gate_in_at")
);
--> statement-breakpoint
CREATE TABLE "inventory_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_state_single_row" CHECK ("inventory_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "yard_rule_cells" (
	"rule_id" integer NOT NULL,
	"cell_id" integer NOT NULL,
	CONSTRAINT "yard_rule_cells_pkey" PRIMARY KEY("rule_id","cell_id")
);
--> statement-breakpoint
CREATE TABLE "yard_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"process" text DEFAULT 'All' NOT NULL,
	"type" text DEFAULT 'All' NOT NULL,
	"size" text DEFAULT 'All' NOT NULL,
	"category" text DEFAULT 'All' NOT NULL,
	"liner" text DEFAULT 'All' NOT NULL,
	"customer" text DEFAULT 'All' NOT NULL,
	"cargo_type" text DEFAULT 'All' NOT NULL,
	"hazardous" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yard_rules_color_hex" CHECK ("yard_rules"."color" ~ '^#[0-9A-Fa-f]{6}$' and lower("yard_rules"."color") <> '#000000')
);
--> statement-breakpoint
ALTER TABLE "container_movements" ADD CONSTRAINT "container_movements_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_positions" ADD CONSTRAINT "container_positions_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_positions" ADD CONSTRAINT "container_positions_area_fk" FOREIGN KEY ("area_id") REFERENCES "public"."yard_areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_positions" ADD CONSTRAINT "container_positions_row_fk" FOREIGN KEY ("area_id","row_index") REFERENCES "public"."yard_rows"("area_id","index") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "container_positions" ADD CONSTRAINT "container_positions_column_fk" FOREIGN KEY ("area_id","column_index") REFERENCES "public"."yard_columns"("area_id","index") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_size_id_container_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."container_sizes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_type_id_container_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."container_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_process_id_container_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."container_processes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_cargo_type_id_cargo_types_id_fk" FOREIGN KEY ("cargo_type_id") REFERENCES "public"."cargo_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_rule_cells" ADD CONSTRAINT "yard_rule_cells_rule_id_yard_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."yard_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_rule_cells" ADD CONSTRAINT "yard_rule_cells_cell_id_yard_cells_id_fk" FOREIGN KEY ("cell_id") REFERENCES "public"."yard_cells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "container_movements_container_idx" ON "container_movements" USING btree ("container_id","id");--> statement-breakpoint
CREATE INDEX "container_movements_moved_at_idx" ON "container_movements" USING btree ("moved_at");--> statement-breakpoint
CREATE INDEX "container_positions_container_idx" ON "container_positions" USING btree ("container_id");--> statement-breakpoint
CREATE UNIQUE INDEX "containers_active_number_unique" ON "containers" USING btree ("container_number") WHERE "containers"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "containers_number_idx" ON "containers" USING btree ("container_number");--> statement-breakpoint
CREATE INDEX "containers_igm_item_idx" ON "containers" USING btree ("igm","item");--> statement-breakpoint
CREATE INDEX "containers_gate_in_idx" ON "containers" USING btree ("gate_in_at");--> statement-breakpoint
CREATE UNIQUE INDEX "yard_rule_cells_cell_unique" ON "yard_rule_cells" USING btree ("cell_id");--> statement-breakpoint
CREATE UNIQUE INDEX "yard_rules_name_lower_unique" ON "yard_rules" USING btree (lower("name"));