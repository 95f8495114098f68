import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { reachable, TEST_SERVICES } from './server/src/test/test-services';

// The server and workers suites run on embedded PGlite, and their integration tests (`*.int.test.ts`,
// the only ones that open a database) once more on a real PostgreSQL: a unit test (OCR, rules,
// parsers) gains nothing from a second run. With CI set the PostgreSQL run is required; elsewhere it
// is skipped, with a message, when nothing listens.
const POSTGRES_URL = TEST_SERVICES.postgresUrl;

export default defineConfig(async () => {
  const ci = Boolean(process.env.CI);
  const postgres = ci || (await reachable(POSTGRES_URL, 5432));
  if (!postgres)
    console.warn(`Skipping the PostgreSQL test run: nothing listens at ${POSTGRES_URL} (set CI=1 to require it).`);
  const integration = (name: string, database: 'pglite' | 'postgres') => ({
    test: {
      name,
      include: ['server', 'workers', 'simulator', 'runtime'].map(
        (folder) => `${folder}/src/**/*.${database === 'postgres' ? 'int.' : ''}test.ts`,
      ),
      env: { OPENYARD_TEST_DATABASE: database, TEST_POSTGRES_URL: POSTGRES_URL },
      // One migrated database per run, which each file's database copies (server/src/test/test-app.ts).
      globalSetup: ['server/src/test/database-template.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
  return {
    test: {
      // A worker per core (vitest's default leaves one core to itself): the integration files spend
      // much of their time waiting on PostgreSQL, Redis, brokers and child processes, so the main
      // process's share of a core is small. CI runs on two cores.
      maxWorkers: Math.max(2, availableParallelism()),
      projects: [
        { test: { name: 'contracts', include: ['contracts/src/**/*.test.ts'] } },
        { test: { name: 'web', include: ['web/src/**/*.test.ts'] } },
        // The deployment files (compose, Dockerfile) and the load scripts: checked, not run.
        { test: { name: 'deploy', include: ['deploy/**/*.test.ts', 'loadtest/**/*.test.ts'], testTimeout: 60_000 } },
        integration('server-pglite', 'pglite'),
        ...(postgres ? [integration('server-postgres', 'postgres')] : []),
      ],
    },
  };
});
