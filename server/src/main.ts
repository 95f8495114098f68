import { openDatabase, type DatabaseHandle } from './adapters/db';
import { buildApp } from './app';
import { ConfigError, loadConfig, resolveJwtSecret, type Config } from './config';
import { seedDemo, seedInitialSuperadmin, seedReferenceData } from './db/seed/seed';
import { startJobs } from '@openyard/workers/jobs/scheduler';

// The process: configuration, adapters, listener, and a graceful shutdown that closes the
// database cleanly (PGlite must be closed to leave consistent files and release its lock).
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  const started = Date.now();
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  await seedReferenceData(database.db);
  if (config.demo) await seedDemo(database.db, config.yard.yardCenter);
  const initialPassword = await seedInitialSuperadmin(database.db, config.dataDir);

  const logger =
    process.stdout.isTTY && config.logLevel !== 'silent'
      ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : { level: config.logLevel };
  const { app, services } = await buildApp({ config, database, jwtSecret: resolveJwtSecret(config), logger });
  if (initialPassword) {
    app.log.warn(
      `Created the first user "superadmin" with password "${initialPassword}" (also in ${config.dataDir}/initial-credentials.txt). Change it after logging in.`,
    );
  }
  const jobs = startJobs({ logger: app.log, context: { db: database.db, exports: services.exports, config } });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await jobs.stop();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Openyard listening on ${address.replace('0.0.0.0', 'localhost')} (${database.kind}${config.demo ? ', demo yard' : ''}) in ${Date.now() - started} ms`,
  );
}

await main();
