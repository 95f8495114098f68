import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createExportsService } from '@openyard/server/modules/exports';
import { openPglite } from '@openyard/server/adapters/db';
import { loadConfig } from '@openyard/server/config';
import { seedReferenceData } from '@openyard/server/db/seed/seed';
import { purgeExportsJob } from './exports/purge-exports.job';
import { analyzeEmbeddedJob } from './maintenance/analyze-embedded.job';
import type { JobContext } from './job';
import { JOBS, validateRegistry } from './registry';

const job = (name: string) => ({ name, run: () => Promise.resolve() });

describe('job registry', () => {
  it('accepts the registered jobs', () => {
    expect(() => validateRegistry(JOBS)).not.toThrow();
  });

  it('fails on a duplicate handler, a missing handler or a name that is not PascalCase', () => {
    expect(() => validateRegistry([job('PurgeExports'), job('PurgeExports')], ['PurgeExports'])).toThrow(
      'more than one handler',
    );
    expect(() => validateRegistry([job('PurgeExports')], ['PurgeExports', 'PurgeSessions'])).toThrow(
      'PurgeSessions has no handler',
    );
    expect(() => validateRegistry([job('purge_exports')], ['purge_exports'])).toThrow('not PascalCase');
  });
});

describe('PurgeExports', () => {
  it('removes exports older than the retention time and keeps fresh ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'openyard-exports-'));
    try {
      const exports = createExportsService(dataDir);
      const sheet = { sheet: 'S', columns: [{ header: 'A', key: 'a' }], rows: [{ a: 1 }] };
      const old = await exports.writeWorkbook(1, 'old', sheet);
      const fresh = await exports.writeWorkbook(1, 'fresh', sheet);
      const oldDir = join(dataDir, 'exports', old.split('/')[3]!);
      const longAgo = new Date(Date.now() - 2 * 60 * 60_000);
      utimesSync(oldDir, longAgo, longAgo);
      const config = loadConfig({ DATA_DIR: dataDir, EXPORT_RETENTION_MINUTES: '60' });
      await purgeExportsJob.run({}, {
        services: { exports },
        config,
        logger: pino({ level: 'silent' }),
      } as unknown as JobContext);
      const principal = { userId: 1, role: 'operator' } as Parameters<typeof exports.open>[2];
      const [, , , freshToken, freshName] = fresh.split('/');
      const [, , , oldToken, oldName] = old.split('/');
      const download = await exports.open(freshToken!, freshName!, principal);
      download.stream.destroy();
      expect(download.size).toBeGreaterThan(0);
      await expect(exports.open(oldToken!, oldName!, principal)).rejects.toMatchObject({ statusCode: 404 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('AnalyzeEmbedded', () => {
  it('gives the embedded database planner statistics, and leaves PostgreSQL to its autovacuum', async () => {
    const database = await openPglite('memory://');
    try {
      await seedReferenceData(database.db);
      const tuples = async () => {
        const result: unknown = await database.db.execute(
          sql`select reltuples from pg_class where relname = 'liner_prefixes'`,
        );
        // PGlite's driver answers with { rows }.
        const { rows } = result as { rows: { reltuples: number }[] };
        return Number(rows[0]!.reltuples);
      };
      const context = (env: Record<string, string>) =>
        ({ db: database.db, config: loadConfig({ DATA_DIR: tmpdir(), ...env }) }) as unknown as JobContext;
      await analyzeEmbeddedJob.run({}, context({ DATABASE_URL: 'postgres://127.0.0.1:1/none' }));
      expect(await tuples()).toBeLessThanOrEqual(0);
      await analyzeEmbeddedJob.run({}, context({}));
      expect(await tuples()).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});
