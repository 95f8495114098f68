import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { polygonProblem } from '@openyard/contracts';
import { users, yardLocations } from '../schema';
import { openTestDatabase } from '../../test/test-app';
import { verifyPassword } from '../../modules/auth';
import { DEMO_YARD_LOCATIONS } from './demo-yard';
import { seedDemo, seedInitialSuperadmin, seedReferenceData } from './seed';

describe('first start without the demo', () => {
  it('creates one superadmin with a random password written once to DATA_DIR, never to the log', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'openyard-seed-'));
    const database = await openTestDatabase();
    const logged: string[] = [];
    try {
      await seedReferenceData(database.db);
      const seeded = await seedInitialSuperadmin(database.db, dataDir, (message) => logged.push(message));
      const file = join(dataDir, 'initial-credentials.txt');
      expect(seeded).toEqual({ file });
      const password = /password: (\S+)/.exec(readFileSync(file, 'utf8'))?.[1];
      expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(statSync(file).mode & 0o077).toBe(0);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(file);
      expect(logged[0]).not.toContain(password);
      const rows = await database.db.select().from(users);
      expect(rows.map((row) => row.username)).toEqual(['superadmin']);
      expect(await verifyPassword(rows[0]!.passwordHash, password!)).toBe(true);
      expect(await seedInitialSuperadmin(database.db, dataDir, (message) => logged.push(message))).toBeNull();
      expect(logged).toHaveLength(1);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('seeding twice changes nothing', async () => {
    const database = await openTestDatabase();
    try {
      await seedReferenceData(database.db);
      await seedDemo(database.db, { latitude: 18.9, longitude: 72.9 });
      await seedReferenceData(database.db);
      await seedDemo(database.db, { latitude: 18.9, longitude: 72.9 });
      const rows = await database.db.select().from(users);
      expect(rows.map((row) => row.username).sort()).toEqual([
        'admin',
        'gatein',
        'gateout',
        'manager',
        'operator',
        'superadmin',
      ]);
      // The demo's yard locations, once, each a polygon the save rules take (spec 3 §5).
      const locations = await database.db.select().from(yardLocations);
      expect(locations.map((row) => row.name).sort()).toEqual(DEMO_YARD_LOCATIONS.map((row) => row.name).sort());
      for (const row of locations)
        expect(
          polygonProblem(row.latitudes.map((latitude, index) => ({ latitude, longitude: row.longitudes[index]! }))),
        ).toBeNull();
    } finally {
      await database.close();
    }
  });
});
