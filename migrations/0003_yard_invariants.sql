-- The yard's invariants (DESIGN §5), enforced by the database whoever writes: a position holds at
-- most one container (primary key of container_positions), stacks have no holes and stay under
-- the area's height, a 40 ft box takes both positions of a merged column pair, a dispatched
-- container holds no position, and the last movement of a container ends where it stands.
-- The checks are deferred to commit, so a transaction may pass through intermediate states (a
-- stack moved box by box). Errors carry their own SQLSTATE (class OY) for the services to map:
--   OY001 hole under a container      OY002 above the area's height
--   OY003 slots of a container wrong  OY004 dispatched container still in the yard
--   OY005 movement history out of step with the position
--   OY006 movement history updated in place

INSERT INTO "inventory_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION yard_stack_text(p_area integer, p_row integer, p_column integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT 'area ' || coalesce((SELECT name FROM yard_areas WHERE id = p_area), p_area::text)
    || ', row ' || p_row || ', column ' || p_column
$$;
--> statement-breakpoint
-- A stack (area, row, column) holds tiers 1..n without a gap, and n is at most the area's height.
-- The advisory lock orders concurrent checks of one stack, so two transactions that each look
-- fine alone (one empties a tier, the other builds on it) cannot both commit.
CREATE FUNCTION yard_check_stack(p_area integer, p_row integer, p_column integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
  v_top integer;
  v_max integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7140002, hashtext(p_area || ':' || p_row || ':' || p_column));
  SELECT count(*), coalesce(max(tier), 0), (SELECT max_height FROM yard_areas WHERE id = p_area)
    INTO v_count, v_top, v_max
    FROM container_positions
   WHERE area_id = p_area AND row_index = p_row AND column_index = p_column;
  IF v_count <> v_top THEN
    RAISE EXCEPTION 'A container stands above an empty slot (%)', yard_stack_text(p_area, p_row, p_column)
      USING ERRCODE = 'OY001';
  END IF;
  IF v_top > v_max THEN
    RAISE EXCEPTION 'Stacked % high, above the area''s height of % (%)', v_top, v_max,
      yard_stack_text(p_area, p_row, p_column)
      USING ERRCODE = 'OY002';
  END IF;
END
$$;
--> statement-breakpoint
-- A container's positions: none, or one for a 20 ft box, or for a longer box the two positions of
-- a merged pair (the merged column and the next) in one row and tier. The last movement must end
-- where the container stands (or outside the yard when it stands nowhere).
CREATE FUNCTION yard_check_container(p_container integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_number text;
  v_dispatched timestamptz;
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
  SELECT c.container_number, c.dispatched_at, s.length_feet
    INTO v_number, v_dispatched, v_length
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
CREATE FUNCTION container_positions_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM yard_check_stack(NEW.area_id, NEW.row_index, NEW.column_index);
    PERFORM yard_check_container(NEW.container_id);
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD.area_id, OLD.row_index, OLD.column_index)
      IS DISTINCT FROM (NEW.area_id, NEW.row_index, NEW.column_index)) THEN
    PERFORM yard_check_stack(OLD.area_id, OLD.row_index, OLD.column_index);
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.container_id <> NEW.container_id) THEN
    PERFORM yard_check_container(OLD.container_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER container_positions_check
  AFTER INSERT OR UPDATE OR DELETE ON container_positions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION container_positions_check();
--> statement-breakpoint
CREATE FUNCTION containers_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM yard_check_container(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER containers_check
  AFTER UPDATE OF size_id, dispatched_at ON containers
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION containers_check();
--> statement-breakpoint
CREATE FUNCTION container_sizes_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_container integer;
BEGIN
  FOR v_container IN
    SELECT DISTINCT p.container_id FROM container_positions p JOIN containers c ON c.id = p.container_id
     WHERE c.size_id = NEW.id
  LOOP
    PERFORM yard_check_container(v_container);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER container_sizes_check
  AFTER UPDATE OF length_feet ON container_sizes
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION container_sizes_check();
--> statement-breakpoint
-- Unmerging a pair that holds a 40 ft box would leave the box on two unpaired slots.
CREATE FUNCTION yard_columns_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_container integer;
BEGIN
  FOR v_container IN
    SELECT DISTINCT container_id FROM container_positions WHERE area_id = NEW.area_id AND column_index = NEW.index
  LOOP
    PERFORM yard_check_container(v_container);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER yard_columns_check
  AFTER UPDATE OF merged ON yard_columns
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION yard_columns_check();
--> statement-breakpoint
CREATE FUNCTION yard_areas_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_top integer;
BEGIN
  SELECT max(tier) INTO v_top FROM container_positions WHERE area_id = NEW.id;
  IF v_top > NEW.max_height THEN
    RAISE EXCEPTION 'Area % holds containers % high, above its new height of %', NEW.name, v_top, NEW.max_height
      USING ERRCODE = 'OY002';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER yard_areas_check
  AFTER UPDATE OF max_height ON yard_areas
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION yard_areas_check();
--> statement-breakpoint
CREATE FUNCTION container_movements_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Container movements are history and are never updated' USING ERRCODE = 'OY006';
END
$$;
--> statement-breakpoint
CREATE TRIGGER container_movements_append_only
  BEFORE UPDATE ON container_movements
  FOR EACH ROW EXECUTE FUNCTION container_movements_append_only();
--> statement-breakpoint
-- Only the latest movement of a container matters (a transaction may write several).
CREATE FUNCTION container_movements_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.id = (SELECT max(id) FROM container_movements WHERE container_id = NEW.container_id) THEN
      PERFORM yard_check_container(NEW.container_id);
    END IF;
  ELSE
    PERFORM yard_check_container(OLD.container_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER container_movements_check
  AFTER INSERT OR DELETE ON container_movements
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION container_movements_check();
--> statement-breakpoint
-- The inventory version: raised by every statement that changes what the inventory shows.
CREATE FUNCTION inventory_state_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inventory_state SET version = version + 1, changed_at = now() WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER containers_inventory_bump AFTER INSERT OR UPDATE OR DELETE ON containers
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_state_bump();
--> statement-breakpoint
CREATE TRIGGER container_positions_inventory_bump AFTER INSERT OR UPDATE OR DELETE ON container_positions
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_state_bump();
--> statement-breakpoint
CREATE TRIGGER yard_areas_inventory_bump AFTER INSERT OR UPDATE OR DELETE ON yard_areas
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_state_bump();
--> statement-breakpoint
CREATE TRIGGER yard_rows_inventory_bump AFTER INSERT OR UPDATE OR DELETE ON yard_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_state_bump();
--> statement-breakpoint
CREATE TRIGGER yard_columns_inventory_bump AFTER INSERT OR UPDATE OR DELETE ON yard_columns
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_state_bump();
--> statement-breakpoint
CREATE TRIGGER liner_prefixes_inventory_bump AFTER INSERT OR UPDATE OR DELETE ON liner_prefixes
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_state_bump();
--> statement-breakpoint
CREATE TRIGGER liner_infos_inventory_bump AFTER INSERT OR UPDATE OR DELETE ON liner_infos
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_state_bump();
