CREATE INDEX "archived_containers_search_text_idx" ON "archive"."containers" USING gin (("container_number" || chr(31) || coalesce("igm", '') || chr(31) || coalesce("item", '') || chr(31) || coalesce("rfid_tag_id", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "archived_containers_liner_prefix_idx" ON "archive"."containers" USING btree (left("container_number", 4));--> statement-breakpoint
CREATE INDEX "archived_containers_customer_idx" ON "archive"."containers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "archived_containers_process_idx" ON "archive"."containers" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "archived_containers_type_idx" ON "archive"."containers" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "archived_containers_size_idx" ON "archive"."containers" USING btree ("size_id");--> statement-breakpoint
CREATE INDEX "archived_tasks_completed_event_idx" ON "archive"."tasks" USING btree ("completed_by_event_id") WHERE "archive"."tasks"."completed_by_event_id" is not null;--> statement-breakpoint
-- Handwritten, as for containers_search_text_idx (0005): without GIN's pending list, which PGlite never
-- merges (no autovacuum) and which the planner costs as a read of the whole list, so a search of the
-- archived visits would read every one. A run writes them 500 a batch.
ALTER INDEX "archive"."archived_containers_search_text_idx" SET (fastupdate = off);
