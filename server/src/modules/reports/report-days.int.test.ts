import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { shiftYardDay, yardDayOf } from '@openyard/contracts';
import { rowsOf } from '../../db/bulk-insert';
import { outcome } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addContainer, containerNumber } from '../../test/yard-fixtures';

// Report 2.3's day counts (migration 0040) as the changes keep them, against the same counts cut
// again from the history (report_days_cut, what a TIME_ZONE change runs): placements by area and
// how, the containers placed into an area each once a day, and the containers nothing has placed.
const TIME_ZONE = 'Asia/Kolkata';
const KINDS = ['movements', 'areaMoves', 'areaContainers', 'notLocated'];

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;

const today = () => yardDayOf(Date.now(), TIME_ZONE);

async function counts() {
  return rowsOf<{ kind: string; key: string; day: string; n: number }>(
    await t.db.execute(sql`select kind, key, day::text as day, n from report_days
      where kind in (${sql.join(
        KINDS.map((kind) => sql`${kind}`),
        sql`, `,
      )}) and n <> 0 order by kind, key, day`),
  );
}
// The kept counts, then the counts cut again from the history: equal when every change kept them.
async function keptAndCut() {
  const kept = await counts();
  await t.db.execute(sql`select report_days_cut(${TIME_ZONE})`);
  return { kept, cut: await counts() };
}
const statistics = async () =>
  (await superadmin.api.reports.locationStatistics({ query: { from: today(), to: today(), pageSize: 100 } })).entities;
const move = (container: { id: number; containerNumber: string }, newLocation: string) =>
  outcome(
    superadmin.api.inventory.updateLocation({
      body: [{ containerId: container.id, number: container.containerNumber, newLocation }],
    }),
  );

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE } });
  superadmin = await t.login('superadmin');
  // The first report read cuts the counts in the yard's zone (the rollups start in UTC).
  await statistics();
});
afterAll(async () => t?.close());

describe('report 2.3 day counts (migration 0040)', () => {
  it('are kept by gate-ins, moves and voids as a recount from the history gives them', async () => {
    const before = await statistics();
    const figure = (rows: typeof before, area: string | null) => rows.find((row) => row.area === area)!;

    // In the yard without a slot: not located until a move places it.
    const loose = await addContainer(t, superadmin.auth);
    expect(figure(await statistics(), null).notUpdated).toBe(figure(before, null).notUpdated + 1);
    const placed = await addContainer(t, superadmin.auth, { location: 'A_1_1_1' });
    expect((await move(loose, 'A_1_2_1')).status).toBe(200);
    // Into B and back into A the same day: A counts the box once, its two placements twice.
    expect((await move(placed, 'B_1_1_1')).status).toBe(200);
    expect((await move(placed, 'A_1_3_1')).status).toBe(200);
    // Voided before anything placed it: no longer counted.
    const voided = await addContainer(t, superadmin.auth);
    expect((await outcome(superadmin.api.containers.delete({ params: { n: voided.containerNumber } }))).status).toBe(
      200,
    );

    const after = await statistics();
    expect(figure(after, 'A').moves - figure(before, 'A').moves).toBe(3);
    expect(figure(after, 'A').containers - figure(before, 'A').containers).toBe(2);
    expect(figure(after, 'B').moves - figure(before, 'B').moves).toBe(1);
    expect(figure(after, 'B').containers - figure(before, 'B').containers).toBe(1);
    expect(figure(after, null).notUpdated).toBe(figure(before, null).notUpdated);

    const { kept, cut } = await keptAndCut();
    expect(kept.some((row) => row.kind === 'areaContainers' && row.day === today())).toBe(true);
    expect(kept).toEqual(cut);
  });

  it('count a visit written in one statement (container and movements together, as the bench seed does)', async () => {
    const yesterday = shiftYardDay(today(), { days: -1 });
    const number = containerNumber('TGHU');
    const areas = rowsOf<{ a: number; b: number }>(
      await t.db.execute(
        sql`select (select id from yard_areas where name = 'A') as a, (select id from yard_areas where name = 'B') as b`,
      ),
    )[0]!;
    const statistic = async () =>
      (await superadmin.api.reports.locationStatistics({ query: { from: yesterday, to: yesterday, pageSize: 100 } }))
        .entities;
    const before = await statistic();
    // A past visit: gated in at 10:00 yesterday (+05:30), placed in A, moved within A, to B, dispatched.
    const at = (time: string) => `${yesterday}T${time}+05:30`;
    await t.db.execute(
      sql.raw(`with c as (
        insert into containers (container_number, size_id, gate_in_at, dispatched_at)
        values ('${number}', (select id from container_sizes where name = '20'), '${at('10:00')}', '${at('18:00')}')
        returning id
      ) insert into container_movements (container_id, container_number, from_location, to_location, to_area_id,
          to_row_index, to_column_index, to_tier, source, moved_by, moved_at)
        select c.id, '${number}', m.from_location, m.to_location, m.area,
          case when m.area is null then null else 1 end, m.col, case when m.area is null then null else 1 end, m.source, 'bench', m.at::timestamptz
        from c, (values
          (null, null, null::int, null::int, 'gate', '${at('10:00')}'),
          (null, 'A_1_5_1', ${areas.a}, 5, 'machine', '${at('10:30')}'),
          ('A_1_5_1', 'A_1_6_1', ${areas.a}, 6, 'machine', '${at('12:00')}'),
          ('A_1_6_1', 'B_1_5_1', ${areas.b}, 5, 'manual', '${at('15:00')}'),
          ('B_1_5_1', null, null, null, 'gate', '${at('18:00')}')
        ) as m(from_location, to_location, area, col, source, at)`),
    );
    const after = await statistic();
    const change = (area: string | null, column: 'moves' | 'machineMoves' | 'manualMoves' | 'containers') =>
      after.find((row) => row.area === area)![column] - before.find((row) => row.area === area)![column];
    expect([change('A', 'moves'), change('A', 'machineMoves'), change('A', 'containers')]).toEqual([2, 2, 1]);
    expect([change('B', 'moves'), change('B', 'manualMoves'), change('B', 'containers')]).toEqual([1, 1, 1]);
    // Placed in the same statement that added it: not counted as never located.
    expect(change(null, 'containers')).toBe(0);

    const { kept, cut } = await keptAndCut();
    expect(kept).toEqual(cut);
  });
});
