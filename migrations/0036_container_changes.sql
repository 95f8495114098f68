CREATE TABLE "container_changes" (
	"container_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "container_changes_version_idx" ON "container_changes" USING btree ("version");--> statement-breakpoint
-- Handwritten: who writes container_changes. Each statement that changes containers or their slots
-- records the containers it touched with the version its change commits with: the inventory lock is
-- taken here (writers of the yard take it first anyway, which orders them), so the version read is
-- the last committed one plus this transaction's earlier raises, and this statement's raise
-- (inventory_state_bump, 0003) follows: these triggers' names sort before "*_inventory_bump", and
-- PostgreSQL fires the triggers of one event in name order. A reader holding the yard as of version
-- V rereads the containers recorded above V (server/src/modules/planning/planning.service.ts).
CREATE FUNCTION container_changes_record() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  stamp bigint := (SELECT version FROM inventory_state WHERE id = 1 FOR UPDATE) + 1;
BEGIN
  -- The rows inserted, updated (their new state) or deleted are changed_rows; an update of a slot
  -- also names its old state, old_rows (a slot row's container never changes, since slots are
  -- deleted and inserted, but an update is recorded by its old container all the same).
  IF TG_TABLE_NAME = 'containers' THEN
    INSERT INTO container_changes (container_id, version) SELECT id, stamp FROM changed_rows
      ON CONFLICT (container_id) DO UPDATE SET version = excluded.version;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO container_changes (container_id, version)
      SELECT container_id, stamp FROM changed_rows UNION SELECT container_id, stamp FROM old_rows
      ON CONFLICT (container_id) DO UPDATE SET version = excluded.version;
  ELSE
    -- A 40 ft box stands on two slots: one row per container.
    INSERT INTO container_changes (container_id, version) SELECT DISTINCT container_id, stamp FROM changed_rows
      ON CONFLICT (container_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER containers_changes_insert AFTER INSERT ON containers
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION container_changes_record();
--> statement-breakpoint
CREATE TRIGGER containers_changes_update AFTER UPDATE ON containers
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION container_changes_record();
--> statement-breakpoint
CREATE TRIGGER containers_changes_delete AFTER DELETE ON containers
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION container_changes_record();
--> statement-breakpoint
CREATE TRIGGER container_positions_changes_insert AFTER INSERT ON container_positions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION container_changes_record();
--> statement-breakpoint
CREATE TRIGGER container_positions_changes_update AFTER UPDATE ON container_positions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION container_changes_record();
--> statement-breakpoint
CREATE TRIGGER container_positions_changes_delete AFTER DELETE ON container_positions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION container_changes_record();
--> statement-breakpoint
-- An open task to a place is a container's pending drop (the engine counts the slot as taken): a
-- statement that opens, closes, deletes or redirects one records its containers too, and raises the
-- version itself (the containers may not have changed). Other task writes take no lock.
CREATE FUNCTION container_changes_record_tasks() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
  stamp bigint;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT id) INTO touched FROM (
      SELECT unnest(ARRAY[o.container_id, n.container_id]) AS id
      FROM old_rows o JOIN changed_rows n ON n.id = o.id
      WHERE (o.container_id, o.to_location, o.completed_at) IS DISTINCT FROM (n.container_id, n.to_location, n.completed_at)
        AND ((o.to_location IS NOT NULL AND o.completed_at IS NULL) OR (n.to_location IS NOT NULL AND n.completed_at IS NULL))
    ) AS containers WHERE id IS NOT NULL;
  ELSE
    SELECT array_agg(DISTINCT container_id) INTO touched FROM changed_rows
      WHERE container_id IS NOT NULL AND to_location IS NOT NULL AND completed_at IS NULL;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE inventory_state SET version = version + 1, changed_at = now() WHERE id = 1 RETURNING version INTO stamp;
  INSERT INTO container_changes (container_id, version) SELECT unnest(touched), stamp
    ON CONFLICT (container_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_changes_insert AFTER INSERT ON tasks
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION container_changes_record_tasks();
--> statement-breakpoint
CREATE TRIGGER tasks_changes_update AFTER UPDATE ON tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION container_changes_record_tasks();
--> statement-breakpoint
CREATE TRIGGER tasks_changes_delete AFTER DELETE ON tasks
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION container_changes_record_tasks();
--> statement-breakpoint
-- The containers of the yard as they stand now.
INSERT INTO container_changes (container_id, version)
  SELECT id, (SELECT version FROM inventory_state WHERE id = 1) FROM containers;
