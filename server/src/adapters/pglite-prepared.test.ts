import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE } from '../test/test-services';
import { preparedPglite, type PreparedPglite } from './pglite-prepared';

// PGlite only: the PostgreSQL project would run the same again.
describe.skipIf(TEST_DATABASE === 'postgres')('PGlite with kept statements', () => {
  let client: PGlite;
  let prepared: PreparedPglite;

  beforeEach(async () => {
    client = new PGlite();
    await client.exec(`
      create table boxes (
        id int primary key, number text not null unique, placed_at timestamptz, details jsonb,
        reefer boolean, weight numeric, tags text[], photo bytea
      );
      insert into boxes values (1, 'MSCU1234565', '2026-01-02T03:04:05Z', '{"liner":"MSC"}', true, 12.5, '{a,b}', '\\x0102');
    `);
    prepared = preparedPglite(client, { maxStatements: 3 });
  });
  afterEach(() => client.close());

  const keptNames = async () =>
    (await client.query<{ name: string }>(`select name from pg_prepared_statements where name like 'oy\\_%'`)).rows.map(
      (row) => row.name,
    );

  it('answers as PGlite itself does, for every kind of value, in both row modes', async () => {
    const insert = `insert into boxes values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`;
    const values = [
      2,
      'MAEU7654321',
      new Date('2026-05-06T07:08:09Z'),
      { liner: 'Maersk' },
      false,
      '3.25',
      ['x'],
      null,
    ];
    const ours = await prepared.query(insert, values);
    expect(ours.rows[0]).toEqual({
      id: 2,
      number: 'MAEU7654321',
      placed_at: new Date('2026-05-06T07:08:09Z'),
      details: { liner: 'Maersk' },
      reefer: false,
      weight: '3.25', // numeric stays text in PGlite's own parsers too
      tags: ['x'],
      photo: null,
    });
    expect(ours.affectedRows).toBe(1);
    const select = `select * from boxes where id = $1 or number = $2 order by id`;
    for (const rowMode of ['object', 'array'] as const) {
      const theirs = await client.query(select, [1, 'MAEU7654321'], { rowMode });
      const again = await prepared.query(select, [1, 'MAEU7654321'], { rowMode });
      expect(again.rows).toEqual(theirs.rows);
      expect(again.fields).toEqual(theirs.fields);
    }
    const update = await prepared.query(`update boxes set reefer = $1 where id > $2`, [true, 0]);
    expect(update.affectedRows).toBe(2);
    expect(update.rows).toEqual([]);
  });

  it('parses a text once and moves to a generic plan', async () => {
    const lookup = `select number from boxes where id = $1`;
    for (let round = 0; round < 8; round += 1)
      expect((await prepared.query<{ number: string }>(lookup, [1])).rows).toEqual([{ number: 'MSCU1234565' }]);
    expect(prepared.statements).toBe(1);
    const { rows } = await client.query<{ generic_plans: number; custom_plans: number }>(
      `select generic_plans, custom_plans from pg_prepared_statements where statement = $1`,
      [lookup],
    );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.generic_plans)).toBeGreaterThan(0);
  });

  it('keeps at most its bound of statements and closes the rest in the database', async () => {
    for (let id = 1; id <= 6; id += 1) await prepared.query(`select ${id} as n, number from boxes where id = $1`, [1]);
    expect(prepared.statements).toBe(3);
    // The last eviction is closed with the next call.
    await prepared.query(`select 1 as n, number from boxes where id = $1`, [1]);
    const names = await keptNames();
    expect(names.length).toBeLessThanOrEqual(3);
    expect(names.length).toBe(prepared.statements);
  });

  it('fails as PGlite does, with the query on the error, and a failed transaction writes nothing', async () => {
    const insert = `insert into boxes (id, number) values ($1, $2)`;
    const failure = await prepared.query(insert, [9, 'MSCU1234565']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', query: insert, params: [9, 'MSCU1234565'] });
    await expect(
      prepared.transaction(async (tx) => {
        await tx.query(insert, [10, 'TGHU0000010']);
        await tx.query(insert, [11, 'MSCU1234565']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const count = await prepared.query<{ n: number }>(`select count(*)::int as n from boxes where id > $1`, [1]);
    expect(count.rows).toEqual([{ n: 0 }]);
    await expect(prepared.query(`selec nothing where $1`, [1])).rejects.toMatchObject({ code: '42601' });
    expect(prepared.statements).toBe(2);
  });

  it('parses a statement again when its table changed under it', async () => {
    const all = `select * from boxes where id = $1`;
    expect(Object.keys((await prepared.query<object>(all, [1])).rows[0]!)).not.toContain('bay');
    await client.exec(`alter table boxes add column bay int not null default 7`);
    expect((await prepared.query<{ bay: number }>(all, [1])).rows[0]!.bay).toBe(7);
    expect(await keptNames()).toHaveLength(prepared.statements);
  });

  it('waits for a running transaction, as PGlite does, and then sees what it committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = prepared.transaction(async (tx) => {
      await tx.query(`insert into boxes (id, number) values ($1, $2)`, [3, 'CMAU0000030']);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    let answered = false;
    const reading = prepared
      .query<{ n: number }>(`select count(*)::int as n from boxes where id >= $1`, [1])
      .then((result) => ((answered = true), result.rows[0]!.n));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await writing;
    expect(await reading).toBe(2);
  });
});
