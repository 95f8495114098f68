CREATE TABLE "container_status_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"container_id" integer NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "display_tokens" ADD COLUMN "role" text DEFAULT 'display' NOT NULL;--> statement-breakpoint
ALTER TABLE "container_status_links" ADD CONSTRAINT "container_status_links_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_status_links" ADD CONSTRAINT "container_status_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "container_status_links_token_unique" ON "container_status_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "container_status_links_valid_unique" ON "container_status_links" USING btree ("container_id") WHERE "container_status_links"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "display_tokens" ADD CONSTRAINT "display_tokens_role" CHECK ("display_tokens"."role" in ('display', 'kiosk'));