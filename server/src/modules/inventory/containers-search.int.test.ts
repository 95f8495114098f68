import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit, type ContainersPage } from '@openyard/contracts';
import { rowsOf } from '../../db/bulk-insert';
import { createTestApp, TEST_DATABASE, type TestApp } from '../../test/test-app';
import { addContainer } from '../../test/yard-fixtures';
import { containersRepository } from './containers.repository';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
});
afterAll(() => t.close());

// Digits and numbers without a 4 (a check digit can be one), so that no number or IGM of this file
// holds the size name '40', nor its '4'.
const digits = (length: number) => Array.from({ length }, () => '012356789'[Math.floor(Math.random() * 9)]).join('');
function numberOf(ownerPrefix: string): string {
  const number = withCheckDigit(`${ownerPrefix}${digits(6)}`);
  return number.includes('4') ? numberOf(ownerPrefix) : number;
}

// The ids the containers screen finds for a search text, newest first.
async function search(searchText: string): Promise<number[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/rest/enterprise/containers?skip=1&limit=50&searchText=${encodeURIComponent(searchText)}`,
    headers: superadmin.auth,
  });
  expect(response.statusCode).toBe(200);
  const page = response.json<ContainersPage>();
  expect(page.totalCount).toBe(page.entities.length);
  return page.entities.map((container) => container.id);
}

// Every test gives its containers an IGM of their own and searches it with the term under test
// (joined by '&*'), so that only its own containers can be found.
describe('container search', () => {
  it('finds a term through the liner of the owner code, by name or code', async () => {
    const igm = digits(7);
    const hapag = await addContainer(t, superadmin.auth, { containerNumber: numberOf('HLXU'), igm });
    const cma = await addContainer(t, superadmin.auth, { containerNumber: numberOf('CMAU'), igm });
    await addContainer(t, superadmin.auth, { containerNumber: numberOf('MSCU'), igm });
    expect(await search(`${igm}&*lloyd`)).toEqual([hapag.id]);
    // The code CMACGM, not the name CMA CGM.
    expect(await search(`${igm}&*macg`)).toEqual([cma.id]);
  });

  it('finds a term through the customer name, the process and the type', async () => {
    const igm = digits(7);
    const fields = { igm, sizeName: '20' };
    const customer = await addContainer(t, superadmin.auth, {
      ...fields,
      containerNumber: numberOf('MSCU'),
      customer: 'KAE',
    });
    const process = await addContainer(t, superadmin.auth, {
      ...fields,
      containerNumber: numberOf('MSCU'),
      process: 'Transhipment',
    });
    const type = await addContainer(t, superadmin.auth, {
      ...fields,
      containerNumber: numberOf('MSCU'),
      containerType: 'High Cube',
    });
    await addContainer(t, superadmin.auth, { ...fields, containerNumber: numberOf('MSCU') });
    expect(await search(`${igm}&*konkan agro`)).toEqual([customer.id]);
    expect(await search(`${igm}&*TRANSHIP`)).toEqual([process.id]);
    expect(await search(`${igm}&*cube`)).toEqual([type.id]);
  });

  // Each server keeps the names it matches terms against in memory (containers.repository.ts): a
  // change made anywhere, here straight in SQL as another server's would be, shows in the next search.
  it('finds a customer, a liner and an area by their new names as soon as they are renamed', async () => {
    const igm = digits(7);
    const suffix = digits(5);
    const [customer] = rowsOf<{ id: number; name: string }>(
      await t.db.execute(sql`insert into customers (code, name) values (${`RN${suffix}`}, ${`Before ${suffix}`})
        returning id, name`),
    );
    const box = await addContainer(t, superadmin.auth, {
      containerNumber: numberOf('MSCU'),
      igm,
      customer: customer!.name,
      location: 'B_2_21_1',
    });
    await addContainer(t, superadmin.auth, { containerNumber: numberOf('MSCU'), igm });
    expect(await search(`${igm}&*before ${suffix}`)).toEqual([box.id]);
    await t.db.execute(sql`update customers set name = ${`After ${suffix}`} where id = ${customer!.id}`);
    expect(await search(`${igm}&*before ${suffix}`)).toEqual([]);
    expect(await search(`${igm}&*after ${suffix}`)).toEqual([box.id]);

    // A liner's new owner-code prefix, then a renamed area (the layout version covers areas).
    const liner = `Lin${suffix}`;
    await t.db.execute(sql`insert into liner_infos (code, name, color) values (${liner}, ${liner}, '#123456')`);
    expect(await search(`${igm}&*${liner}`)).toEqual([]);
    await t.db.execute(sql`insert into liner_prefixes (prefix, liner_id)
      select 'MSCU', id from liner_infos where code = ${liner} on conflict (prefix) do update set liner_id = excluded.liner_id`);
    expect((await search(`${igm}&*${liner}`)).length).toBe(2);
    const [area] = rowsOf<{ name: string }>(
      await t.db.execute(sql`update yard_areas set name = ${`R${suffix}`} where name = 'B' returning name`),
    );
    expect(await search(`${igm}&*b`)).toEqual([]);
    expect(await search(`${igm}&*${area!.name.toLowerCase()}`)).toEqual([box.id]);
    await t.db.execute(sql`update yard_areas set name = 'B' where name = ${area!.name}`);
    await t.db.execute(sql`update liner_prefixes set liner_id = (select id from liner_infos where code = 'MSC')
      where prefix = 'MSCU'`);
  });

  it('finds a term through the name of the area a container stands in, whole and in any case', async () => {
    const igm = digits(7);
    const inB = await addContainer(t, superadmin.auth, {
      containerNumber: numberOf('MSCU'),
      igm,
      location: 'B_2_20_1',
    });
    const inA = await addContainer(t, superadmin.auth, { containerNumber: numberOf('MSCU'), igm, location: 'A_2_3_1' });
    await addContainer(t, superadmin.auth, { containerNumber: numberOf('MSCU'), igm });
    expect(await search(`${igm}&*b`)).toEqual([inB.id]);
    expect(await search(`${igm}&*A`)).toEqual([inA.id]);
  });

  it('matches a size by its whole name only', async () => {
    const igm = digits(7);
    const forty = await addContainer(t, superadmin.auth, { containerNumber: numberOf('MSCU'), igm, sizeName: '40' });
    await addContainer(t, superadmin.auth, { containerNumber: numberOf('MSCU'), igm, sizeName: '20' });
    expect(await search(`${igm}&*40`)).toEqual([forty.id]);
    expect(await search(`${igm}&*4`)).toEqual([]);
  });

  it('matches a term inside one field, never across the end of one and the start of the next', async () => {
    // Letters apart from the digits, so that a term across two fields cannot occur inside one.
    const igm = `T${digits(6)}`;
    const number = numberOf('MSCU');
    const box = await addContainer(t, superadmin.auth, { containerNumber: number, igm, item: 'QX', rfidTagId: 'RF55' });
    expect(await search(`${igm}&*${number.slice(-3)}`)).toEqual([box.id]);
    expect(await search(`${igm}&*${igm.slice(0, 3)}`)).toEqual([box.id]);
    expect(await search(`${igm}&*${number.slice(-3)}${igm.slice(0, 3)}`)).toEqual([]);
    expect(await search(`${igm}&*${igm.slice(-3)}QX`)).toEqual([]);
    expect(await search(`${igm}&*QXRF`)).toEqual([]);
    // Not even with the separator the index puts between the fields.
    expect(await search(`${igm}&*${number.slice(-3)}\u001f${igm.slice(0, 3)}`)).toEqual([]);
    expect(await search(`${igm}&*qx&*rf55`)).toEqual([box.id]);
  });

  it('needs every term joined by &* to match', async () => {
    const igm = digits(7);
    const number = numberOf('MSCU');
    const wanted = await addContainer(t, superadmin.auth, { containerNumber: number, igm });
    const other = await addContainer(t, superadmin.auth, { containerNumber: numberOf('HLXU'), igm });
    expect((await search(igm)).sort()).toEqual([wanted.id, other.id].sort());
    expect(await search(`${igm}&*${number}`)).toEqual([wanted.id]);
    expect(await search(` ${number.slice(2)} &* ${igm} `)).toEqual([wanted.id]);
    expect(await search(`${igm}&*msc&*${number.slice(-4)}`)).toEqual([wanted.id]);
    expect(await search(`${igm}&*${numberOf('MSCU')}`)).toEqual([]);
    expect(await search(`${number}&*lloyd`)).toEqual([]);
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

// A plan check, not a timing: on a yard's worth of containers the planner must take the search to
// the indexes of migration 0005. Last in the file, as it fills the yard.
describe.runIf(TEST_DATABASE === 'postgres')('container search plan', () => {
  it('finds a full number and a fragment of four through the trigram index, without scanning containers', async () => {
    await t.db.execute(sql`
      insert into containers (container_number, size_id, igm, item, gate_in_at)
      select 'PLNU' || lpad(((i * 2654435761) % 9999991)::text, 7, '0'),
        (select id from container_sizes where name = '20'), (5000000 + i * 37)::text, (i % 40)::text,
        now() - i * interval '1 minute'
      from generate_series(1, 10000::bigint) as i`);
    await t.db.execute(sql`analyze containers`);
    const number = `PLNU${String((4242 * 2654435761) % 9999991).padStart(7, '0')}`;
    for (const term of [number, number.slice(5, 9)]) {
      // One statement finds, counts and pages the matches.
      const statement = await containersRepository.searchStatement(t.db, { activeOnly: true, terms: [term] }, 0, 15);
      const [explained] = rowsOf<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        await t.db.execute(sql`explain (format json) ${statement}`),
      );
      const nodes = nodesOf(explained!['QUERY PLAN'][0]!.Plan);
      expect(
        nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'containers'),
      ).toEqual([]);
      expect(nodes.map((node) => node['Index Name'])).toContain('containers_search_text_idx');
    }
  });

  // A search by own texts runs as prepared queries on a generic plan (containers.repository.ts,
  // planIndependent): planned once without the term's value, they must still go through the trigram
  // index, and the page's details by key.
  it('keeps the trigram index in the generic plans of a search by own texts', async () => {
    const number = `PLNU${String((4242 * 2654435761) % 9999991).padStart(7, '0')}`;
    const values: Record<string, unknown> = { pattern0: `%${number}%`, offset: 0, limit: 15 };
    const queries = containersRepository.ownTextSearchQueries(t.db, true, 1);
    for (const query of [queries.page, queries.count]) {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare generic_search as ${query.sql}`));
        // EXECUTE takes its arguments as literals (a parameter's type could not be told).
        const literal = (value: unknown) =>
          typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
        const argumentsOf = query.params.map((param) => literal(values[(param as { name: string }).name]));
        const [explained] = rowsOf<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          await tx.execute(sql.raw(`explain (format json) execute generic_search(${argumentsOf.join(', ')})`)),
        );
        await tx.execute(sql`deallocate generic_search`);
        return explained!['QUERY PLAN'][0]!.Plan;
      });
      const nodes = nodesOf(plan);
      expect(
        nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'containers'),
      ).toEqual([]);
      expect(nodes.map((node) => node['Index Name'])).toContain('containers_search_text_idx');
    }
  });
});
