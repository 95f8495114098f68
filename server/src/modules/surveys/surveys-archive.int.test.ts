import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveCutoffLatest, yardDayOf, type Survey } from '@openyard/contracts';
import { rowsOf } from '../../db/bulk-insert';
import { seedArchiveHistory } from '../../test/archive-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// A container's surveys after an archive run (docs/archive.md, "How reports and searches reach
// archived data"): its archived visits are found, filtered by their gate-in and gate-out days and
// mailed as before the run; a visit an open task names is not archived, so the duplicate check of
// open tasks (GET /rest/tasks/find, current tables only) still finds that task.

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let operator: Awaited<ReturnType<TestApp['login']>>;
// Three visits of one number dispatched 70 to 72 days ago (one number, as a box that came back).
const NUMBER = 'SVYU0000001';
const VISITS = 3;
// A visit dispatched as long ago whose task was never completed.
const OPEN = 'OPNU0000001';

const where = async (number: string) =>
  rowsOf<{ current: number; archived: number }>(
    await t.db.execute(sql`select
      (select count(*)::int from containers where container_number = ${number}) as current,
      (select count(*)::int from archive.containers where container_number = ${number}) as archived`),
  )[0]!;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  operator = await t.login('operator');
  await seedArchiveHistory(t.db, 'SVYU', VISITS, 70);
  await t.db.execute(sql`update containers set container_number = ${NUMBER} where container_number like 'SVYU%'`);
  await seedArchiveHistory(t.db, 'OPNU', 1, 70);
  await t.db.execute(sql`update tasks set completed_at = null where container_number = ${OPEN}`);
}, 120_000);
afterAll(() => t?.close());

describe('GET /rest/surveys/{containerNumber} over archived visits', () => {
  it('finds the archived visits, by their gate-in and gate-out days, as before the run', async () => {
    const zone = t.config.yard.timeZone;
    const ofContainer = (query: { gateInDate?: string; gateOutDate?: string } = {}) =>
      operator.api.surveys.ofContainer({ params: { containerNumber: NUMBER }, query });
    const surveys = async (all: Survey[]) => {
      const middle = all[1]!;
      return {
        all,
        byIn: await ofContainer({ gateInDate: yardDayOf(middle.gateInDate, zone) }),
        byOut: await ofContainer({ gateOutDate: yardDayOf(middle.gateOutDate!, zone) }),
        byBoth: await ofContainer({
          gateInDate: yardDayOf(middle.gateInDate, zone),
          gateOutDate: yardDayOf(middle.gateOutDate!, zone),
        }),
        neither: await ofContainer({ gateInDate: yardDayOf(Date.now(), zone) }),
      };
    };
    const openTask = () =>
      operator.api.tasks.find({
        query: { containerNumber: OPEN, taskType: 'Offloading', from: 'Trailer', to: 'A_1_1_1' },
      });

    const before = await surveys(await ofContainer());
    expect(before.all).toHaveLength(VISITS);
    expect(before.byBoth).toEqual([before.all[1]]);
    expect(before.neither).toEqual([]);
    expect((await openTask()).found).toBe(true);

    const cutoffDate = archiveCutoffLatest(yardDayOf(Date.now(), zone));
    const answer = await superadmin.api.archive.run({ query: { cutoffDate, user: 'superadmin' } });
    expect(answer).toMatchObject({ status: 'success', totalContainersArchived: VISITS });
    expect(await where(NUMBER)).toEqual({ current: 0, archived: VISITS });
    // The visit its open task names stays current, with the task.
    expect(await where(OPEN)).toEqual({ current: 1, archived: 0 });

    const after = await surveys(await ofContainer());
    expect(after).toEqual(before);
    expect(after.byIn).toContainEqual(before.all[1]);
    expect(after.byOut).toContainEqual(before.all[1]);
    expect((await openTask()).found).toBe(true);

    // An archived survey is mailed as a current one.
    const sent = await operator.api.surveys.email({
      body: { recipients: 'ops@line.example', mailBody: 'Old visits.', surveyIds: after.all.map((row) => row.id) },
    });
    expect(sent).toMatchObject({ responsestatus: 'success', recipients: ['ops@line.example'] });
  }, 120_000);
});
