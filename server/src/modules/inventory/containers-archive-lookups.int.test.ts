import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveCutoffLatest, yardDayOf } from '@openyard/contracts';
import { rowsOf } from '../../db/bulk-insert';
import { seedArchiveHistory } from '../../test/archive-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// The lookups that reach archived visits (docs/archive.md, "How reports and searches reach
// archived data"): the container-number suggestions that ask for dispatched visits, and the kiosk's
// IGM item status, answer after an archive run what they answered before it; the ones that ask for
// the yard's visits only are as they were.

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let kiosk: Awaited<ReturnType<TestApp['loginWithToken']>>;
const ARCHIVED = 6;
const IGM = '7770001';
const ITEM = '4';
// An archived visit whose number gated in again: its current visit is in the yard.
const RETURNING = 'ARCU0000002';

const archivedCount = async () =>
  rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from archive.containers`))[0]!.n;

// What every lookup answers, for a prefix of the archived numbers and the IGM item.
async function lookups() {
  const status = await t.api.containers.status({ query: { igmNumber: IGM, itemNumber: ITEM } });
  return {
    numbers: await superadmin.api.containers.autocomplete({ query: { query: 'arcu', includeDispatched: true } }),
    objects: await superadmin.api.containers.autocompleteObjects({
      query: { query: 'ARCU', includeDispatched: true, limit: 20 },
    }),
    inYardNumbers: await superadmin.api.containers.autocomplete({ query: { query: 'ARCU' } }),
    inYardObjects: await superadmin.api.containers.autocompleteObjects({ query: { query: 'ARCU' } }),
    status: status.responseMap.containerStatusList,
    kioskTasks: await kiosk.api.kiosk.igmContainers({ query: { igmItem: `${IGM}:${ITEM}` } }),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  kiosk = await t.loginWithToken('kiosk', 'Archive kiosk');
  // Visits dispatched 70 to 76 days ago, of one IGM item (archived by a run at the latest cut-off),
  // one dispatched 5 days ago of the same item (current), and the returning number in the yard.
  await seedArchiveHistory(t.db, 'ARCU', ARCHIVED, 70);
  await seedArchiveHistory(t.db, 'ARCX', 1, 5);
  await t.db.execute(sql`update containers set igm = ${IGM}, item = ${ITEM} where container_number like 'ARC%'`);
  await t.db.execute(sql`insert into containers (container_number, size_id, gate_in_at, igm, item)
    values (${RETURNING}, (select id from container_sizes where name = '20' limit 1), now() - interval '1 hour',
      ${IGM}, ${ITEM})`);
}, 120_000);
afterAll(() => t?.close());

describe('the lookups of archived visits', () => {
  it('find them as before the archive run: the suggestions of dispatched numbers and the kiosk status of an IGM item', async () => {
    const before = await lookups();
    // Before the run: each visit to be archived is suggested (after the yard's), and listed in the
    // item's status.
    expect(before.numbers).toEqual([
      RETURNING,
      'ARCU0000001',
      'ARCU0000003',
      'ARCU0000004',
      'ARCU0000005',
      'ARCU0000006',
    ]);
    expect(before.objects).toHaveLength(ARCHIVED + 1);
    expect(before.objects[0]).toMatchObject({ containerNumber: RETURNING, dispatched: false });
    expect(before.inYardNumbers).toEqual([RETURNING]);
    expect(before.status).toHaveLength(ARCHIVED + 2);
    expect(before.kioskTasks).toEqual({ containers: [{ containerNumber: RETURNING, sizeName: '20' }] });

    const cutoffDate = archiveCutoffLatest(yardDayOf(Date.now(), t.config.yard.timeZone));
    const answer = await superadmin.api.archive.run({ query: { cutoffDate, user: 'superadmin' } });
    expect(answer).toMatchObject({ status: 'success', totalContainersArchived: ARCHIVED });
    expect(await archivedCount()).toBe(ARCHIVED);

    // After it: the same answers, in the same order, the archived visits dispatched and standing
    // nowhere; the yard's suggestions and the kiosk's tasks (the item's containers in the yard) as
    // they were.
    const after = await lookups();
    expect(after).toEqual(before);
    const archived = after.status.filter((row) => row.containerNumber.startsWith('ARCU') && row.status !== 'In yard');
    expect(archived).toHaveLength(ARCHIVED);
    for (const row of archived) {
      expect(row).toMatchObject({ igmNumber: IGM, itemNumber: ITEM, status: 'Dispatched', location: null });
      expect(row.dispatchDate).not.toBeNull();
    }
    expect(after.objects.filter((row) => row.dispatched)).toHaveLength(ARCHIVED);

    // A prefix that only archived visits have, and the limit, as for current ones.
    expect(
      await superadmin.api.containers.autocomplete({ query: { query: 'ARCU0000005', includeDispatched: true } }),
    ).toEqual(['ARCU0000005']);
    expect(
      await superadmin.api.containers.autocompleteObjects({
        query: { query: 'ARCU', includeDispatched: true, limit: 3 },
      }),
    ).toEqual(before.objects.slice(0, 3));
    // The item the kiosk status finds only in the archive.
    await t.db.execute(sql`update archive.containers set item = '9' where container_number = 'ARCU0000001'`);
    const onlyArchived = await t.api.containers.status({ query: { igmNumber: IGM, itemNumber: '9' } });
    expect(onlyArchived.responseMap.containerStatusList).toMatchObject([
      { containerNumber: 'ARCU0000001', status: 'Dispatched', location: null },
    ]);
    expect(await kiosk.api.kiosk.igmContainers({ query: { igmItem: `${IGM}:9` } })).toEqual({ containers: [] });
  }, 120_000);
});
