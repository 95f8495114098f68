CREATE INDEX "containers_number_prefix_idx" ON "containers" USING btree ("container_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "containers_igm_item_upper_idx" ON "containers" USING btree (upper("igm"),upper("item"));--> statement-breakpoint
CREATE INDEX "archived_containers_number_prefix_idx" ON "archive"."containers" USING btree ("container_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "archived_containers_igm_item_upper_idx" ON "archive"."containers" USING btree (upper("igm"),upper("item"));