ALTER TABLE "container_movements" DROP CONSTRAINT "container_movements_container_id_containers_id_fk";
--> statement-breakpoint
DROP INDEX "containers_active_number_unique";--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "voided_by" text;--> statement-breakpoint
ALTER TABLE "container_movements" ADD CONSTRAINT "container_movements_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "containers_active_number_unique" ON "containers" USING btree ("container_number") WHERE "containers"."dispatched_at" is null and "containers"."voided_at" is null;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_voided_by" CHECK (("containers"."voided_at" is null) = ("containers"."voided_by" is null));
--> statement-breakpoint
-- Handwritten. A voided container (a user's delete, kept as history) holds no slot (OY007): the
-- check of migration 0003 with that one more rule, and its deferred trigger on containers also runs
-- when voided_at changes. A voided record is history: it is never changed again (OY008).
CREATE OR REPLACE FUNCTION yard_check_container(p_container integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_number text;
  v_dispatched timestamptz;
  v_voided timestamptz;
  v_length integer;
  v_count integer;
  v_area integer;
  v_area_max integer;
  v_row integer;
  v_row_max integer;
  v_column integer;
  v_column_max integer;
  v_tier integer;
  v_tier_max integer;
  v_merged boolean;
  v_has_movement boolean;
  v_to_area integer;
  v_to_row integer;
  v_to_column integer;
  v_to_tier integer;
BEGIN
  SELECT c.container_number, c.dispatched_at, c.voided_at, s.length_feet
    INTO v_number, v_dispatched, v_voided, v_length
    FROM containers c JOIN container_sizes s ON s.id = c.size_id
   WHERE c.id = p_container;
  IF NOT FOUND THEN
    RETURN; -- deleted with its positions and history
  END IF;
  SELECT count(*), min(area_id), max(area_id), min(row_index), max(row_index), min(column_index),
         max(column_index), min(tier), max(tier)
    INTO v_count, v_area, v_area_max, v_row, v_row_max, v_column, v_column_max, v_tier, v_tier_max
    FROM container_positions WHERE container_id = p_container;
  SELECT true, to_area_id, to_row_index, to_column_index, to_tier
    INTO v_has_movement, v_to_area, v_to_row, v_to_column, v_to_tier
    FROM container_movements WHERE container_id = p_container ORDER BY id DESC LIMIT 1;
  IF v_count > 0 AND v_dispatched IS NOT NULL THEN
    RAISE EXCEPTION 'Container % is dispatched but still holds a slot', v_number USING ERRCODE = 'OY004';
  END IF;
  IF v_count > 0 AND v_voided IS NOT NULL THEN
    RAISE EXCEPTION 'Container % is voided but still holds a slot', v_number USING ERRCODE = 'OY007';
  END IF;
  IF v_count > 0 AND v_length <= 20 AND v_count <> 1 THEN
    RAISE EXCEPTION 'Container % is 20 ft and must hold exactly one slot, not %', v_number, v_count
      USING ERRCODE = 'OY003';
  END IF;
  IF v_count > 0 AND v_length > 20 THEN
    IF v_count <> 2 OR v_area <> v_area_max OR v_row <> v_row_max OR v_tier <> v_tier_max
       OR v_column_max <> v_column + 1 THEN
      RAISE EXCEPTION 'Container % is % ft and must hold the two slots of a merged pair in one row and tier',
        v_number, v_length USING ERRCODE = 'OY003';
    END IF;
    SELECT merged INTO v_merged FROM yard_columns WHERE area_id = v_area AND index = v_column FOR SHARE;
    IF NOT coalesce(v_merged, false) THEN
      RAISE EXCEPTION 'Container % is % ft but % is not a merged 40 ft pair', v_number, v_length,
        yard_stack_text(v_area, v_row, v_column) USING ERRCODE = 'OY003';
    END IF;
  END IF;
  IF v_count = 0 THEN
    IF v_to_area IS NOT NULL THEN
      RAISE EXCEPTION 'Container % left the yard without a movement row', v_number USING ERRCODE = 'OY005';
    END IF;
  ELSIF v_has_movement IS NULL OR v_to_area IS DISTINCT FROM v_area OR v_to_row IS DISTINCT FROM v_row
        OR v_to_column IS DISTINCT FROM v_column OR v_to_tier IS DISTINCT FROM v_tier THEN
    RAISE EXCEPTION 'Container % changed its location without a movement row ending there', v_number
      USING ERRCODE = 'OY005';
  END IF;
END
$$;
--> statement-breakpoint
DROP TRIGGER containers_check ON containers;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER containers_check
  AFTER UPDATE OF size_id, dispatched_at, voided_at ON containers
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION containers_check();
--> statement-breakpoint
CREATE FUNCTION containers_voided_final() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Container % was voided and is kept unchanged as history', OLD.container_number
    USING ERRCODE = 'OY008';
END
$$;
--> statement-breakpoint
CREATE TRIGGER containers_voided_final
  BEFORE UPDATE ON containers
  FOR EACH ROW WHEN (OLD.voided_at IS NOT NULL)
  EXECUTE FUNCTION containers_voided_final();
