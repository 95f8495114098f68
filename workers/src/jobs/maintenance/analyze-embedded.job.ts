import { sql } from 'drizzle-orm';
import { defineJob } from '../job';

// PGlite runs no autovacuum, so nothing refreshes the planner's statistics there; without them it
// misjudges the container search's indexes. PostgreSQL's autovacuum does this by itself.
export const analyzeEmbeddedJob = defineJob({
  name: 'AnalyzeEmbedded',
  everyMs: () => 10 * 60_000,
  async run(_data, { db, config }) {
    if (config.databaseUrl) return;
    await db.execute(sql`analyze`);
  },
});
