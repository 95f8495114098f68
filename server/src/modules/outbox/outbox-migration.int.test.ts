import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, pgliteExtensions } from '../../adapters/db';
import { TEST_DATABASE } from '../../test/test-app';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// The migrations up to (not including) `tag`, as a folder of their own.
function migrationsBefore(tag: string) {
  const dir = mkdtempSync(join(tmpdir(), 'openyard-migrations-'));
  dirs.push(dir);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe.runIf(TEST_DATABASE === 'pglite')('outbox migration to arrays of live messages', () => {
  it('rewrites the unsent rows of the earlier formats and leaves the sent ones', async () => {
    const client = new PGlite({ extensions: pgliteExtensions });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore('0007_outbox_json') });
      await client.exec(`
        insert into outbox_events (event_id, type, topic, payload, created_at) values
          ('00000000-0000-4000-8000-000000000001', 'gate.changed.v1', 'gates', '{"gateId": 3}',
            '2026-11-20T10:00:00Z'),
          ('00000000-0000-4000-8000-000000000002', 'outbox.batch', '',
            '[{"eventId": "e-1", "type": "gate.tag.v1", "topic": "gates", "data": {"tagRead": {"id": 1}}},
              {"eventId": "e-2", "type": "deviceLog.entry.v1", "topic": "device-logs", "data": {"entry": {"id": 2}}}]',
            '2026-11-20T10:00:01Z');
        insert into outbox_events (event_id, type, topic, payload, published_at) values
          ('00000000-0000-4000-8000-000000000003', 'gate.changed.v1', 'gates', '{"gateId": 4}', now());`);
      await migrate(db, { migrationsFolder });
      const { rows } = await client.query<{ type: string; payload: unknown }>(
        `select type, payload from outbox_events order by id`,
      );
      expect(rows).toEqual([
        {
          type: 'outbox.batch',
          payload: [
            {
              eventId: '00000000-0000-4000-8000-000000000001',
              type: 'gate.changed.v1',
              topic: 'gates',
              at: Date.parse('2026-11-20T10:00:00Z'),
              data: { gateId: 3 },
            },
          ],
        },
        {
          type: 'outbox.batch',
          payload: [
            {
              eventId: 'e-1',
              type: 'gate.tag.v1',
              topic: 'gates',
              at: Date.parse('2026-11-20T10:00:01Z'),
              data: { tagRead: { id: 1 } },
            },
            {
              eventId: 'e-2',
              type: 'deviceLog.entry.v1',
              topic: 'device-logs',
              at: Date.parse('2026-11-20T10:00:01Z'),
              data: { entry: { id: 2 } },
            },
          ],
        },
        { type: 'gate.changed.v1', payload: { gateId: 4 } },
      ]);
    } finally {
      await client.close();
    }
  });
});
