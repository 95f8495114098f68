CREATE TABLE "report_days" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_days_pkey" PRIMARY KEY("kind","key","day")
);
--> statement-breakpoint
CREATE INDEX "containers_in_yard_gate_in_idx" ON "containers" USING btree ("gate_in_at","id") WHERE "containers"."dispatched_at" is null and "containers"."voided_at" is null;--> statement-breakpoint
-- Handwritten. The reports' day counts (reports.table.ts, docs/database.md): each change counted
-- into its yard day (dashboard_yard_day: the zone of dashboard_rollup_state) in its transaction.
-- Movements and machine events come in batches: statement triggers count a batch with one
-- aggregate over its transition table. A dwell is whole days from gate-in to dispatch, at most 366
-- (the service puts the days into report 2.4's buckets, whose last boundary is below that).
CREATE FUNCTION report_days_add(p_kind text, p_rows jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO report_days AS d (kind, key, day, n)
  SELECT p_kind, r.key, r.day, r.n FROM jsonb_to_recordset(p_rows) AS r(key text, day date, n integer)
  WHERE r.n <> 0
  ON CONFLICT (kind, key, day) DO UPDATE SET n = d.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION report_days_movements() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE v_rows jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('key', '', 'day', day, 'n', n)) INTO v_rows
      FROM (SELECT dashboard_yard_day(moved_at) AS day, count(*) AS n FROM new_rows GROUP BY 1) c;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('key', '', 'day', day, 'n', -n)) INTO v_rows
      FROM (SELECT dashboard_yard_day(moved_at) AS day, count(*) AS n FROM old_rows GROUP BY 1) c;
  END IF;
  IF v_rows IS NOT NULL THEN PERFORM report_days_add('movements', v_rows); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_days_movements_insert AFTER INSERT ON container_movements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_movements();
--> statement-breakpoint
CREATE TRIGGER report_days_movements_delete AFTER DELETE ON container_movements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_movements();
--> statement-breakpoint
CREATE FUNCTION report_days_machine_events() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE v_rows jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('key', machine_id::text, 'day', day, 'n', n)) INTO v_rows
      FROM (SELECT machine_id, dashboard_yard_day(occurred_at) AS day, count(*) AS n FROM new_rows GROUP BY 1, 2) c;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('key', machine_id::text, 'day', day, 'n', -n)) INTO v_rows
      FROM (SELECT machine_id, dashboard_yard_day(occurred_at) AS day, count(*) AS n FROM old_rows GROUP BY 1, 2) c;
  END IF;
  IF v_rows IS NOT NULL THEN PERFORM report_days_add('machineEvents', v_rows); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_days_machine_events_insert AFTER INSERT ON machine_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_machine_events();
--> statement-breakpoint
CREATE TRIGGER report_days_machine_events_delete AFTER DELETE ON machine_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_machine_events();
--> statement-breakpoint
-- A trailer visit by its entry day and what the trailer report filters on.
CREATE FUNCTION report_days_trailer_key(p_trailer_type text, p_type text, p_activity_group text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(p_trailer_type, '') || '|' || coalesce(p_type, '') || '|' || coalesce(p_activity_group, '')
$$;
--> statement-breakpoint
CREATE FUNCTION report_days_trailers() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_days_add('trailers', jsonb_build_array(jsonb_build_object(
      'key', report_days_trailer_key(OLD.trailer_type, OLD.type, OLD.activity_group),
      'day', dashboard_yard_day(OLD.entry_at), 'n', -1)));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM report_days_add('trailers', jsonb_build_array(jsonb_build_object(
      'key', report_days_trailer_key(NEW.trailer_type, NEW.type, NEW.activity_group),
      'day', dashboard_yard_day(NEW.entry_at), 'n', 1)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_days_trailers_insert AFTER INSERT OR DELETE ON trailers
  FOR EACH ROW EXECUTE FUNCTION report_days_trailers();
--> statement-breakpoint
CREATE TRIGGER report_days_trailers_update AFTER UPDATE OF entry_at, trailer_type, type, activity_group ON trailers
  FOR EACH ROW WHEN (OLD.entry_at IS DISTINCT FROM NEW.entry_at OR OLD.trailer_type IS DISTINCT FROM NEW.trailer_type
    OR OLD.type IS DISTINCT FROM NEW.type OR OLD.activity_group IS DISTINCT FROM NEW.activity_group)
  EXECUTE FUNCTION report_days_trailers();
--> statement-breakpoint
-- A dispatched container's dwell, counted on its gate-in day; voided and planned ones not counted.
CREATE FUNCTION report_days_dwell_of(p_gate_in timestamptz, p_dispatched timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT least(floor(extract(epoch FROM p_dispatched - p_gate_in) / 86400), 366)::int::text
$$;
--> statement-breakpoint
CREATE FUNCTION report_days_containers() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.dispatched_at IS NOT NULL AND OLD.voided_at IS NULL AND NOT OLD.planned THEN
    PERFORM report_days_add('dwell', jsonb_build_array(jsonb_build_object(
      'key', report_days_dwell_of(OLD.gate_in_at, OLD.dispatched_at), 'day', dashboard_yard_day(OLD.gate_in_at), 'n', -1)));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.dispatched_at IS NOT NULL AND NEW.voided_at IS NULL AND NOT NEW.planned THEN
    PERFORM report_days_add('dwell', jsonb_build_array(jsonb_build_object(
      'key', report_days_dwell_of(NEW.gate_in_at, NEW.dispatched_at), 'day', dashboard_yard_day(NEW.gate_in_at), 'n', 1)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_days_containers_insert AFTER INSERT ON containers
  FOR EACH ROW WHEN (NEW.dispatched_at IS NOT NULL) EXECUTE FUNCTION report_days_containers();
--> statement-breakpoint
CREATE TRIGGER report_days_containers_delete AFTER DELETE ON containers
  FOR EACH ROW WHEN (OLD.dispatched_at IS NOT NULL) EXECUTE FUNCTION report_days_containers();
--> statement-breakpoint
CREATE TRIGGER report_days_containers_update AFTER UPDATE OF gate_in_at, dispatched_at, voided_at, planned ON containers
  FOR EACH ROW WHEN (OLD.gate_in_at IS DISTINCT FROM NEW.gate_in_at OR OLD.dispatched_at IS DISTINCT FROM NEW.dispatched_at
    OR OLD.voided_at IS DISTINCT FROM NEW.voided_at OR OLD.planned IS DISTINCT FROM NEW.planned)
  EXECUTE FUNCTION report_days_containers();
--> statement-breakpoint
-- The counts again from the whole history, cut in `p_zone`: the backfill below, and the server's at
-- start right after dashboard_rollups_cut (dashboard.repository.ts) when its TIME_ZONE changed.
CREATE FUNCTION report_days_cut(p_zone text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE report_days IN EXCLUSIVE MODE;
  DELETE FROM report_days;
  INSERT INTO report_days (kind, key, day, n)
  SELECT 'movements', '', (moved_at AT TIME ZONE p_zone)::date, count(*) FROM container_movements GROUP BY 3;
  INSERT INTO report_days (kind, key, day, n)
  SELECT 'machineEvents', machine_id::text, (occurred_at AT TIME ZONE p_zone)::date, count(*)
    FROM machine_events GROUP BY 2, 3;
  INSERT INTO report_days (kind, key, day, n)
  SELECT 'trailers', report_days_trailer_key(trailer_type, type, activity_group), (entry_at AT TIME ZONE p_zone)::date,
         count(*)
    FROM trailers GROUP BY 2, 3;
  INSERT INTO report_days (kind, key, day, n)
  SELECT 'dwell', report_days_dwell_of(gate_in_at, dispatched_at), (gate_in_at AT TIME ZONE p_zone)::date, count(*)
    FROM containers WHERE dispatched_at IS NOT NULL AND voided_at IS NULL AND NOT planned GROUP BY 2, 3;
END $$;
--> statement-breakpoint
SELECT report_days_cut(coalesce((SELECT time_zone FROM dashboard_rollup_state WHERE id = 1), 'UTC'));
