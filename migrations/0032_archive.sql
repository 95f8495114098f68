CREATE SCHEMA "archive";
--> statement-breakpoint
CREATE TABLE "archive_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cutoff_date" date NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"requested_by" text NOT NULL,
	"containers_to_archive" integer DEFAULT 0 NOT NULL,
	"containers" integer DEFAULT 0 NOT NULL,
	"movements" integer DEFAULT 0 NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	"itv_tasks" integer DEFAULT 0 NOT NULL,
	"trailers" integer DEFAULT 0 NOT NULL,
	"gate_transactions" integer DEFAULT 0 NOT NULL,
	"device_logs" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "archive_runs_status" CHECK ("archive_runs"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "archive"."container_movements" (
	"id" bigint PRIMARY KEY NOT NULL,
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
	"moved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archive"."containers" (
	"id" integer PRIMARY KEY NOT NULL,
	"container_number" text NOT NULL,
	"size_id" integer NOT NULL,
	"type_id" integer,
	"process_id" integer,
	"category_id" integer,
	"customer_id" integer,
	"cargo_type_id" integer,
	"hazardous" boolean NOT NULL,
	"rfid_tag_id" text,
	"igm" text,
	"item" text,
	"movement_alert" boolean NOT NULL,
	"planned" boolean NOT NULL,
	"gate_in_at" timestamp with time zone NOT NULL,
	"dispatched_at" timestamp with time zone,
	"last_moved_at" timestamp with time zone,
	"location_updated_by" text,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archive_run_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archive"."device_logs" (
	"id" bigint PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"topic" text,
	"message_id" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archive"."gate_transactions" (
	"request_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"gate_id" integer,
	"user_name" text,
	"visit_id" integer,
	"answer" jsonb NOT NULL,
	"committed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archive"."itv_tasks" (
	"id" bigint PRIMARY KEY NOT NULL,
	"container_id" integer,
	"trailer" text NOT NULL,
	"container_number" text NOT NULL,
	"size" text,
	"task_type" text NOT NULL,
	"from_location" text NOT NULL,
	"to_location" text NOT NULL,
	"to_location_details" text,
	"parent_task_id" bigint,
	"created_by" text,
	"generated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "archive"."tasks" (
	"id" bigint PRIMARY KEY NOT NULL,
	"container_id" integer,
	"container_number" text NOT NULL,
	"task_type" text NOT NULL,
	"delivery_mode" text,
	"from_location" text,
	"to_location" text,
	"to_location_details" text,
	"assigned_to_machine" text NOT NULL,
	"on_priority" boolean NOT NULL,
	"parent_task_id" bigint,
	"visit_id" integer,
	"source" text NOT NULL,
	"created_by" text,
	"generated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"completed_by_machine" text,
	"completed_by_event_id" bigint,
	"started_at" timestamp with time zone,
	"started_by_machine" text,
	"problem" text
);
--> statement-breakpoint
CREATE TABLE "archive"."trailers" (
	"id" integer PRIMARY KEY NOT NULL,
	"trailer_number" text NOT NULL,
	"trailer_tag_id" text,
	"trailer_tag_id2" text,
	"pla_card1" text,
	"pla_card2" text,
	"trailer_type" text,
	"type" text NOT NULL,
	"activity_group" text,
	"gate_id" integer,
	"container_numbers" text[] NOT NULL,
	"cha_id" integer,
	"vehicle_detail_id" integer,
	"entered_by" text,
	"entry_at" timestamp with time zone NOT NULL,
	"out_at" timestamp with time zone,
	"dispatch_mode" text,
	"dispatched_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "archive_runs_one_running" ON "archive_runs" USING btree ((true)) WHERE "archive_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "archived_container_movements_container_idx" ON "archive"."container_movements" USING btree ("container_id","id");--> statement-breakpoint
CREATE INDEX "archived_container_movements_moved_at_idx" ON "archive"."container_movements" USING btree ("moved_at");--> statement-breakpoint
CREATE INDEX "archived_containers_number_idx" ON "archive"."containers" USING btree ("container_number");--> statement-breakpoint
CREATE INDEX "archived_containers_gate_in_idx" ON "archive"."containers" USING btree ("gate_in_at");--> statement-breakpoint
CREATE INDEX "archived_containers_dispatched_idx" ON "archive"."containers" USING btree ("dispatched_at");--> statement-breakpoint
CREATE INDEX "archived_device_logs_device_idx" ON "archive"."device_logs" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "archived_device_logs_received_idx" ON "archive"."device_logs" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "archived_gate_transactions_committed_idx" ON "archive"."gate_transactions" USING btree ("committed_at");--> statement-breakpoint
CREATE INDEX "archived_itv_tasks_container_idx" ON "archive"."itv_tasks" USING btree ("container_id");--> statement-breakpoint
CREATE INDEX "archived_tasks_container_idx" ON "archive"."tasks" USING btree ("container_id");--> statement-breakpoint
CREATE INDEX "archived_tasks_generated_idx" ON "archive"."tasks" USING btree ("generated_at");--> statement-breakpoint
CREATE INDEX "archived_tasks_completed_idx" ON "archive"."tasks" USING btree ("completed_at") WHERE "archive"."tasks"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "archived_trailers_entry_idx" ON "archive"."trailers" USING btree ("entry_at");--> statement-breakpoint
CREATE INDEX "archived_trailers_number_idx" ON "archive"."trailers" USING btree ("trailer_number");--> statement-breakpoint
CREATE INDEX "itv_tasks_container_id_idx" ON "itv_tasks" USING btree ("container_id") WHERE "itv_tasks"."container_id" is not null;--> statement-breakpoint
CREATE INDEX "itv_tasks_parent_idx" ON "itv_tasks" USING btree ("parent_task_id") WHERE "itv_tasks"."parent_task_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_container_id_idx" ON "tasks" USING btree ("container_id") WHERE "tasks"."container_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_parent_idx" ON "tasks" USING btree ("parent_task_id") WHERE "tasks"."parent_task_id" is not null;--> statement-breakpoint
-- Handwritten. The archive (docs/archive.md): an archive run moves rows out of the current tables
-- in its own transactions, each of which sets `openyard.archiving` to 'on' (set_config, local to
-- the transaction). The rollups' delete triggers skip those deletes: a container, movement or truck
-- visit that goes to the archive is still counted on its day, so the dashboard's and the reports'
-- day counts (dashboard_yard_days, report_days) do not change. Their inserts and updates, and every
-- other transaction's deletes, are counted as before.
DROP TRIGGER dashboard_containers_rollup_insert ON containers;
--> statement-breakpoint
CREATE TRIGGER dashboard_containers_rollup_insert AFTER INSERT ON containers
  FOR EACH ROW EXECUTE FUNCTION dashboard_containers_rollup();
--> statement-breakpoint
CREATE TRIGGER dashboard_containers_rollup_delete AFTER DELETE ON containers
  FOR EACH ROW WHEN (current_setting('openyard.archiving', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION dashboard_containers_rollup();
--> statement-breakpoint
DROP TRIGGER dashboard_movements_rollup ON container_movements;
--> statement-breakpoint
CREATE TRIGGER dashboard_movements_rollup AFTER INSERT ON container_movements
  FOR EACH ROW EXECUTE FUNCTION dashboard_movements_rollup();
--> statement-breakpoint
CREATE TRIGGER dashboard_movements_rollup_delete AFTER DELETE ON container_movements
  FOR EACH ROW WHEN (current_setting('openyard.archiving', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION dashboard_movements_rollup();
--> statement-breakpoint
DROP TRIGGER report_days_movements_delete ON container_movements;
--> statement-breakpoint
CREATE TRIGGER report_days_movements_delete AFTER DELETE ON container_movements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  WHEN (current_setting('openyard.archiving', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION report_days_movements();
--> statement-breakpoint
DROP TRIGGER report_days_containers_delete ON containers;
--> statement-breakpoint
CREATE TRIGGER report_days_containers_delete AFTER DELETE ON containers
  FOR EACH ROW WHEN (OLD.dispatched_at IS NOT NULL AND current_setting('openyard.archiving', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION report_days_containers();
--> statement-breakpoint
DROP TRIGGER report_days_trailers_insert ON trailers;
--> statement-breakpoint
CREATE TRIGGER report_days_trailers_insert AFTER INSERT ON trailers
  FOR EACH ROW EXECUTE FUNCTION report_days_trailers();
--> statement-breakpoint
CREATE TRIGGER report_days_trailers_delete AFTER DELETE ON trailers
  FOR EACH ROW WHEN (current_setting('openyard.archiving', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION report_days_trailers();
--> statement-breakpoint
-- The current rows and the archived ones as one history, for what counts over the whole of it: the
-- rollups cut again (below) and the machines' day counts rebuilt (task-dashboard.repository.ts).
CREATE VIEW containers_with_archive AS
  SELECT id, container_number, size_id, type_id, process_id, category_id, customer_id, cargo_type_id, hazardous,
         rfid_tag_id, igm, item, movement_alert, planned, gate_in_at, dispatched_at, last_moved_at,
         location_updated_by, voided_at, voided_by, created_at, updated_at, false AS archived
    FROM containers
  UNION ALL
  SELECT id, container_number, size_id, type_id, process_id, category_id, customer_id, cargo_type_id, hazardous,
         rfid_tag_id, igm, item, movement_alert, planned, gate_in_at, dispatched_at, last_moved_at,
         location_updated_by, voided_at, voided_by, created_at, updated_at, true
    FROM archive.containers;
--> statement-breakpoint
CREATE VIEW container_movements_with_archive AS
  SELECT id, container_id, container_number, from_location, to_location, to_area_id, to_row_index, to_column_index,
         to_tier, source, moved_by, device, moved_at FROM container_movements
  UNION ALL
  SELECT id, container_id, container_number, from_location, to_location, to_area_id, to_row_index, to_column_index,
         to_tier, source, moved_by, device, moved_at FROM archive.container_movements;
--> statement-breakpoint
CREATE VIEW tasks_with_archive AS
  SELECT id, container_id, container_number, task_type, delivery_mode, from_location, to_location,
         to_location_details, assigned_to_machine, on_priority, parent_task_id, visit_id, source, created_by,
         generated_at, completed_at, completed_by, completed_by_machine, completed_by_event_id, started_at,
         started_by_machine, problem FROM tasks
  UNION ALL
  SELECT id, container_id, container_number, task_type, delivery_mode, from_location, to_location,
         to_location_details, assigned_to_machine, on_priority, parent_task_id, visit_id, source, created_by,
         generated_at, completed_at, completed_by, completed_by_machine, completed_by_event_id, started_at,
         started_by_machine, problem FROM archive.tasks;
--> statement-breakpoint
CREATE VIEW trailers_with_archive AS
  SELECT id, trailer_number, trailer_tag_id, trailer_tag_id2, pla_card1, pla_card2, trailer_type, type, activity_group,
         gate_id, container_numbers, cha_id, vehicle_detail_id, entered_by, entry_at, out_at, dispatch_mode,
         dispatched_by FROM trailers
  UNION ALL
  SELECT id, trailer_number, trailer_tag_id, trailer_tag_id2, pla_card1, pla_card2, trailer_type, type, activity_group,
         gate_id, container_numbers, cha_id, vehicle_detail_id, entered_by, entry_at, out_at, dispatch_mode,
         dispatched_by FROM archive.trailers;
--> statement-breakpoint
-- The rollups cut again from the whole history, archived rows included (0029's bodies, reading the
-- views above), so a change of TIME_ZONE after an archive run keeps the archived days' counts.
CREATE OR REPLACE FUNCTION dashboard_rollups_cut(p_zone text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE dashboard_rollup_state, dashboard_yard_days IN EXCLUSIVE MODE;
  INSERT INTO dashboard_rollup_state (id, time_zone, cut_at) VALUES (1, p_zone, now())
    ON CONFLICT (id) DO UPDATE SET time_zone = excluded.time_zone, cut_at = excluded.cut_at;
  DELETE FROM dashboard_yard_days;
  INSERT INTO dashboard_yard_days (day, gate_ins, gate_outs, machine_moves, manual_moves)
  SELECT day, sum(gate_ins), sum(gate_outs), sum(machine_moves), sum(manual_moves)
    FROM (
      SELECT (gate_in_at AT TIME ZONE p_zone)::date AS day, count(*) AS gate_ins, 0 AS gate_outs,
             0 AS machine_moves, 0 AS manual_moves
        FROM containers_with_archive WHERE voided_at IS NULL AND NOT planned GROUP BY 1
      UNION ALL
      SELECT (dispatched_at AT TIME ZONE p_zone)::date, 0, count(*), 0, 0
        FROM containers_with_archive WHERE voided_at IS NULL AND NOT planned AND dispatched_at IS NOT NULL GROUP BY 1
      UNION ALL
      SELECT (moved_at AT TIME ZONE p_zone)::date, 0, 0, count(*) FILTER (WHERE source = 'machine'),
             count(*) FILTER (WHERE source <> 'machine')
        FROM container_movements_with_archive
       WHERE from_location IS NOT NULL AND to_location IS NOT NULL AND source <> 'planning' GROUP BY 1
    ) counts
   GROUP BY day;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_cut(p_zone text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE report_days IN EXCLUSIVE MODE;
  DELETE FROM report_days;
  INSERT INTO report_days (kind, key, day, n)
  SELECT 'movements', '', (moved_at AT TIME ZONE p_zone)::date, count(*) FROM container_movements_with_archive
   WHERE source <> 'planning' GROUP BY 3;
  INSERT INTO report_days (kind, key, day, n)
  SELECT 'machineEvents', machine_id::text, (occurred_at AT TIME ZONE p_zone)::date, count(*)
    FROM machine_events GROUP BY 2, 3;
  INSERT INTO report_days (kind, key, day, n)
  SELECT 'trailers', report_days_trailer_key(trailer_type, type, activity_group), (entry_at AT TIME ZONE p_zone)::date,
         count(*)
    FROM trailers_with_archive GROUP BY 2, 3;
  INSERT INTO report_days (kind, key, day, n)
  SELECT 'dwell', report_days_dwell_of(gate_in_at, dispatched_at), (gate_in_at AT TIME ZONE p_zone)::date, count(*)
    FROM containers_with_archive WHERE dispatched_at IS NOT NULL AND voided_at IS NULL AND NOT planned GROUP BY 2, 3;
END $$;
