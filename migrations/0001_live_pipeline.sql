CREATE TABLE "gate_readers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"reader_type" text DEFAULT 'GATEIN' NOT NULL,
	"ip" text NOT NULL,
	"gate_id" integer,
	"position_lat" double precision,
	"position_long" double precision,
	"status_last_received" timestamp with time zone,
	"rf_status" text,
	"health_status" text DEFAULT 'NOK' NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gate_readers_name_unique" UNIQUE("name"),
	CONSTRAINT "gate_readers_health" CHECK ("gate_readers"."health_status" in ('OK', 'Idle', 'NOK')),
	CONSTRAINT "gate_readers_rf_status" CHECK ("gate_readers"."rf_status" is null or "gate_readers"."rf_status" in ('OK', 'NOK'))
);
--> statement-breakpoint
CREATE TABLE "gates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'IN' NOT NULL,
	"position_lat" double precision NOT NULL,
	"position_long" double precision NOT NULL,
	"cam_config" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"camera_secret_hash" text NOT NULL,
	"health_status" text DEFAULT 'OK' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gates_name_unique" UNIQUE("name"),
	CONSTRAINT "gates_type" CHECK ("gates"."type" in ('IN', 'OUT')),
	CONSTRAINT "gates_health" CHECK ("gates"."health_status" in ('OK', 'Idle', 'NOK'))
);
--> statement-breakpoint
CREATE TABLE "tag_reads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reader_id" integer NOT NULL,
	"gate_id" integer,
	"tag_id" text NOT NULL,
	"antenna" integer,
	"rssi" real,
	"message_id" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_reads_reader_message_unique" UNIQUE("reader_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "device_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"topic" text,
	"message_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_logs_type" CHECK ("device_logs"."type" in ('RF_OK', 'RFNOK', 'TAG_DATA', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "itv_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"itv_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"speed" real,
	"message_id" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "itv_positions_message_unique" UNIQUE("itv_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "itvs" (
	"id" serial PRIMARY KEY NOT NULL,
	"itv_number" text NOT NULL,
	"trailer_number" text NOT NULL,
	"device_installed" boolean DEFAULT true NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"last_data_received" timestamp with time zone,
	"status_colour" text DEFAULT 'grey' NOT NULL,
	"secret_hash" text NOT NULL,
	CONSTRAINT "itvs_colour" CHECK ("itvs"."status_colour" in ('red', 'orange', 'green', 'grey'))
);
--> statement-breakpoint
CREATE TABLE "machine_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"machine_id" integer NOT NULL,
	"kind" text NOT NULL,
	"tag_id" text,
	"container_number" text,
	"height" integer,
	"latitude" double precision,
	"longitude" double precision,
	"message_id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "machine_events_message_unique" UNIQUE("machine_id","message_id"),
	CONSTRAINT "machine_events_kind" CHECK ("machine_events"."kind" in ('pick', 'drop'))
);
--> statement-breakpoint
CREATE TABLE "machine_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"machine_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"heading" real,
	"speed" real,
	"machine_status" text,
	"message_id" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "machine_positions_message_unique" UNIQUE("machine_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"machine_name" text NOT NULL,
	"machine_type" text NOT NULL,
	"machine_status" text DEFAULT 'Working' NOT NULL,
	"isrfid_installed" boolean DEFAULT false NOT NULL,
	"zone" text,
	"latitude" double precision,
	"longitude" double precision,
	"last_data_received" timestamp with time zone,
	"status_colour" text DEFAULT 'grey' NOT NULL,
	"secret_hash" text NOT NULL,
	CONSTRAINT "machines_colour" CHECK ("machines"."status_colour" in ('red', 'orange', 'green', 'grey'))
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "outbox_events_eventId_unique" UNIQUE("event_id")
);
--> statement-breakpoint
ALTER TABLE "gate_readers" ADD CONSTRAINT "gate_readers_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_reads" ADD CONSTRAINT "tag_reads_reader_id_gate_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."gate_readers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_reads" ADD CONSTRAINT "tag_reads_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itv_positions" ADD CONSTRAINT "itv_positions_itv_id_itvs_id_fk" FOREIGN KEY ("itv_id") REFERENCES "public"."itvs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_events" ADD CONSTRAINT "machine_events_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_positions" ADD CONSTRAINT "machine_positions_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gate_readers_gate_idx" ON "gate_readers" USING btree ("gate_id");--> statement-breakpoint
CREATE INDEX "tag_reads_gate_read_at_idx" ON "tag_reads" USING btree ("gate_id","read_at");--> statement-breakpoint
CREATE INDEX "device_logs_device_idx" ON "device_logs" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "device_logs_received_idx" ON "device_logs" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_logs_device_message_unique" ON "device_logs" USING btree ("device_id","message_id","type") WHERE "device_logs"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "itv_positions_itv_time_idx" ON "itv_positions" USING btree ("itv_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "itvs_number_lower_unique" ON "itvs" USING btree (lower("itv_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "itvs_trailer_lower_unique" ON "itvs" USING btree (lower("trailer_number"));--> statement-breakpoint
CREATE INDEX "machine_positions_machine_time_idx" ON "machine_positions" USING btree ("machine_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "machines_name_lower_unique" ON "machines" USING btree (lower("machine_name"));--> statement-breakpoint
CREATE INDEX "outbox_events_unpublished_idx" ON "outbox_events" USING btree ("id") WHERE "outbox_events"."published_at" is null;