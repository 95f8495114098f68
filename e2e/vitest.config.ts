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
    // A page answers in its own time: on a slow day the login, a route's first read and the live
    // socket take seconds, so a poll waits as long as a locator does (pages' default timeout).
    // Vitest's default (1 s) made the gate picker's poll fail on a machine 2–4× slower.
    expect: { poll: { timeout: 20_000 } },
    // Two files at a time, each with its own server (free ports, its own data folder and broker) and
    // browser: a file spends much of its time waiting for its server to start and its pages to
    // answer, so two share the two cores of the machines this runs on. The tests of a file run in
    // order.
    pool: 'forks',
    maxWorkers: 2,
    sequence: { concurrent: false },
  },
});
