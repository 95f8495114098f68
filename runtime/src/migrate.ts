import { openDatabase } from '@openyard/server/adapters/db';
import { ConfigError, loadConfig } from '@openyard/server/config';

// `npm run db:migrate`: applies the migrations (migrations/) to DATABASE_URL and ends; the compose
// file's one-shot `migrate` step, so that an upgrade's migrations run once, before any new server
// or workers process starts. (Every process also migrates at start, under an advisory lock: this
// step makes a long migration visible on its own instead of inside a start.)
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new ConfigError('DATABASE_URL', 'must be set to migrate a PostgreSQL database');
  const started = Date.now();
  const database = await openDatabase(config);
  await database.close();
  console.log(`Migrations applied in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
