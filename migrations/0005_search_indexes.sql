-- The container search's indexes (containers.table.ts). Drizzle does not create extensions, so
-- pg_trgm, which the trigram index needs, is added here by hand, before it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "containers_search_text_idx" ON "containers" USING gin (("container_number" || chr(31) || coalesce("igm", '') || chr(31) || coalesce("item", '') || chr(31) || coalesce("rfid_tag_id", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "containers_liner_prefix_idx" ON "containers" USING btree (left("container_number", 4));--> statement-breakpoint
CREATE INDEX "containers_customer_idx" ON "containers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "containers_process_idx" ON "containers" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "containers_type_idx" ON "containers" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "containers_size_idx" ON "containers" USING btree ("size_id");--> statement-breakpoint
-- Without GIN's pending list of fast updates: PGlite runs no autovacuum to merge it into the index,
-- so every search would read the whole list. Containers are written a few at a time.
ALTER INDEX "containers_search_text_idx" SET (fastupdate = off);
