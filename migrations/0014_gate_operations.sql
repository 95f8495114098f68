CREATE TABLE "permanent_trailers" (
	"id" serial PRIMARY KEY NOT NULL,
	"trailer_number" text NOT NULL,
	"trailer_tag" text NOT NULL,
	"trailer_type" text,
	"transporter" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permanent_trailers_number_length" CHECK (char_length("permanent_trailers"."trailer_number") between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "pla_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"trailer_tag_number" text NOT NULL,
	"pla_card_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trailers" (
	"id" serial PRIMARY KEY NOT NULL,
	"trailer_number" text NOT NULL,
	"trailer_tag_id" text,
	"trailer_tag_id2" text,
	"pla_card1" text,
	"pla_card2" text,
	"trailer_type" text,
	"type" text NOT NULL,
	"activity_group" text,
	"gate_id" integer,
	"container_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"cha_id" integer,
	"vehicle_detail_id" integer,
	"entered_by" text,
	"entry_at" timestamp with time zone DEFAULT now() NOT NULL,
	"out_at" timestamp with time zone,
	"dispatch_mode" text,
	"dispatched_by" text,
	CONSTRAINT "trailers_number_length" CHECK (char_length("trailers"."trailer_number") between 1 and 20),
	CONSTRAINT "trailers_out_after_entry" CHECK ("trailers"."out_at" is null or "trailers"."out_at" >= "trailers"."entry_at")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"container_id" integer,
	"container_number" text NOT NULL,
	"task_type" text NOT NULL,
	"delivery_mode" text,
	"from_location" text,
	"to_location" text,
	"to_location_details" text,
	"assigned_to_machine" text DEFAULT 'ALL' NOT NULL,
	"on_priority" boolean DEFAULT false NOT NULL,
	"parent_task_id" bigint,
	"visit_id" integer,
	"source" text NOT NULL,
	"created_by" text,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	CONSTRAINT "tasks_number_length" CHECK (char_length("tasks"."container_number") between 1 and 11),
	CONSTRAINT "tasks_source" CHECK ("tasks"."source" in ('gate', 'planning', 'user', 'kiosk', 'upload')),
	CONSTRAINT "tasks_completed_after" CHECK ("tasks"."completed_at" is null or "tasks"."completed_at" >= "tasks"."generated_at")
);
--> statement-breakpoint
CREATE TABLE "gate_tag_uses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gate_id" integer NOT NULL,
	"tag_id" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "gate_transactions" (
	"request_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"gate_id" integer,
	"user_name" text,
	"visit_id" integer,
	"answer" jsonb NOT NULL,
	"committed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gate_transactions_kind" CHECK ("gate_transactions"."kind" in ('gateIn', 'trailerGateIn', 'dispatch', 'scanningDispatch', 'retag'))
);
--> statement-breakpoint
CREATE TABLE "rfid_tags" (
	"tag_id" text PRIMARY KEY NOT NULL,
	"first_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bind_count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trailers" ADD CONSTRAINT "trailers_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_parent_task_id_tasks_id_fk" FOREIGN KEY ("parent_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_visit_id_trailers_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."trailers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_tag_uses" ADD CONSTRAINT "gate_tag_uses_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_transactions" ADD CONSTRAINT "gate_transactions_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "permanent_trailers_number_unique" ON "permanent_trailers" USING btree ("trailer_number");--> statement-breakpoint
CREATE UNIQUE INDEX "permanent_trailers_tag_unique" ON "permanent_trailers" USING btree ("trailer_tag");--> statement-breakpoint
CREATE UNIQUE INDEX "pla_cards_tag_unique" ON "pla_cards" USING btree ("trailer_tag_number");--> statement-breakpoint
CREATE UNIQUE INDEX "pla_cards_card_unique" ON "pla_cards" USING btree ("pla_card_number");--> statement-breakpoint
CREATE UNIQUE INDEX "trailers_active_tag_unique" ON "trailers" USING btree ("trailer_tag_id") WHERE "trailers"."out_at" is null and "trailers"."trailer_tag_id" is not null;--> statement-breakpoint
CREATE INDEX "trailers_entry_idx" ON "trailers" USING btree ("entry_at");--> statement-breakpoint
CREATE INDEX "trailers_inside_idx" ON "trailers" USING btree ("entry_at") WHERE "trailers"."out_at" is null;--> statement-breakpoint
CREATE INDEX "trailers_number_idx" ON "trailers" USING btree ("trailer_number");--> statement-breakpoint
CREATE INDEX "tasks_pending_idx" ON "tasks" USING btree ("generated_at") WHERE "tasks"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_container_idx" ON "tasks" USING btree ("container_number");--> statement-breakpoint
CREATE INDEX "tasks_visit_idx" ON "tasks" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "gate_tag_uses_gate_tag_idx" ON "gate_tag_uses" USING btree ("gate_id","tag_id","used_at");--> statement-breakpoint
CREATE INDEX "gate_transactions_committed_idx" ON "gate_transactions" USING btree ("committed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "containers_active_tag_unique" ON "containers" USING btree ("rfid_tag_id") WHERE "containers"."dispatched_at" is null and "containers"."voided_at" is null and "containers"."rfid_tag_id" is not null and "containers"."rfid_tag_id" not in ('Refer Tag', 'ODC Tag', 'Tank Tag', 'DummyTag');