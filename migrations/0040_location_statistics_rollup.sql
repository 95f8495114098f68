CREATE INDEX "report_days_kind_day_idx" ON "report_days" USING btree ("kind","day");--> statement-breakpoint
-- Handwritten. Report 2.3 (location statistics) from day counts (reports.table.ts), as the other
-- reports' totals are: it counted every movement of its range (a year is 1.5 million) and looked up
-- every container gated in within it, so at 50 calls a second the database saturated (p99 13 s at
-- scale 1, docs/performance.md). Three kinds more in report_days, kept in each change's transaction:
--   areaMoves      placements into an area by source (key area|source), by the move's yard day;
--   areaContainers the containers placed into an area that yard day, each once;
--   notLocated     containers not voided nor planned, by their gate-in day, that no movement has
--                  placed yet (a plan's reservation moves place nothing).
-- A container counts as placed once it has a movement to an area other than a plan's. The
-- container's row adds itself to notLocated on insert whatever its movements, and the movement that
-- places it first takes it off: when both come in one statement (a data-modifying CTE) their
-- triggers fire after it in either order and the sum is right. An archive run's deletes are not
-- counted off (migration 0032), so the counts hold for the archived history too.
CREATE OR REPLACE FUNCTION report_days_movements() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_zone text := coalesce((SELECT time_zone FROM dashboard_rollup_state WHERE id = 1), 'UTC');
  v_moves jsonb;
  v_area_moves jsonb;
  v_area_containers jsonb;
  v_not_located jsonb;
BEGIN
  -- One statement over the insert's new rows or the delete's old ones (a transition table is
  -- visible to the function's dynamic SQL); a delete counts off (-1) what an insert counted.
  EXECUTE format($q$
    WITH moved AS (
      SELECT id, container_id, to_area_id, source, (moved_at AT TIME ZONE $1)::date AS day
        FROM %I WHERE source <> 'planning'
    ), placed AS (
      SELECT container_id, to_area_id, day, array_agg(id) AS ids FROM moved
       WHERE to_area_id IS NOT NULL GROUP BY 1, 2, 3
    )
    SELECT
      (SELECT jsonb_agg(jsonb_build_object('key', '', 'day', day, 'n', $2 * n))
         FROM (SELECT day, count(*) AS n FROM moved GROUP BY 1) c),
      (SELECT jsonb_agg(jsonb_build_object('key', to_area_id::text || '|' || source, 'day', day, 'n', $2 * n))
         FROM (SELECT to_area_id, source, day, count(*) AS n FROM moved WHERE to_area_id IS NOT NULL
                GROUP BY 1, 2, 3) c),
      -- A container placed into an area on a day counts once: an insert adds it when the
      -- statement's are its first such movements, a delete takes it off when none is left.
      (SELECT jsonb_agg(jsonb_build_object('key', to_area_id::text, 'day', day, 'n', $2 * n))
         FROM (SELECT k.to_area_id, k.day, count(*) AS n FROM placed k
                WHERE NOT EXISTS (SELECT 1 FROM container_movements m
                                   WHERE m.container_id = k.container_id AND m.to_area_id = k.to_area_id
                                     AND m.source <> 'planning' AND (m.moved_at AT TIME ZONE $1)::date = k.day
                                     AND m.id <> ALL (k.ids))
                GROUP BY 1, 2) c),
      -- A counted container placed for the first time leaves notLocated; one whose last placing
      -- movement is deleted comes back.
      (SELECT jsonb_agg(jsonb_build_object('key', '', 'day', day, 'n', -$2 * n))
         FROM (SELECT (c.gate_in_at AT TIME ZONE $1)::date AS day, count(*) AS n
                 FROM (SELECT container_id, array_agg(id) AS ids FROM moved
                        WHERE to_area_id IS NOT NULL GROUP BY 1) k
                 JOIN containers c ON c.id = k.container_id AND c.voided_at IS NULL AND NOT c.planned
                WHERE NOT EXISTS (SELECT 1 FROM container_movements m
                                   WHERE m.container_id = k.container_id AND m.to_area_id IS NOT NULL
                                     AND m.source <> 'planning' AND m.id <> ALL (k.ids))
                GROUP BY 1) c)
  $q$, CASE WHEN TG_OP = 'INSERT' THEN 'new_rows' ELSE 'old_rows' END)
  INTO v_moves, v_area_moves, v_area_containers, v_not_located
  USING v_zone, CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
  IF v_moves IS NOT NULL THEN PERFORM report_days_add('movements', v_moves); END IF;
  IF v_area_moves IS NOT NULL THEN PERFORM report_days_add('areaMoves', v_area_moves); END IF;
  IF v_area_containers IS NOT NULL THEN PERFORM report_days_add('areaContainers', v_area_containers); END IF;
  IF v_not_located IS NOT NULL THEN PERFORM report_days_add('notLocated', v_not_located); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_days_counted(p_voided_at timestamptz, p_planned boolean) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT p_voided_at IS NULL AND NOT p_planned $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_containers() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE v_placed boolean := false;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.dispatched_at IS NOT NULL AND OLD.voided_at IS NULL AND NOT OLD.planned THEN
    PERFORM report_days_add('dwell', jsonb_build_array(jsonb_build_object(
      'key', report_days_dwell_of(OLD.gate_in_at, OLD.dispatched_at), 'day', dashboard_yard_day(OLD.gate_in_at), 'n', -1)));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.dispatched_at IS NOT NULL AND NEW.voided_at IS NULL AND NOT NEW.planned THEN
    PERFORM report_days_add('dwell', jsonb_build_array(jsonb_build_object(
      'key', report_days_dwell_of(NEW.gate_in_at, NEW.dispatched_at), 'day', dashboard_yard_day(NEW.gate_in_at), 'n', 1)));
  END IF;
  -- notLocated: a new row counts whatever its movements (see above); an update or a delete moves or
  -- takes off a count the container holds only while nothing has placed it.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    v_placed := EXISTS (SELECT 1 FROM container_movements m
                         WHERE m.container_id = OLD.id AND m.to_area_id IS NOT NULL AND m.source <> 'planning');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT v_placed AND report_days_counted(OLD.voided_at, OLD.planned) THEN
    PERFORM report_days_add('notLocated', jsonb_build_array(jsonb_build_object(
      'key', '', 'day', dashboard_yard_day(OLD.gate_in_at), 'n', -1)));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NOT v_placed AND report_days_counted(NEW.voided_at, NEW.planned) THEN
    PERFORM report_days_add('notLocated', jsonb_build_array(jsonb_build_object(
      'key', '', 'day', dashboard_yard_day(NEW.gate_in_at), 'n', 1)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER report_days_containers_insert ON containers;
--> statement-breakpoint
CREATE TRIGGER report_days_containers_insert AFTER INSERT ON containers
  FOR EACH ROW WHEN (NEW.dispatched_at IS NOT NULL OR (NEW.voided_at IS NULL AND NOT NEW.planned))
  EXECUTE FUNCTION report_days_containers();
--> statement-breakpoint
DROP TRIGGER report_days_containers_delete ON containers;
--> statement-breakpoint
CREATE TRIGGER report_days_containers_delete AFTER DELETE ON containers
  FOR EACH ROW WHEN (current_setting('openyard.archiving', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION report_days_containers();
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
  SELECT 'areaMoves', to_area_id::text || '|' || source, (moved_at AT TIME ZONE p_zone)::date, count(*)
    FROM container_movements_with_archive
   WHERE source <> 'planning' AND to_area_id IS NOT NULL GROUP BY 2, 3;
  INSERT INTO report_days (kind, key, day, n)
  SELECT 'areaContainers', to_area_id::text, day, count(*)
    FROM (SELECT DISTINCT container_id, to_area_id, (moved_at AT TIME ZONE p_zone)::date AS day
            FROM container_movements_with_archive WHERE source <> 'planning' AND to_area_id IS NOT NULL) d
   GROUP BY 2, 3;
  INSERT INTO report_days (kind, key, day, n)
  SELECT 'notLocated', '', (c.gate_in_at AT TIME ZONE p_zone)::date, count(*)
    FROM containers_with_archive c
   WHERE c.voided_at IS NULL AND NOT c.planned
     -- An anti-join (hashed): NOT IN over three million ids is planned as a subplan per row.
     AND NOT EXISTS (SELECT 1 FROM container_movements_with_archive m
                      WHERE m.container_id = c.id AND m.to_area_id IS NOT NULL AND m.source <> 'planning')
   GROUP BY 3;
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
--> statement-breakpoint
SELECT report_days_cut(coalesce((SELECT time_zone FROM dashboard_rollup_state WHERE id = 1), 'UTC'));
