CREATE TABLE "master_data_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "master_data_state_single_row" CHECK ("master_data_state"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "master_data_state" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE SEQUENCE "master_data_version_seq";
--> statement-breakpoint
-- The names a container search matches (areas excepted: the layout version covers them): a new
-- version from the sequence for every statement that changes them. The row is updated in the changing transaction, so the new version is seen exactly
-- when the new names are; a sequence never hands a value out twice, so names read inside a
-- transaction that rolled back are never taken for committed ones.
CREATE FUNCTION master_data_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE master_data_state SET version = nextval('master_data_version_seq') WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_master_data_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION master_data_bump();
--> statement-breakpoint
CREATE TRIGGER container_processes_master_data_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON container_processes
  FOR EACH STATEMENT EXECUTE FUNCTION master_data_bump();
--> statement-breakpoint
CREATE TRIGGER container_types_master_data_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON container_types
  FOR EACH STATEMENT EXECUTE FUNCTION master_data_bump();
--> statement-breakpoint
CREATE TRIGGER container_sizes_master_data_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON container_sizes
  FOR EACH STATEMENT EXECUTE FUNCTION master_data_bump();
--> statement-breakpoint
CREATE TRIGGER liner_infos_master_data_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON liner_infos
  FOR EACH STATEMENT EXECUTE FUNCTION master_data_bump();
--> statement-breakpoint
CREATE TRIGGER liner_prefixes_master_data_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON liner_prefixes
  FOR EACH STATEMENT EXECUTE FUNCTION master_data_bump();
