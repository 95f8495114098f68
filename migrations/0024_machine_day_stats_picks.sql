ALTER TABLE "machine_day_stats" ADD COLUMN "picks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Handwritten. The rollup counts a machine's picks too (report 3.1 reads them from it): the rows
-- built before this column have none, so every definition is forgotten and the task dashboard
-- service builds them all again from the history before its next read (machine_day_stats_builds).
DELETE FROM "machine_day_stats_builds";
