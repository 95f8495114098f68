// `npm run bench:archive-lookups`: the lookups that reach archived visits (docs/archive.md) before
// and after an archive run moves a few thousand visits. On PostgreSQL (BENCH_DATABASE=pglite for
// the embedded database): BENCH_ARCHIVE_CONTAINERS (5,000) dispatched visits 70 days back and more
// (3 movements, a task, a truck visit, a gate transaction, 2 device logs each) and
// BENCH_ARCHIVE_EXTRA (0) more without a history, 1,000 visits in the yard and 1,000 dispatched in
// the last six weeks, numbers of one owner code, 10 visits to an IGM item. Each lookup is timed
// BENCH_LOOKUP_CALLS (300) times through the containers service, its median taken, before the run
// (every visit current) and after it (the dispatched ones before the cut-off in the archive). The
// baseline of each phase, in the same run: the yard's suggestions (includeDispatched off), which
// never read the archive; `normalized` divides each ratio by the baseline's own, so that the
// machine's load between the two phases does not read as the archive's cost. Figures, not
// assertions: the last line is one JSON object.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { archiveCutoffLatest, yardDayOf, yardDayStart } from '@openyard/contracts';
import { openDatabase } from '@openyard/server/adapters/db';
import { loadConfig } from '@openyard/server/config';
import { rowsOf } from '@openyard/server/db/bulk-insert';
import { seedReferenceData } from '@openyard/server/db/seed/seed';
import { archiveRepository, createArchiveService } from '@openyard/server/modules/archive';
import { createServices } from '@openyard/server/services';
import { seedArchiveHistory } from '@openyard/server/test/archive-fixtures';
import { runIfMain } from './lib/main';
import { createDatabase } from './lib/services';

const ARCHIVED = Number(process.env.BENCH_ARCHIVE_CONTAINERS ?? 5000);
const EXTRA = Number(process.env.BENCH_ARCHIVE_EXTRA ?? 0);
const CALLS = Number(process.env.BENCH_LOOKUP_CALLS ?? 300);
// Visits gated in within the last 42 days: the odd ones in the yard (ARCU5…), the even ones
// dispatched since (ARCU6…; none archived).
const CURRENT = 2000;

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const loadAverage = () => loadavg().map((value) => round(value));

async function medianMs(call: () => Promise<unknown>) {
  for (let i = 0; i < 10; i += 1) await call();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return round(times[Math.floor(times.length / 2)]!, 3);
}

export async function benchArchiveLookups() {
  const loadBefore = loadAverage();
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-bench-archive-lookups-'));
  const embedded = process.env.BENCH_DATABASE === 'pglite';
  const created = embedded ? null : await createDatabase();
  const config = loadConfig({ ...(created ? { DATABASE_URL: created.url } : {}), DATA_DIR: dataDir });
  const database = await openDatabase(config);
  try {
    const db = database.db;
    await seedReferenceData(db);
    await seedArchiveHistory(db, 'ARCU', ARCHIVED, 70);
    await db.execute(sql`insert into containers (container_number, size_id, gate_in_at, dispatched_at)
      select 'ARCU' || case when n % 2 = 0 then '6' else '5' end || lpad(n::text, 6, '0'),
        (select id from container_sizes where name = '20' limit 1), now() - make_interval(mins => n * 30),
        case when n % 2 = 0 then now() - make_interval(mins => n * 25) end
      from generate_series(1, ${CURRENT}::int) n`);
    // More archived visits without a history (the history's seed is quadratic past a few thousand).
    await db.execute(sql`insert into containers (container_number, size_id, gate_in_at, dispatched_at)
      select 'ARCU7' || lpad(n::text, 6, '0'), (select id from container_sizes where name = '20' limit 1),
        now() - make_interval(days => 70 + n % 3000, hours => 30), now() - make_interval(days => 70 + n % 3000)
      from generate_series(1, ${EXTRA}::int) n`);
    await db.execute(sql`update containers set igm = 'IGM' || lpad((id / 10)::text, 5, '0'), item = '1'`);
    await db.execute(sql`analyze`);
    const [{ igm } = { igm: '' }] = rowsOf<{ igm: string }>(
      await db.execute(
        sql`select igm from containers where dispatched_at < now() - interval '60 days' order by id limit 1`,
      ),
    );
    const services = createServices({ config, database, listen: false });
    const containers = services.containers;

    const lookups: Record<string, () => Promise<unknown>> = {
      // The baseline: the yard's suggestions, which read the current table only.
      yardSuggestions: () => containers.autocomplete('ARCU5', 10, false),
      // A prefix every visit has (the suggestions sorted from all of them), one a few hundred have,
      // and a whole archived number.
      dispatchedSuggestionsWide: () => containers.autocomplete('ARCU', 10, true),
      dispatchedSuggestionsNarrow: () => containers.autocomplete('ARCU00012', 10, true),
      dispatchedSuggestionsNumber: () => containers.autocomplete('ARCU0001234', 10, true),
      dispatchedObjectsNarrow: () => containers.autocompleteObjects('ARCU00012', 10, true),
      kioskStatus: () => containers.status(igm, '1'),
    };
    const measure = async () => {
      const out: Record<string, number> = {};
      for (const [name, call] of Object.entries(lookups)) out[name] = await medianMs(call);
      return out;
    };

    // A first pass warms the process and the database (PGlite's compiled code, the caches) up.
    await measure();
    const without = await measure();
    const cutoffDate = archiveCutoffLatest(yardDayOf(Date.now(), 'UTC'));
    const run = await archiveRepository.insertRun(db, {
      cutoffDate,
      cutoffAt: new Date(yardDayStart(cutoffDate, 'UTC')),
      requestedBy: 'bench',
      containersToArchive: ARCHIVED + EXTRA,
    });
    await createArchiveService(db, { afterCommit: () => undefined, timeZone: 'UTC' }).runArchive(run.id);
    const archived = (await archiveRepository.run(db, run.id))!.containers;
    await db.execute(sql`analyze`);
    const withArchive = await measure();

    const baseline = withArchive.yardSuggestions! / without.yardSuggestions!;
    const figures = Object.fromEntries(
      Object.keys(lookups).map((name) => {
        const ratio = withArchive[name]! / without[name]!;
        return [
          name,
          {
            withoutMs: without[name],
            withMs: withArchive[name],
            ratio: round(ratio),
            normalized: round(ratio / baseline),
          },
        ];
      }),
    );
    console.log(
      JSON.stringify({
        database: embedded ? 'pglite' : 'postgres',
        archived,
        current: CURRENT,
        calls: CALLS,
        loadBefore,
        loadAfter: loadAverage(),
        figures,
      }),
    );
  } finally {
    await database.close();
    await created?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, benchArchiveLookups);
