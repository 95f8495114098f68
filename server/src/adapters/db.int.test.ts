import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { roles } from '../db/schema';
import { seedReferenceData } from '../db/seed/seed';
import { DatabaseLockedError, openPglite } from './db';
import { TEST_DATABASE } from '../test/test-app';

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
    expect(row?.count).toBe(7);
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
