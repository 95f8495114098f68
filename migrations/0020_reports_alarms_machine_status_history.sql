CREATE TABLE "machine_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"machine_id" integer NOT NULL,
	"status" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"source_name" text NOT NULL,
	"message" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	"raised_event_id" uuid,
	CONSTRAINT "alarms_kind" CHECK ("alarms"."kind" in ('machineBreakdown', 'readerDown', 'yardException', 'movementAlert')),
	CONSTRAINT "alarms_severity" CHECK ("alarms"."severity" in ('critical', 'warning')),
	CONSTRAINT "alarms_source_kind" CHECK ("alarms"."source_kind" in ('machine', 'reader', 'yardException', 'container')),
	CONSTRAINT "alarms_cleared_after" CHECK ("alarms"."cleared_at" is null or "alarms"."cleared_at" >= "alarms"."raised_at")
);
--> statement-breakpoint
ALTER TABLE "machine_status_changes" ADD CONSTRAINT "machine_status_changes_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "machine_status_changes_machine_time_idx" ON "machine_status_changes" USING btree ("machine_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_open_unique" ON "alarms" USING btree ("kind","source_kind","source_id") WHERE "alarms"."cleared_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_raised_event_unique" ON "alarms" USING btree ("raised_event_id");--> statement-breakpoint
CREATE INDEX "alarms_raised_idx" ON "alarms" USING btree ("raised_at");--> statement-breakpoint
CREATE INDEX "alarms_open_idx" ON "alarms" USING btree ("raised_at") WHERE "alarms"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "machine_events_machine_time_idx" ON "machine_events" USING btree ("machine_id","occurred_at");--> statement-breakpoint
CREATE INDEX "machine_events_time_idx" ON "machine_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "containers_dispatched_idx" ON "containers" USING btree ("dispatched_at") WHERE "containers"."dispatched_at" is not null;--> statement-breakpoint
CREATE INDEX "tasks_completed_event_idx" ON "tasks" USING btree ("completed_by_event_id") WHERE "tasks"."completed_by_event_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_completed_machine_idx" ON "tasks" USING btree ("completed_by_machine","completed_at") WHERE "tasks"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "rfid_tags_first_used_idx" ON "rfid_tags" USING btree ("first_used_at");--> statement-breakpoint
-- Handwritten.
-- The machines' status history (reports 3.3 and 3.4): every change of machines.machine_status, by
-- telemetry or by the machines screen, appends a row in the changing transaction. A change that
-- telemetry carried is dated by the position that carried it (last_data_received moves in the same
-- statement); any other change by the transaction's time.
CREATE FUNCTION machine_status_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO machine_status_changes (machine_id, status, changed_at) VALUES (NEW.id, NEW.machine_status, now());
  ELSE
    INSERT INTO machine_status_changes (machine_id, status, changed_at)
    VALUES (
      NEW.id,
      NEW.machine_status,
      CASE
        WHEN NEW.last_data_received IS NOT NULL AND NEW.last_data_received IS DISTINCT FROM OLD.last_data_received
          THEN NEW.last_data_received
        ELSE now()
      END
    );
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER machines_status_history_insert AFTER INSERT ON machines
  FOR EACH ROW EXECUTE FUNCTION machine_status_record();
--> statement-breakpoint
CREATE TRIGGER machines_status_history AFTER UPDATE OF machine_status ON machines
  FOR EACH ROW WHEN (OLD.machine_status IS DISTINCT FROM NEW.machine_status) EXECUTE FUNCTION machine_status_record();
--> statement-breakpoint
-- Machines that exist already start their history with the status they have now.
INSERT INTO machine_status_changes (machine_id, status, changed_at)
SELECT id, machine_status, coalesce(last_data_received, now()) FROM machines;
