import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import lockfile from 'proper-lockfile';
import postgres from 'postgres';
import * as schema from '../db/schema';
import { preparedPglite } from './pglite-prepared';
import { pgliteNotifications, postgresNotifications, type DatabaseNotifications } from './notifications';

// One Drizzle type for both drivers; a transaction is a Database too, so repositories take either.
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  // What triggers announce (LISTEN/NOTIFY); the listening connection opens on the first subscription.
  notifications: DatabaseNotifications;
  // Connections this process opens at most, and those busy now (the openyard_db_pool_connections
  // metric): transactions in flight on PostgreSQL (a single statement outside one is not counted:
  // postgres.js's lazy queries must reach Drizzle untouched), statements on PGlite (one connection).
  pool(): { size: number; busy: number };
  close(): Promise<void>;
}

// Counts the calls in flight on a client: wraps methods that return a real Promise (never
// postgres.js's `unsafe`, whose lazy PendingQuery Drizzle calls `.values()` on).
function countingBusy<T extends object>(target: T, methods: readonly string[], busy: { count: number }): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver) as unknown;
      if (typeof key !== 'string' || !methods.includes(key) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = (value as (...rest: unknown[]) => unknown).apply(object, args);
        if (!(result instanceof Promise)) return result;
        busy.count += 1;
        return result.finally(() => (busy.count -= 1));
      };
    },
  });
}

// For a database handle, the handle its prepared reads run on (PostgreSQL only; see openPostgres).
export const genericPlanHandles = new WeakMap<Database, Database>();

// PGlite runs on the server's thread, cannot stop a statement (it ignores statement_timeout), and
// runs the statements queued on it back to back without the event loop getting a turn: eight broad
// searches at once held every other request, /rest/health too, until all eight were done. Work
// given to `budgeted` (the searches) runs one piece at a time on PGlite, each after the event loop
// has polled for I/O, so other requests wait for at most one of them. On PostgreSQL it runs at once:
// statement_timeout bounds it there.
const budgets = new WeakMap<Database, <T>(work: () => Promise<T>) => Promise<T>>();

export function budgeted<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const budget = budgets.get(db);
  return budget ? budget(work) : work();
}

// Two check phases apart, with the poll phase (I/O: requests that came meanwhile) between them.
const afterPoll = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

function oneAtATime() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(afterPoll).then(work);
    tail = run.catch(() => undefined);
    return run;
  };
}

export const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

// Serialises migrations when several server processes start against one PostgreSQL.
const MIGRATION_LOCK_ID = 7_140_001;

// Contrib extensions the migrations create: pg_trgm for the container search's trigram index,
// btree_gist for the machine allocations' exclusion constraint (machine = and period &&).
export const pgliteExtensions = { pg_trgm, btree_gist };

export class DatabaseLockedError extends Error {
  constructor(dir: string) {
    super(
      `The embedded database in ${dir} is in use by another Openyard process. Stop it first, or give this one its own DATA_DIR.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

// Queries are planned with their joins in the order they are written. Every query of the app reads
// from its main table and joins master data by key, so the written order is the good one; letting
// the planner search all orders of a container with its eight lookups cost 8-12 ms of planning per
// execution (Drizzle's statements are unnamed, so each one is planned anew) against 0.5 ms.
const PLANNER_JOIN_COLLAPSE_LIMIT = 1;

// Drizzle asks postgres.js for unnamed statements. A query with parameters then costs two round
// trips (parse and describe, then bind and execute) and is planned on every execution. Named
// statements are prepared once per connection (postgres.js keeps them by query text) and reused,
// so PostgreSQL may keep a plan. The client handed to Drizzle asks for them, in transactions too.
type Sql = postgres.Sql;
function preparedStatements(sql: Sql): Sql {
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key === 'unsafe')
        return (query: string, parameters?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, parameters, { ...options, prepare: true });
      if (key === 'begin' || key === 'savepoint')
        return (...args: unknown[]) => {
          const work = args.pop() as (inner: Sql) => unknown;
          const open = Reflect.get(target, key, target) as (...rest: unknown[]) => unknown;
          return open.call(target, ...args, (inner: Sql) => work(preparedStatements(inner)));
        };
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

// PostgreSQL's bounds on a connection, in milliseconds; 0 turns one off. Without them a statement, a
// wait for a row lock or a transaction left open (its holder waiting on something else) could hold a
// connection and its locks for ever. A statement stopped by them fails with SQLSTATE 57014 (statement
// timeout) or 55P03 (lock timeout); an idle transaction's connection is closed and it rolls back.
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
}

// The longest statement of the app is an export's search of up to 100,000 containers (seconds);
// writers of the yard queue on the inventory lock for milliseconds; nothing a transaction waits on
// but the database takes long (the outbox relay's bus publish gives up after BUS_PUBLISH_TIMEOUT_MS).
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 30_000,
  lockMs: 10_000,
  idleInTransactionMs: 60_000,
};

// As startup parameters: set when a connection opens, at no cost per statement.
const timeoutParameters = (timeouts: DatabaseTimeouts) => ({
  statement_timeout: timeouts.statementMs,
  lock_timeout: timeouts.lockMs,
  idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
});

// Migrations run without them: an index built on a large table may take minutes, and a process waits
// for another's migrations on the advisory lock as long as they take.
export async function openPostgres(
  url: string,
  options: { max?: number; timeouts?: DatabaseTimeouts } = {},
): Promise<DatabaseHandle> {
  const migrationClient = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    await migrationClient`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migratePostgres(drizzlePostgres(migrationClient), { migrationsFolder });
    await migrationClient`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
  } finally {
    await migrationClient.end();
  }
  const max = options.max ?? 10;
  const timeouts = timeoutParameters(options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS);
  const client = postgres(url, {
    max,
    onnotice: () => undefined,
    connection: { join_collapse_limit: PLANNER_JOIN_COLLAPSE_LIMIT, ...timeouts },
  });
  const busy = { count: 0 };
  const db = drizzlePostgres(countingBusy(preparedStatements(client), ['begin'], busy), {
    schema,
    casing: 'snake_case',
  });
  // The prepared reads (server/src/db/prepared.ts) run on connections of their own that keep one
  // generic plan per statement. On the main connections PostgreSQL plans a statement anew on every
  // execution while that looks cheaper than its generic plan, which it does for a page of
  // containers by id (`id = any($1)`, ten ids assumed): planning the page's eight joins was two
  // thirds of PostgreSQL's time for a search. The dynamic statements (a search's filter, whose
  // values the planner should see) stay on the main connections.
  const readMax = Math.max(2, Math.ceil(max / 2));
  const readClient = postgres(url, {
    max: readMax,
    onnotice: () => undefined,
    connection: {
      join_collapse_limit: PLANNER_JOIN_COLLAPSE_LIMIT,
      plan_cache_mode: 'force_generic_plan',
      ...timeouts,
    },
  });
  genericPlanHandles.set(
    db,
    drizzlePostgres(countingBusy(preparedStatements(readClient), ['begin'], busy), {
      schema,
      casing: 'snake_case',
    }),
  );
  const notifications = postgresNotifications(url);
  return {
    db,
    kind: 'postgres',
    notifications,
    pool: () => ({ size: max + readMax, busy: busy.count }),
    close: async () => {
      await notifications.close();
      await Promise.all([client.end({ timeout: 5 }), readClient.end({ timeout: 5 })]);
    },
  };
}

// The folder lock's holder renews it every half of LOCK_STALE_MS; a lock not renewed for that long
// was left by a process that died.
const LOCK_STALE_MS = 15_000;

// Takes the folder lock. A process killed a moment ago leaves a lock that looks held until it goes
// stale: a restart waits for that (a supervisor restarts at once) instead of failing; a lock still
// held after `waitMs` belongs to a running process.
async function lockFolder(
  dir: string,
  lockfilePath: string,
  { staleMs, waitMs, onWait }: { staleMs: number; waitMs: number; onWait?: () => void },
) {
  const deadline = Date.now() + waitMs;
  for (let waited = false; ; waited = true) {
    try {
      return await lockfile.lock(dir, {
        lockfilePath,
        stale: staleMs,
        onCompromised: (error) => {
          throw error;
        },
      });
    } catch (error) {
      if ((error as { code?: string }).code !== 'ELOCKED') throw error;
      if (Date.now() >= deadline) throw new DatabaseLockedError(dir);
      if (!waited) onWait?.();
      await new Promise((resolve) => setTimeout(resolve, Math.min(500, Math.max(0, deadline - Date.now()))));
    }
  }
}

// PGlite keeps its files under dataDir/pglite. A lock file guards the folder: a second process gets
// a clear error instead of opening the same files and corrupting them. 'memory://' runs without files.
export async function openPglite(
  dataDir: string,
  {
    staleMs = LOCK_STALE_MS,
    lockWaitMs = LOCK_STALE_MS + 5000,
    onLockWait,
  }: { staleMs?: number; lockWaitMs?: number; onLockWait?: () => void } = {},
): Promise<DatabaseHandle> {
  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (dataDir === 'memory://') {
    client = new PGlite({ extensions: pgliteExtensions });
  } else {
    const dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    release = await lockFolder(dir, join(dataDir, 'pglite.lock'), {
      staleMs,
      waitMs: lockWaitMs,
      ...(onLockWait ? { onWait: onLockWait } : {}),
    });
    client = new PGlite(dir, { extensions: pgliteExtensions });
  }
  try {
    await client.waitReady;
    await client.exec(`set join_collapse_limit = ${PLANNER_JOIN_COLLAPSE_LIMIT}`);
    // PGlite behind a client that keeps named statements and their plans (pglite-prepared.ts).
    const busy = { count: 0 };
    const counted = countingBusy(preparedPglite(client), ['query', 'exec', 'transaction'], busy);
    const db = drizzlePglite({ client: counted as unknown as PGlite, schema, casing: 'snake_case' });
    budgets.set(db, oneAtATime());
    await migratePglite(db, { migrationsFolder });
    const notifications = pgliteNotifications(client);
    return {
      db,
      kind: 'pglite',
      notifications,
      pool: () => ({ size: 1, busy: Math.min(1, busy.count) }),
      close: async () => {
        await notifications.close();
        await client.close();
        await release?.();
      },
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    await release?.();
    throw error;
  }
}

export function openDatabase(
  config: { databaseUrl?: string | undefined; dataDir: string; databaseTimeouts?: DatabaseTimeouts },
  options: { onLockWait?: () => void } = {},
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databaseTimeouts ? { timeouts: config.databaseTimeouts } : {})
    : openPglite(config.dataDir, options);
}
