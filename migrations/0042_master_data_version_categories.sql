-- The categories and cargo types a container names join the lists whose changes give the master
-- data a new version (0008): the container resolver keeps its lists while that version stands.
CREATE TRIGGER categories_master_data_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION master_data_bump();
--> statement-breakpoint
CREATE TRIGGER cargo_types_master_data_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cargo_types
  FOR EACH STATEMENT EXECUTE FUNCTION master_data_bump();
