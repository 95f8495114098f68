-- The yard zones are the YARD_ZONE yard locations (issue 22, docs/yard-locations.md): GET /rest/yard-zones
-- answers those polygons, and the task places are the yard locations' names, so the separate yard_zones
-- name list goes. Its rows are not carried over: the product has no installed base yet, and the demo
-- seed draws its zones and task places as yard locations (DEMO_YARD_LOCATIONS).
DROP TABLE "yard_zones" CASCADE;
