DROP TABLE "dashboard_machine_days" CASCADE;--> statement-breakpoint
-- Handwritten. A machine's moves and completed tasks per yard day are counted once, in the task
-- dashboard's rollup machine_day_stats (migration 0023, the rule of
-- contracts/src/rules/task-dashboard.ts), which the dashboard's machine widget now reads: the
-- dashboard's own count of them (dashboard_machine_days, above) and what filled it go. The triggers
-- on tasks counted only into it; the movements' trigger and the cut keep the yard days alone.
DROP TRIGGER "dashboard_tasks_rollup_insert" ON "tasks";
--> statement-breakpoint
DROP TRIGGER "dashboard_tasks_rollup_delete" ON "tasks";
--> statement-breakpoint
DROP TRIGGER "dashboard_tasks_rollup_update" ON "tasks";
--> statement-breakpoint
DROP FUNCTION dashboard_tasks_rollup();
--> statement-breakpoint
-- A move from one slot to another (both locations named; a gate-in starts nowhere, a dispatch ends
-- nowhere) counts on its day, by machine or by hand. Movements are append-only (OY006): inserts and
-- deletes only.
CREATE OR REPLACE FUNCTION dashboard_movements_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_row container_movements%ROWTYPE;
  v_sign integer;
  v_day date;
BEGIN
  IF TG_OP = 'INSERT' THEN v_row := NEW; v_sign := 1; ELSE v_row := OLD; v_sign := -1; END IF;
  IF v_row.from_location IS NULL OR v_row.to_location IS NULL THEN RETURN NULL; END IF;
  v_day := dashboard_yard_day(v_row.moved_at);
  IF v_row.source = 'machine' THEN
    PERFORM dashboard_count_day(v_day, 0, 0, v_sign, 0);
  ELSE
    PERFORM dashboard_count_day(v_day, 0, 0, 0, v_sign);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION dashboard_count_machine_day(date, text, integer, integer);
--> statement-breakpoint
-- The rollup counted again from the whole history, cut in `p_zone`: the server's at its first read
-- when its TIME_ZONE is not the zone it was cut in. The tables are locked against the triggers of
-- concurrent changes meanwhile.
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
        FROM containers WHERE voided_at IS NULL GROUP BY 1
      UNION ALL
      SELECT (dispatched_at AT TIME ZONE p_zone)::date, 0, count(*), 0, 0
        FROM containers WHERE voided_at IS NULL AND dispatched_at IS NOT NULL GROUP BY 1
      UNION ALL
      SELECT (moved_at AT TIME ZONE p_zone)::date, 0, 0, count(*) FILTER (WHERE source = 'machine'),
             count(*) FILTER (WHERE source <> 'machine')
        FROM container_movements WHERE from_location IS NOT NULL AND to_location IS NOT NULL GROUP BY 1
    ) counts
   GROUP BY day;
END $$;
