CREATE TABLE "gate_passes" (
	"id" serial PRIMARY KEY NOT NULL,
	"container_number" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"boe_date" timestamp with time zone,
	"boe_number" text,
	"cha_name" text,
	"consignee" text,
	"valid_till" timestamp with time zone,
	"remarks" text,
	"used_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gate_passes_number_format" CHECK ("gate_passes"."container_number" ~ '^[A-Z0-9]{11}$')
);
--> statement-breakpoint
CREATE TABLE "smart_gate_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"gate_id" integer NOT NULL,
	"record_id" integer,
	"request_id" text NOT NULL,
	"container_number" text NOT NULL,
	"suggested_container_number" text,
	"ocr_outcome" text NOT NULL,
	"gate_pass_id" integer,
	"gate_pass" jsonb,
	"force_dispatch" boolean DEFAULT false NOT NULL,
	"force_dispatch_reason" text,
	"snapshot_data" jsonb,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_gate_transactions_kind" CHECK ("smart_gate_transactions"."kind" in ('in', 'out')),
	CONSTRAINT "smart_gate_transactions_outcome" CHECK ("smart_gate_transactions"."ocr_outcome" in ('unchanged', 'candidate', 'typed')),
	CONSTRAINT "smart_gate_transactions_force_reason" CHECK ("smart_gate_transactions"."gate_pass_id" is not null or "smart_gate_transactions"."kind" = 'in' or coalesce(length(trim("smart_gate_transactions"."force_dispatch_reason")), 0) > 0)
);
--> statement-breakpoint
CREATE TABLE "user_gates" (
	"user_id" integer NOT NULL,
	"gate_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_gates_pk" PRIMARY KEY("user_id","gate_id")
);
--> statement-breakpoint
ALTER TABLE "smart_gate_transactions" ADD CONSTRAINT "smart_gate_transactions_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_gate_transactions" ADD CONSTRAINT "smart_gate_transactions_record_id_ocr_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."ocr_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_gate_transactions" ADD CONSTRAINT "smart_gate_transactions_gate_pass_id_gate_passes_id_fk" FOREIGN KEY ("gate_pass_id") REFERENCES "public"."gate_passes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_gate_transactions" ADD CONSTRAINT "smart_gate_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_gates" ADD CONSTRAINT "user_gates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_gates" ADD CONSTRAINT "user_gates_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gate_passes_open_unique" ON "gate_passes" USING btree ("container_number") WHERE "gate_passes"."used_at" is null;--> statement-breakpoint
CREATE INDEX "gate_passes_number_idx" ON "gate_passes" USING btree ("container_number");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_gate_transactions_record_unique" ON "smart_gate_transactions" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_gate_transactions_request_unique" ON "smart_gate_transactions" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "smart_gate_transactions_kind_at_idx" ON "smart_gate_transactions" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "smart_gate_transactions_gate_at_idx" ON "smart_gate_transactions" USING btree ("gate_id","at");