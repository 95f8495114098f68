-- Servers keep who a session is (its user, role and permissions) in memory between its touches
-- (server/src/modules/auth/access-cache.ts). These triggers tell every server, through
-- NOTIFY 'openyard_access' when the changing transaction commits, that such a copy is out of date:
-- the session's id when one session changed, '*' when users, roles or permissions did.
CREATE FUNCTION access_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('openyard_access', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION session_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('openyard_access', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A session ended or moved to another user. Touches move last_seen_at forward every 15 s and are
-- left out; last_seen_at moved back (by hand) is not, as it may make the session idle.
CREATE TRIGGER sessions_access_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at OR OLD.user_id <> NEW.user_id OR NEW.last_seen_at < OLD.last_seen_at)
  EXECUTE FUNCTION session_changed();
--> statement-breakpoint
-- Clean-ups delete many sessions at once: one notification for the statement.
CREATE TRIGGER sessions_access_deleted AFTER DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
--> statement-breakpoint
-- What a principal is made of; last_access_at (written with every touch) is not.
CREATE TRIGGER users_access_changed AFTER UPDATE OF username, password_hash, role_id, enabled OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER roles_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
