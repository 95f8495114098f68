-- Handwritten. trailers.cha_id had no constraint: a visit naming an agent that is gone (no path of the app
-- writes one; the vehicle gate-in checks the agent) forgets it, so the constraint can be added.
UPDATE "trailers" SET "cha_id" = NULL WHERE "cha_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "cha_agents" WHERE "cha_agents"."id" = "trailers"."cha_id");--> statement-breakpoint
ALTER TABLE "trailers" ADD CONSTRAINT "trailers_cha_id_cha_agents_id_fk" FOREIGN KEY ("cha_id") REFERENCES "public"."cha_agents"("id") ON DELETE restrict ON UPDATE no action;