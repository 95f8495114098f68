import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import postgres from 'postgres';
import { openPglite, openPostgres, type DatabaseHandle, type DatabaseTimeouts } from '../adapters/db';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { DeviceTokenRole, RolePermissionsUpdate } from '@openyard/contracts';
import { createMemoryBus, type Bus } from '../adapters/bus';
import type { Queue } from '../adapters/queue';
import { buildApp } from '../app';
import { ACCESS_CHANNEL } from '../modules/auth';
import type { Erp } from '../adapters/erp';
import { INVENTORY_CHANNEL } from '../modules/inventory';
import { createOutboxRelay } from '../modules/outbox';
import { loadConfig, type Config } from '../config';
import { DEMO_PASSWORD, seedDemo, seedReferenceData } from '../db/seed/seed';
import { eventually } from './eventually';
import { testClient } from './api-client';
import { TEST_DATABASE, TEST_SERVICES } from './test-services';

export { TEST_DATABASE };
const POSTGRES_URL = TEST_SERVICES.postgresUrl;

// A new, empty PostgreSQL database for one test file, dropped afterwards; on the test server, or on
// the server of `adminUrl` (a private PostgreSQL of a fault run). From `template`: a copy of that
// database instead of an empty one.
export async function createTestPostgresDatabase(adminUrl = POSTGRES_URL, template?: string) {
  const name = `openyard_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      try {
        await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

// The run's migrated template (database-template.ts) when the file runs under the test projects: a
// PGlite data folder in the PGlite project, a PostgreSQL database's name in the PostgreSQL one.
function databaseTemplate(): string | undefined {
  try {
    return inject('testDatabaseTemplate') || undefined;
  } catch {
    return undefined;
  }
}
export const postgresTemplate = () => (TEST_DATABASE === 'postgres' ? databaseTemplate() : undefined);

// Copies the run's migrated PGlite database into a DATA_DIR (its `pglite` folder), where the product
// finds its database; false, copying nothing, when the run has none.
export function copyPgliteTemplate(dataDir: string): boolean {
  const template = TEST_DATABASE === 'pglite' ? databaseTemplate() : undefined;
  if (!template) return false;
  cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  return true;
}

// Each test file gets its own database: a fresh PGlite, or a new PostgreSQL database (with the
// connections' timeouts of the configuration, when given); a copy of the run's migrated template
// when there is one, else migrated here.
export async function openTestDatabase(timeouts?: DatabaseTimeouts): Promise<DatabaseHandle> {
  if (TEST_DATABASE === 'pglite') {
    const template = databaseTemplate();
    if (!template) return openPglite('memory://');
    // Beside the template: in memory where the machine has /dev/shm.
    const copy = mkdtempSync(join(dirname(template), 'openyard-test-db-'));
    copyPgliteTemplate(copy);
    const handle = await openPglite(copy);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        rmSync(copy, { recursive: true, force: true });
      },
    };
  }
  const created = await createTestPostgresDatabase(POSTGRES_URL, postgresTemplate());
  const handle = await openPostgres(created.url, { max: 5, ...(timeouts ? { timeouts } : {}) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await created.drop();
    },
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  demo?: boolean;
  // Where uploaded camera frames are queued (the upload route exists only with one).
  ocrQueue?: Queue;
  // The event bus (an in-process one unless given).
  bus?: Bus;
  // The ERP the gate asks (none: no container is found there).
  erp?: Erp;
  // The main worker queue services hand jobs to (the planning engine's runs).
  queue?: Queue;
  // The server's logger (none unless given): a test that reads the log lines of its 5xx.
  logger?: Parameters<typeof buildApp>[0]['logger'];
}

export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-test-'));
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIR: join(dataDir, 'no-web'),
    // Tests log in far more often than people do; the limits have tests of their own.
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    ...options.env,
  });
  const database = await openTestDatabase(config.databaseTimeouts);
  await seedReferenceData(database.db);
  if (options.demo ?? true) await seedDemo(database.db, config.yard.yardCenter);
  const bus = options.bus ?? createMemoryBus();
  const relay = createOutboxRelay({ db: database.db, bus, logger: pino({ level: 'silent' }) });
  const { app, services } = await buildApp({
    config,
    database,
    jwtSecret: randomBytes(32).toString('hex'),
    bus,
    afterCommit: () => void relay.kick(),
    tellNow: (events) => void relay.tell(events),
    ...(options.ocrQueue ? { ocrQueue: options.ocrQueue } : {}),
    ...(options.erp ? { erp: options.erp } : {}),
    ...(options.queue ? { queue: options.queue } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });

  // Waits until the server has heard every notification of the channel committed so far (PostgreSQL
  // delivers them in commit order, so hearing a marker sent now is enough): for tests that change
  // sessions, users, roles or the yard straight in SQL, as another server would.
  const markers = new Map<string, () => void>();
  const markerSubscriptions = [ACCESS_CHANNEL, INVENTORY_CHANNEL].map((channel) =>
    database.notifications.subscribe(channel, {
      notify: (payload) => markers.get(payload)?.(),
      ready: () => undefined,
      lost: () => undefined,
    }),
  );
  async function settled(channel: typeof ACCESS_CHANNEL | typeof INVENTORY_CHANNEL) {
    const marker = `settled:${randomBytes(6).toString('hex')}`;
    const heard = new Promise<void>((resolve) => markers.set(marker, resolve));
    await database.db.execute(sql`select pg_notify(${channel}, ${marker})`);
    await heard;
    markers.delete(marker);
  }

  // Ends the server's listening connection (as a network fault would) and waits until the server
  // knows it lost it; `listeningAgain` waits until it listens again.
  async function dropListening(channel: typeof ACCESS_CHANNEL | typeof INVENTORY_CHANNEL) {
    const events: string[] = [];
    const subscription = database.notifications.subscribe(channel, {
      notify: () => undefined,
      ready: () => events.push('ready'),
      lost: () => events.push('lost'),
    });
    events.length = 0;
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
    );
    await eventually(async () => events.includes('lost'));
    return {
      subscription,
      async listeningAgain() {
        await eventually(async () => events.includes('ready'));
        subscription.unsubscribe();
      },
    };
  }

  // Raw inject rather than the typed client: a login's answer carries the session cookie too.
  async function login(username: string, password = DEMO_PASSWORD) {
    const response = await app.inject({ method: 'POST', url: '/rest/login', payload: { username, password } });
    if (response.statusCode !== 200)
      throw new Error(`login ${username} failed: ${response.statusCode} ${response.body}`);
    return signedIn(response);
  }

  // A display or a kiosk signed in as the device does: a token a superadmin made, exchanged for a
  // session (display-tokens module); no such account has a password.
  async function loginWithToken(role: DeviceTokenRole, name = `${role} ${randomBytes(4).toString('hex')}`) {
    const superadmin = await login('superadmin');
    const { token } = await superadmin.api.displayTokens.create({ body: { name, role } });
    const response = await app.inject({ method: 'POST', url: '/rest/display/session', payload: { token } });
    if (response.statusCode !== 200) throw new Error(`${role} sign-in failed: ${response.statusCode} ${response.body}`);
    return { ...signedIn(response), deviceToken: token };
  }

  function signedIn(response: Awaited<ReturnType<typeof app.inject>>) {
    const body = response.json<{ token: string; id: number }>();
    const cookie = response.cookies.find((c) => c.name === 'openyard_session');
    return {
      token: body.token,
      userId: body.id,
      cookie: cookie?.value ?? '',
      auth: { authorization: `Bearer ${body.token}` },
      // The catalogue's typed client, called as this user.
      api: testClient(app, { authorization: `Bearer ${body.token}` }),
    };
  }

  return {
    app,
    services,
    config,
    db: database.db,
    databaseKind: database.kind,
    notifications: database.notifications,
    accessSettled: () => settled(ACCESS_CHANNEL),
    inventorySettled: () => settled(INVENTORY_CHANNEL),
    dropListening,
    login,
    loginWithToken,
    // The catalogue's typed client without a session (public calls, refusals).
    api: testClient(app),
    bus,
    relay,
    async close() {
      for (const subscription of markerSubscriptions) subscription.unsubscribe();
      await app.close();
      await relay.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// Creates a user with a new role whose stored permissions are exactly the given ones.
export async function createUserWithPermissions(
  testApp: TestApp,
  superadminAuth: Record<string, string>,
  name: string,
  permissions: Partial<Record<string, boolean>>,
  landingPage = '/main',
) {
  const api = testClient(testApp.app, superadminAuth);
  const { role } = await api.roles.create({ body: { name } });
  const flags = Object.fromEntries(
    [
      'dashboardVisible',
      'tasksVisible',
      'inventoryVisible',
      'containersVisible',
      'planningVisible',
      'machinesVisible',
      'trailersVisible',
      'itvVisible',
      'gateVisible',
      'usersVisible',
      'reportsVisible',
      'deviceLogsVisible',
      'chaVehiclesVisible',
      'crudEnabled',
    ].map((flag) => [flag, permissions[flag] ?? false]),
  ) as RolePermissionsUpdate['permissions'];
  await api.roles.updatePermissions({ body: { roleId: role.id, landingPage, permissions: flags } });
  await api.users.create({
    body: {
      username: `${name}-user`,
      password: 'Secret-123!',
      confirmPassword: 'Secret-123!',
      role: { id: role.id },
    },
  });
  return testApp.login(`${name}-user`, 'Secret-123!');
}
