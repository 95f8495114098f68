CREATE TABLE "plan_containers" (
	"plan_id" integer NOT NULL,
	"container_id" integer NOT NULL,
	"planning_order" integer NOT NULL,
	"slot_reason" text,
	"expected_rehandles" real,
	CONSTRAINT "plan_containers_pkey" PRIMARY KEY("plan_id","container_id")
);
--> statement-breakpoint
CREATE TABLE "planning_engine_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"container_numbers" text[],
	"plan_name" text,
	"apply" boolean DEFAULT false NOT NULL,
	"placements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unplaced" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan_id" integer,
	"error" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "planning_engine_runs_status" CHECK ("planning_engine_runs"."status" in ('queued', 'running', 'done', 'failed', 'rolledBack')),
	CONSTRAINT "planning_engine_runs_progress" CHECK ("planning_engine_runs"."progress" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "planning_params" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"data_provider" text NOT NULL,
	"allowed_strings" text[] DEFAULT '{}'::text[] NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	CONSTRAINT "planning_params_name_unique" UNIQUE("name"),
	CONSTRAINT "planning_params_data_provider" CHECK ("planning_params"."data_provider" in ('CONTAINER_SIZE', 'CUSTOM'))
);
--> statement-breakpoint
CREATE TABLE "planning_slot_group_cells" (
	"param_id" integer NOT NULL,
	"value" text NOT NULL,
	"cell_id" integer NOT NULL,
	CONSTRAINT "planning_slot_group_cells_pkey" PRIMARY KEY("param_id","value","cell_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"searched_containers" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_source" CHECK ("plans"."source" in ('manual', 'engine')),
	CONSTRAINT "plans_name_length" CHECK (char_length("plans"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "container_movements" DROP CONSTRAINT "container_movements_source";--> statement-breakpoint
ALTER TABLE "pre_advices" ADD COLUMN "igm" text;--> statement-breakpoint
ALTER TABLE "pre_advices" ADD COLUMN "item" text;--> statement-breakpoint
ALTER TABLE "pre_advices" ADD COLUMN "job_order_number" text;--> statement-breakpoint
ALTER TABLE "plan_containers" ADD CONSTRAINT "plan_containers_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_containers" ADD CONSTRAINT "plan_containers_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_engine_runs" ADD CONSTRAINT "planning_engine_runs_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_slot_group_cells" ADD CONSTRAINT "planning_slot_group_cells_param_id_planning_params_id_fk" FOREIGN KEY ("param_id") REFERENCES "public"."planning_params"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_slot_group_cells" ADD CONSTRAINT "planning_slot_group_cells_cell_id_yard_cells_id_fk" FOREIGN KEY ("cell_id") REFERENCES "public"."yard_cells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_containers_container_unique" ON "plan_containers" USING btree ("container_id");--> statement-breakpoint
CREATE INDEX "planning_engine_runs_plan_idx" ON "planning_engine_runs" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "planning_slot_group_cells_cell_idx" ON "planning_slot_group_cells" USING btree ("cell_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_unique" ON "plans" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "containers_planned_idx" ON "containers" USING btree ("container_number") WHERE "containers"."planned" and "containers"."dispatched_at" is null and "containers"."voided_at" is null;--> statement-breakpoint
ALTER TABLE "container_movements" ADD CONSTRAINT "container_movements_source" CHECK ("container_movements"."source" in ('manual', 'gate', 'machine', 'import', 'planning'));--> statement-breakpoint
-- Handwritten. Planning (issue 19, docs/database.md "Plans' reservations"): a planned container
-- (planned = true) is a reservation, not a gate-in. The dashboard's rollup counts a container when it stops being planned
-- (its gate-in converts the row), on the day of its gate_in_at; a plan's reservation moves
-- (movements with source 'planning') are no moves of a box.
CREATE OR REPLACE FUNCTION dashboard_containers_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.voided_at IS NULL AND NOT OLD.planned THEN
    PERFORM dashboard_count_day(dashboard_yard_day(OLD.gate_in_at), -1, 0, 0, 0);
    IF OLD.dispatched_at IS NOT NULL THEN
      PERFORM dashboard_count_day(dashboard_yard_day(OLD.dispatched_at), 0, -1, 0, 0);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.voided_at IS NULL AND NOT NEW.planned THEN
    PERFORM dashboard_count_day(dashboard_yard_day(NEW.gate_in_at), 1, 0, 0, 0);
    IF NEW.dispatched_at IS NOT NULL THEN
      PERFORM dashboard_count_day(dashboard_yard_day(NEW.dispatched_at), 0, 1, 0, 0);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "dashboard_containers_rollup_update" ON "containers";
--> statement-breakpoint
CREATE TRIGGER dashboard_containers_rollup_update AFTER UPDATE OF gate_in_at, dispatched_at, voided_at, planned
  ON containers
  FOR EACH ROW WHEN (OLD.gate_in_at IS DISTINCT FROM NEW.gate_in_at OR OLD.dispatched_at IS DISTINCT FROM NEW.dispatched_at
    OR OLD.voided_at IS DISTINCT FROM NEW.voided_at OR OLD.planned IS DISTINCT FROM NEW.planned)
  EXECUTE FUNCTION dashboard_containers_rollup();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_movements_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_row container_movements%ROWTYPE;
  v_sign integer;
  v_day date;
BEGIN
  IF TG_OP = 'INSERT' THEN v_row := NEW; v_sign := 1; ELSE v_row := OLD; v_sign := -1; END IF;
  IF v_row.from_location IS NULL OR v_row.to_location IS NULL OR v_row.source = 'planning' THEN RETURN NULL; END IF;
  v_day := dashboard_yard_day(v_row.moved_at);
  IF v_row.source = 'machine' THEN
    PERFORM dashboard_count_day(v_day, 0, 0, v_sign, 0);
  ELSE
    PERFORM dashboard_count_day(v_day, 0, 0, 0, v_sign);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
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
        FROM containers WHERE voided_at IS NULL AND NOT planned GROUP BY 1
      UNION ALL
      SELECT (dispatched_at AT TIME ZONE p_zone)::date, 0, count(*), 0, 0
        FROM containers WHERE voided_at IS NULL AND NOT planned AND dispatched_at IS NOT NULL GROUP BY 1
      UNION ALL
      SELECT (moved_at AT TIME ZONE p_zone)::date, 0, 0, count(*) FILTER (WHERE source = 'machine'),
             count(*) FILTER (WHERE source <> 'machine')
        FROM container_movements
       WHERE from_location IS NOT NULL AND to_location IS NOT NULL AND source <> 'planning' GROUP BY 1
    ) counts
   GROUP BY day;
END $$;
--> statement-breakpoint
-- Planned containers the containers screen made before this migration were counted as gate-ins:
-- the rollup is counted again, in the zone it was cut in.
SELECT dashboard_rollups_cut(coalesce((SELECT time_zone FROM dashboard_rollup_state WHERE id = 1), 'UTC'));
--> statement-breakpoint
-- Spec 1 §5: the planning parameter for container size is required; every yard has it.
INSERT INTO planning_params (name, data_provider, allowed_strings, required)
  VALUES ('Container size', 'CONTAINER_SIZE', '{}', true) ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
-- The reports' day counts (migration 0026_report_day_counts) leave a plan's reservation moves out as
-- well: the movements report counts moves of boxes.
CREATE OR REPLACE FUNCTION report_days_movements() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE v_rows jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('key', '', 'day', day, 'n', n)) INTO v_rows
      FROM (SELECT dashboard_yard_day(moved_at) AS day, count(*) AS n FROM new_rows
             WHERE source <> 'planning' GROUP BY 1) c;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('key', '', 'day', day, 'n', -n)) INTO v_rows
      FROM (SELECT dashboard_yard_day(moved_at) AS day, count(*) AS n FROM old_rows
             WHERE source <> 'planning' GROUP BY 1) c;
  END IF;
  IF v_rows IS NOT NULL THEN PERFORM report_days_add('movements', v_rows); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_cut(p_zone text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE report_days IN EXCLUSIVE MODE;
  DELETE FROM report_days;
  INSERT INTO report_days (kind, key, day, n)
  SELECT 'movements', '', (moved_at AT TIME ZONE p_zone)::date, count(*) FROM container_movements
   WHERE source <> 'planning' GROUP BY 3;
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
