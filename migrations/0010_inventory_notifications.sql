-- Every new inventory version is announced (NOTIFY 'openyard_inventory', the version) when its
-- transaction commits: servers answer the inventory snapshots from memory while they hear no new
-- version (server/src/modules/inventory/inventory-version.ts). The row is updated under its lock,
-- so versions are notified in the order they were committed.
CREATE FUNCTION inventory_state_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('openyard_inventory', NEW.version::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER inventory_state_notify AFTER UPDATE OF version ON inventory_state
  FOR EACH ROW WHEN (NEW.version IS DISTINCT FROM OLD.version) EXECUTE FUNCTION inventory_state_notify();
