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

describe.runIf(TEST_DATABASE === 'pglite')('embedded PGlite on disk', () => {
  it('keeps data across a clean close and reopen, and refuses a second opener of the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openyard-pglite-'));
    dirs.push(dir);
    const first = await openPglite(dir);
    await seedReferenceData(first.db);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DatabaseLockedError);
    await first.close();

    const second = await openPglite(dir);
    const [row] = await second.db.select({ count: sql<number>`count(*)::int` }).from(roles);
    expect(row?.count).toBe(7);
    await second.close();
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
