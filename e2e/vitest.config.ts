import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end: each test file starts the real server (embedded PGlite, demo yard) in a fresh data
// folder and drives Debian's Chromium through playwright-core.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/support/globalSetup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One browser and one server at a time: the machines this runs on have two cores.
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { concurrent: false },
  },
});
