import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { SYSTEM_ROLES } from '@openyard/contracts';
import { roles } from '../db/schema';
import { seedReferenceData } from '../db/seed/seed';
import { rowsOf } from '../db/bulk-insert';
import { isTimeout, sqlState } from '../lib/database-errors';
import {
  budgeted,
  DatabaseLockedError,
  DEFAULT_DATABASE_TIMEOUTS,
  genericPlanHandles,
  openPglite,
  openPostgres,
  type Database,
} from './db';
import { createTestPostgresDatabase, TEST_DATABASE } from '../test/test-app';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe.runIf(TEST_DATABASE === 'pglite')('embedded PGlite on disk', { timeout: 90_000 }, () => {
  it('keeps data across a clean close and reopen, and refuses a second opener of the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openyard-pglite-'));
    dirs.push(dir);
    const first = await openPglite(dir);
    await seedReferenceData(first.db);
    // A running holder keeps its lock fresh: the second opener waits, then gives up.
    await expect(openPglite(dir, { lockWaitMs: 1000 })).rejects.toBeInstanceOf(DatabaseLockedError);
    await first.close();

    const second = await openPglite(dir);
    const [row] = await second.db.select({ count: sql<number>`count(*)::int` }).from(roles);
    expect(row?.count).toBe(SYSTEM_ROLES.length);
    await second.close();
  });

  it('waits for the lock of a process killed a moment ago instead of failing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openyard-pglite-'));
    dirs.push(dir);
    // A process takes the folder lock as Openyard does, and is killed (SIGKILL) while holding it.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `require('node:fs').mkdirSync(process.argv[1], { recursive: true });
        require('proper-lockfile').lock(process.argv[1], { lockfilePath: process.argv[2], stale: 2000 })
          .then(() => { console.log('locked'); setInterval(() => {}, 1000); })`,
        join(dir, 'pglite'),
        join(dir, 'pglite.lock'),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));

    let waited = false;
    const database = await openPglite(dir, { staleMs: 2000, onLockWait: () => (waited = true) });
    expect(waited).toBe(true);
    await seedReferenceData(database.db);
    await database.close();
  });
});

// Issue 13 point 4: PGlite runs queued statements back to back, the event loop never in between, so
// eight broad searches at once held every request until all were done. Budgeted work (the searches)
// runs one at a time, each after an event-loop turn with its poll for I/O.
describe.runIf(TEST_DATABASE === 'pglite')('budgeted work on PGlite', { timeout: 90_000 }, () => {
  it('lets the event loop turn between one piece and the next', async () => {
    const database = await openPglite('memory://');
    try {
      // Counts the event loop's turns while the work runs.
      let turns = 0;
      let ticking = true;
      const tick = () => {
        turns += 1;
        if (ticking) setImmediate(tick);
      };
      setImmediate(tick);
      const statement = () => database.db.execute(sql`select count(*) from generate_series(1, 20000)`);
      const seen = async (work: () => Promise<unknown>) => {
        const turnsBefore = turns;
        await work();
        return turnsBefore;
      };
      // Queued at once straight on PGlite: all run before the event loop turns once more.
      const direct = await Promise.all(Array.from({ length: 4 }, () => seen(statement)));
      expect(new Set(direct).size).toBe(1);
      // Budgeted: a turn (or more) before each.
      const budgetedTurns = await Promise.all(
        Array.from({ length: 4 }, () => budgeted(database.db, () => seen(statement))),
      );
      for (let i = 1; i < budgetedTurns.length; i += 1)
        expect(budgetedTurns[i]!).toBeGreaterThan(budgetedTurns[i - 1]!);
      ticking = false;
    } finally {
      await database.close();
    }
  });
});

describe('migrations and invariants', () => {
  it('enforce case-insensitive unique role names in the database itself', async () => {
    const { openTestDatabase } = await import('../test/test-app');
    const database = await openTestDatabase();
    try {
      await database.db.insert(roles).values({ name: 'Checker' });
      await expect(database.db.insert(roles).values({ name: 'CHECKER' })).rejects.toMatchObject({
        cause: { code: '23505' },
      });
    } finally {
      await database.close();
    }
  });
});

// Issue 13 point 12: no statement, lock or idle-in-transaction timeout was set anywhere.
describe.runIf(TEST_DATABASE === 'postgres')('PostgreSQL connection timeouts', () => {
  const show = async (db: Database, setting: string) =>
    rowsOf<{ setting: string }>(await db.execute(sql`select setting from pg_settings where name = ${setting}`))[0]!
      .setting;

  it('are set on every connection of the app, the generic-plan ones too, with defaults', async () => {
    const created = await createTestPostgresDatabase();
    const configured = await openPostgres(created.url, {
      max: 2,
      timeouts: { statementMs: 4000, lockMs: 3000, idleInTransactionMs: 5000 },
    });
    const defaults = await openPostgres(created.url, { max: 2 });
    try {
      for (const db of [configured.db, genericPlanHandles.get(configured.db)!]) {
        expect(await show(db, 'statement_timeout')).toBe('4000');
        expect(await show(db, 'lock_timeout')).toBe('3000');
        expect(await show(db, 'idle_in_transaction_session_timeout')).toBe('5000');
      }
      // Inside a transaction too (postgres.js's reserved connection).
      await configured.db.transaction(async (tx) => expect(await show(tx, 'statement_timeout')).toBe('4000'));
      expect(await show(defaults.db, 'statement_timeout')).toBe(String(DEFAULT_DATABASE_TIMEOUTS.statementMs));
      expect(await show(defaults.db, 'lock_timeout')).toBe(String(DEFAULT_DATABASE_TIMEOUTS.lockMs));
      expect(await show(defaults.db, 'idle_in_transaction_session_timeout')).toBe(
        String(DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs),
      );
    } finally {
      await configured.close();
      await defaults.close();
      await created.drop();
    }
  });

  it('stop a long statement, a long lock wait and an abandoned transaction with an error', async () => {
    const created = await createTestPostgresDatabase();
    const database = await openPostgres(created.url, {
      max: 3,
      timeouts: { statementMs: 300, lockMs: 200, idleInTransactionMs: 1500 },
    });
    try {
      const slow = await database.db.execute(sql`select pg_sleep(5)`).catch((error: unknown) => error);
      expect(sqlState(slow)).toBe('57014');
      expect(isTimeout(slow)).toBe(true);

      // A row lock another transaction holds: the wait ends at lock_timeout.
      await database.db.execute(sql`create table held (id int primary key)`);
      await database.db.execute(sql`insert into held values (1)`);
      let waited: unknown;
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from held where id = 1 for update`);
        waited = await database.db.execute(sql`update held set id = 2 where id = 1`).catch((error: unknown) => error);
      });
      expect(sqlState(waited)).toBe('55P03');
      expect(isTimeout(waited)).toBe(true);

      // A transaction left idle (its holder waits on something else) is ended and rolled back.
      const abandoned = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`update held set id = 3 where id = 1`);
          await new Promise((resolve) => setTimeout(resolve, 3000));
          await tx.execute(sql`select 1`);
        })
        .catch((error: unknown) => error);
      expect(abandoned).toBeInstanceOf(Error);
      expect(rowsOf<{ id: number }>(await database.db.execute(sql`select id from held`))).toEqual([{ id: 1 }]);
    } finally {
      await database.close();
      await created.drop();
    }
  });
});

// postgres.js 3.4.9 wrote a transaction's BEGIN without reserving its connection when the BEGIN
// filled a busy connection's pipeline (porsager/postgres#823, #1189): the transaction failed with
// UNSAFE_TRANSACTION while PostgreSQL had begun it, and the connection went back to the pool inside
// it. patches/postgres+3.4.9.patch reserves it whenever the BEGIN was handed over. A small
// max_pipeline puts every BEGIN here at that boundary: unpatched, all 20 fail.
describe.runIf(TEST_DATABASE === 'postgres')('PostgreSQL transactions on busy pipelines', () => {
  it('a BEGIN pipelined at the limit behind other queries still runs its transaction on its own', async () => {
    const created = await createTestPostgresDatabase();
    // max_pipeline is an option of the driver its types do not declare.
    const pipeline = { max_pipeline: 2 };
    const client = postgres(created.url, { max: 2, ...pipeline, onnotice: () => undefined });
    try {
      await Promise.all([client`select pg_sleep(0.01)`, client`select pg_sleep(0.01)`]);
      const outcomes: string[] = [];
      for (let round = 0; round < 10; round++) {
        // Both connections busy, each with one more query waiting: the next BEGIN fills a pipeline.
        const busy = [client`select pg_sleep(0.1)`, client`select pg_sleep(0.1)`, client`select 2`, client`select 2`];
        busy.forEach((query) => void query.execute());
        await new Promise((resolve) => setTimeout(resolve, 20));
        const transactions = [0, 1].map((index) =>
          client
            .begin(async (tx) => {
              // Two statements of one transaction: one backend, one transaction id.
              const read = async () =>
                (
                  await tx<
                    { pid: number; xact: string }[]
                  >`select pg_backend_pid() as pid, txid_current()::text as xact`
                )[0]!;
              const first = await read();
              const second = await read();
              return first.pid === second.pid && first.xact === second.xact ? `ok ${index}` : 'split';
            })
            .catch((error: { code?: string }) => error.code ?? 'error'),
        );
        outcomes.push(...(await Promise.all(transactions)));
        await Promise.all(busy);
      }
      expect(outcomes.filter((outcome) => !outcome.startsWith('ok'))).toEqual([]);
      expect(outcomes).toHaveLength(20);
      // Nothing is left open: every backend of the pool is idle, none idle in a transaction.
      const states = await client<{ state: string }[]>`
        select state from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
      expect(states.map((row) => row.state).filter((state) => state !== 'idle')).toEqual([]);
    } finally {
      await client.end({ timeout: 2 });
      await created.drop();
    }
  });
});
