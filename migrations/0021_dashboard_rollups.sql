CREATE TABLE "dashboard_layouts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"layout" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_machine_days" (
	"day" date NOT NULL,
	"machine" text NOT NULL,
	"moves" integer DEFAULT 0 NOT NULL,
	"completed_tasks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_machine_days_pkey" PRIMARY KEY("day","machine")
);
--> statement-breakpoint
CREATE TABLE "dashboard_rollup_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"cut_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_rollup_state_single_row" CHECK ("dashboard_rollup_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "dashboard_yard_days" (
	"day" date PRIMARY KEY NOT NULL,
	"gate_ins" integer DEFAULT 0 NOT NULL,
	"gate_outs" integer DEFAULT 0 NOT NULL,
	"machine_moves" integer DEFAULT 0 NOT NULL,
	"manual_moves" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_layouts" ADD CONSTRAINT "dashboard_layouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Handwritten. The dashboard's rollups (dashboard.table.ts, docs/database.md): triggers count each
-- change of containers, movements and tasks into its yard day in the changing transaction, so a
-- widget asked again after an event's live message finds it counted. The yard day is the one of
-- the zone in dashboard_rollup_state (UTC until the server, at start, cuts the rollups again in its
-- TIME_ZONE with dashboard_rollups_cut).
CREATE FUNCTION dashboard_yard_day(p_at timestamptz) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT (p_at AT TIME ZONE coalesce((SELECT time_zone FROM dashboard_rollup_state WHERE id = 1), 'UTC'))::date
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_count_day(p_day date, p_gate_ins integer, p_gate_outs integer, p_machine_moves integer,
  p_manual_moves integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO dashboard_yard_days AS d (day, gate_ins, gate_outs, machine_moves, manual_moves)
  VALUES (p_day, p_gate_ins, p_gate_outs, p_machine_moves, p_manual_moves)
  ON CONFLICT (day) DO UPDATE SET gate_ins = d.gate_ins + excluded.gate_ins,
    gate_outs = d.gate_outs + excluded.gate_outs, machine_moves = d.machine_moves + excluded.machine_moves,
    manual_moves = d.manual_moves + excluded.manual_moves
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_count_machine_day(p_day date, p_machine text, p_moves integer, p_completed integer)
  RETURNS void
LANGUAGE sql AS $$
  INSERT INTO dashboard_machine_days AS d (day, machine, moves, completed_tasks)
  VALUES (p_day, p_machine, p_moves, p_completed)
  ON CONFLICT (day, machine) DO UPDATE SET moves = d.moves + excluded.moves,
    completed_tasks = d.completed_tasks + excluded.completed_tasks
$$;
--> statement-breakpoint
-- A container counts as a gate-in on the day of its gate_in_at and as a gate-out on the day of its
-- dispatched_at, unless voided: a change takes the old row's counts off and puts the new row's on.
CREATE FUNCTION dashboard_containers_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.voided_at IS NULL THEN
    PERFORM dashboard_count_day(dashboard_yard_day(OLD.gate_in_at), -1, 0, 0, 0);
    IF OLD.dispatched_at IS NOT NULL THEN
      PERFORM dashboard_count_day(dashboard_yard_day(OLD.dispatched_at), 0, -1, 0, 0);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.voided_at IS NULL THEN
    PERFORM dashboard_count_day(dashboard_yard_day(NEW.gate_in_at), 1, 0, 0, 0);
    IF NEW.dispatched_at IS NOT NULL THEN
      PERFORM dashboard_count_day(dashboard_yard_day(NEW.dispatched_at), 0, 1, 0, 0);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_containers_rollup_insert AFTER INSERT OR DELETE ON containers
  FOR EACH ROW EXECUTE FUNCTION dashboard_containers_rollup();
--> statement-breakpoint
CREATE TRIGGER dashboard_containers_rollup_update AFTER UPDATE OF gate_in_at, dispatched_at, voided_at ON containers
  FOR EACH ROW WHEN (OLD.gate_in_at IS DISTINCT FROM NEW.gate_in_at OR OLD.dispatched_at IS DISTINCT FROM NEW.dispatched_at
    OR OLD.voided_at IS DISTINCT FROM NEW.voided_at)
  EXECUTE FUNCTION dashboard_containers_rollup();
--> statement-breakpoint
-- A move from one slot to another (both locations named; a gate-in starts nowhere, a dispatch ends
-- nowhere) counts on its day, by machine (and for that machine, by its name in `device`) or by hand.
-- Movements are append-only (OY006): inserts and deletes only.
CREATE FUNCTION dashboard_movements_rollup() RETURNS trigger
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
    IF v_row.device IS NOT NULL THEN PERFORM dashboard_count_machine_day(v_day, v_row.device, v_sign, 0); END IF;
  ELSE
    PERFORM dashboard_count_day(v_day, 0, 0, 0, v_sign);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_movements_rollup AFTER INSERT OR DELETE ON container_movements
  FOR EACH ROW EXECUTE FUNCTION dashboard_movements_rollup();
--> statement-breakpoint
-- A completed task counts on the day of its completion for the machine that completed it (its
-- terminal or its drop), else for the machine it was assigned to.
CREATE FUNCTION dashboard_tasks_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.completed_at IS NOT NULL THEN
    PERFORM dashboard_count_machine_day(dashboard_yard_day(OLD.completed_at),
      coalesce(OLD.completed_by_machine, OLD.assigned_to_machine), 0, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.completed_at IS NOT NULL THEN
    PERFORM dashboard_count_machine_day(dashboard_yard_day(NEW.completed_at),
      coalesce(NEW.completed_by_machine, NEW.assigned_to_machine), 0, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_tasks_rollup_insert AFTER INSERT ON tasks
  FOR EACH ROW WHEN (NEW.completed_at IS NOT NULL) EXECUTE FUNCTION dashboard_tasks_rollup();
--> statement-breakpoint
CREATE TRIGGER dashboard_tasks_rollup_delete AFTER DELETE ON tasks
  FOR EACH ROW WHEN (OLD.completed_at IS NOT NULL) EXECUTE FUNCTION dashboard_tasks_rollup();
--> statement-breakpoint
CREATE TRIGGER dashboard_tasks_rollup_update AFTER UPDATE OF completed_at, completed_by_machine, assigned_to_machine ON tasks
  FOR EACH ROW WHEN (OLD.completed_at IS DISTINCT FROM NEW.completed_at
    OR OLD.completed_by_machine IS DISTINCT FROM NEW.completed_by_machine
    OR OLD.assigned_to_machine IS DISTINCT FROM NEW.assigned_to_machine)
  EXECUTE FUNCTION dashboard_tasks_rollup();
--> statement-breakpoint
-- The rollups counted again from the whole history, cut in `p_zone`: the backfill below, and the
-- server's at start when its TIME_ZONE is not the zone they were cut in. The tables are locked
-- against the triggers of concurrent changes meanwhile.
CREATE FUNCTION dashboard_rollups_cut(p_zone text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE dashboard_rollup_state, dashboard_yard_days, dashboard_machine_days IN EXCLUSIVE MODE;
  INSERT INTO dashboard_rollup_state (id, time_zone, cut_at) VALUES (1, p_zone, now())
    ON CONFLICT (id) DO UPDATE SET time_zone = excluded.time_zone, cut_at = excluded.cut_at;
  DELETE FROM dashboard_yard_days;
  DELETE FROM dashboard_machine_days;
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
  INSERT INTO dashboard_machine_days (day, machine, moves, completed_tasks)
  SELECT day, machine, sum(moves), sum(completed_tasks)
    FROM (
      SELECT (moved_at AT TIME ZONE p_zone)::date AS day, device AS machine, count(*) AS moves, 0 AS completed_tasks
        FROM container_movements
       WHERE source = 'machine' AND device IS NOT NULL AND from_location IS NOT NULL AND to_location IS NOT NULL
       GROUP BY 1, 2
      UNION ALL
      SELECT (completed_at AT TIME ZONE p_zone)::date, coalesce(completed_by_machine, assigned_to_machine), 0, count(*)
        FROM tasks WHERE completed_at IS NOT NULL GROUP BY 1, 2
    ) counts
   GROUP BY day, machine;
END $$;
--> statement-breakpoint
SELECT dashboard_rollups_cut('UTC');
