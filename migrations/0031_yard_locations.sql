CREATE TABLE "yard_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"latitudes" double precision[] NOT NULL,
	"longitudes" double precision[] NOT NULL,
	CONSTRAINT "yard_locations_name_length" CHECK (char_length(btrim("yard_locations"."name")) between 1 and 60),
	CONSTRAINT "yard_locations_type" CHECK ("yard_locations"."type" in ('YARD_ZONE', 'TASK_TO_LOCATION')),
	CONSTRAINT "yard_locations_points" CHECK (cardinality("yard_locations"."latitudes") between 4 and 8 and cardinality("yard_locations"."longitudes") = cardinality("yard_locations"."latitudes") and array_position("yard_locations"."latitudes", null) is null and array_position("yard_locations"."longitudes", null) is null),
	CONSTRAINT "yard_locations_on_globe" CHECK (-90 <= all("yard_locations"."latitudes") and 90 >= all("yard_locations"."latitudes") and -180 <= all("yard_locations"."longitudes") and 180 >= all("yard_locations"."longitudes"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "yard_locations_name_lower_unique" ON "yard_locations" USING btree (lower("name"));--> statement-breakpoint
-- Handwritten. Every change of the yard locations is heard by every server, which drops the copy it
-- places machine positions and task drops with (server/src/modules/yard-locations/yard-locations.cache.ts).
CREATE FUNCTION yard_locations_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('openyard_yard_locations', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER yard_locations_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON yard_locations
  FOR EACH STATEMENT EXECUTE FUNCTION yard_locations_changed();
