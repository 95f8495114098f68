CREATE TABLE "ocr_diffs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"gate_id" integer NOT NULL,
	"field" text NOT NULL,
	"suggested" text,
	"actual" text,
	"reported_by" integer,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ocr_diffs_field" CHECK ("ocr_diffs"."field" in ('containerNumber', 'containerSize', 'exitProcess', 'exitTag', 'exitTrailerTag', 'trailerNumber'))
);
--> statement-breakpoint
CREATE TABLE "ocr_frames" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gate_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"camera" text NOT NULL,
	"message_id" text NOT NULL,
	"image" text NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"read" jsonb,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ocr_frames_gate_message_unique" UNIQUE("gate_id","message_id"),
	CONSTRAINT "ocr_frames_camera" CHECK ("ocr_frames"."camera" in ('Front', 'Rear', 'Top', 'Side1', 'Side2')),
	CONSTRAINT "ocr_frames_read_or_error" CHECK (("ocr_frames"."read" is null) <> ("ocr_frames"."error" is null))
);
--> statement-breakpoint
CREATE TABLE "ocr_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"gate_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"first_frame_at" timestamp with time zone NOT NULL,
	"last_frame_at" timestamp with time zone NOT NULL,
	"frame_count" integer DEFAULT 0 NOT NULL,
	"container_number" text DEFAULT '' NOT NULL,
	"is_valid" boolean DEFAULT false NOT NULL,
	"data" jsonb NOT NULL,
	"acked_at" timestamp with time zone,
	"acked_by" integer,
	"cleared_at" timestamp with time zone,
	"cleared_by" integer,
	"clear_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ocr_records_id_gate_unique" UNIQUE("id","gate_id"),
	CONSTRAINT "ocr_records_status" CHECK ("ocr_records"."status" in ('pending', 'acked', 'cleared')),
	CONSTRAINT "ocr_records_frames_order" CHECK ("ocr_records"."last_frame_at" >= "ocr_records"."first_frame_at"),
	CONSTRAINT "ocr_records_acked" CHECK (("ocr_records"."status" = 'acked') = ("ocr_records"."acked_at" is not null)),
	CONSTRAINT "ocr_records_cleared" CHECK (("ocr_records"."status" = 'cleared') = ("ocr_records"."cleared_at" is not null and coalesce(length(trim("ocr_records"."clear_reason")), 0) > 0))
);
--> statement-breakpoint
ALTER TABLE "ocr_diffs" ADD CONSTRAINT "ocr_diffs_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_diffs" ADD CONSTRAINT "ocr_diffs_record_fk" FOREIGN KEY ("record_id","gate_id") REFERENCES "public"."ocr_records"("id","gate_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_frames" ADD CONSTRAINT "ocr_frames_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_frames" ADD CONSTRAINT "ocr_frames_record_fk" FOREIGN KEY ("record_id","gate_id") REFERENCES "public"."ocr_records"("id","gate_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_records" ADD CONSTRAINT "ocr_records_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_records" ADD CONSTRAINT "ocr_records_acked_by_users_id_fk" FOREIGN KEY ("acked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_records" ADD CONSTRAINT "ocr_records_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ocr_diffs_record_idx" ON "ocr_diffs" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "ocr_frames_record_idx" ON "ocr_frames" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "ocr_frames_camera_latest_idx" ON "ocr_frames" USING btree ("gate_id","camera","captured_at");--> statement-breakpoint
CREATE INDEX "ocr_records_pending_idx" ON "ocr_records" USING btree ("gate_id","first_frame_at","id") WHERE "ocr_records"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ocr_records_gate_last_frame_idx" ON "ocr_records" USING btree ("gate_id","last_frame_at");