ALTER TABLE "inventory_state" ADD COLUMN "layout_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE SEQUENCE "inventory_layout_version_seq";
--> statement-breakpoint
-- The layout version: a new value from the sequence for every statement that changes the layout.
CREATE FUNCTION inventory_layout_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inventory_state SET layout_version = nextval('inventory_layout_version_seq') WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER yard_areas_layout_bump AFTER INSERT OR UPDATE OR DELETE ON yard_areas
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_layout_bump();
--> statement-breakpoint
CREATE TRIGGER yard_rows_layout_bump AFTER INSERT OR UPDATE OR DELETE ON yard_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_layout_bump();
--> statement-breakpoint
CREATE TRIGGER yard_columns_layout_bump AFTER INSERT OR UPDATE OR DELETE ON yard_columns
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_layout_bump();
--> statement-breakpoint
UPDATE inventory_state SET layout_version = nextval('inventory_layout_version_seq') WHERE id = 1;
