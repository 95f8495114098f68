import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import type { Database, DatabaseHandle } from '../adapters/db';
import { AppError, badRequest, conflict } from '../errors';
import { openTestDatabase } from '../test/test-app';
import { TEST_DATABASE } from '../test/test-services';
import {
  combineAnswers,
  databaseError,
  databaseFailure,
  isTimeout,
  sqlState,
  yardChangeAnswers,
} from './database-errors';

// Real driver errors (PGlite or postgres.js, as the test run chooses) from the real schema, through
// Drizzle's wrapping, as the services meet them.
describe(`database errors (${TEST_DATABASE})`, { timeout: 60_000 }, () => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await openTestDatabase();
    db = handle.db;
    await db.execute(sql`insert into roles (name) values ('Checker')`);
    // A table whose trigger refuses as the yard's invariant triggers do (migrations/0003).
    await db.execute(sql`create table guarded (id int primary key)`);
    await db.execute(sql`
      create function guarded_refuse() returns trigger language plpgsql as $$
      begin
        raise exception 'Container % is dispatched but still holds a slot', new.id using errcode = 'OY004';
      end $$`);
    await db.execute(
      sql`create trigger guarded_refuse before insert on guarded for each row execute function guarded_refuse()`,
    );
  });
  afterAll(() => handle?.close());

  const failing = (statement: ReturnType<typeof sql>) =>
    db.execute(statement).then(
      () => {
        throw new Error('the statement was expected to fail');
      },
      (error: unknown) => error,
    );

  it('names a unique violation with its constraint, and answers it with the service’s message', async () => {
    const error = await failing(sql`insert into roles (name) values ('checker')`);
    expect(sqlState(error)).toBe('23505');
    expect(databaseFailure(error)).toMatchObject({
      kind: 'unique',
      state: '23505',
      constraint: 'roles_name_lower_unique',
    });
    const answered = databaseError(error, { unique: () => conflict(messages.roleNameTaken) });
    expect(answered).toBeInstanceOf(AppError);
    expect(answered).toMatchObject({ statusCode: 409, message: messages.roleNameTaken });
    // A kind the service does not answer is thrown on as it was.
    expect(databaseError(error, { foreignKey: () => conflict('not this one') })).toBe(error);
  });

  it('answers with a service’s own words first, the shared set’s for the rest (combineAnswers)', async () => {
    // One active container per RFID tag (the gate's rule) and per number (the yard's), special tags shared.
    await db.execute(sql`insert into container_sizes (name, length_feet) values ('20 check', 20)`);
    const box = (number: string, tag: string) =>
      sql`insert into containers (container_number, size_id, rfid_tag_id)
        values (${number}, (select id from container_sizes where name = '20 check'), ${tag})`;
    await db.execute(box('MSCU1111110', '12340000'));
    await db.execute(box('MSCU2222220', 'Refer Tag'));
    await db.execute(box('MSCU3333330', 'Refer Tag'));
    const answers = combineAnswers(
      {
        unique: ({ constraint }) => (constraint === 'containers_active_tag_unique' ? conflict('tag taken') : undefined),
      },
      yardChangeAnswers({ number: 'MSCU1111110' }),
    );
    expect(databaseError(await failing(box('MSCU4444440', '12340000')), answers)).toMatchObject({
      statusCode: 409,
      message: 'tag taken',
    });
    expect(databaseError(await failing(box('MSCU1111110', '99990000')), answers)).toMatchObject({
      statusCode: 409,
      message: messages.containerNumberActive('MSCU1111110'),
    });
  });

  it('names a foreign key and a check violation', async () => {
    const orphan = await failing(
      sql`insert into users (username, password_hash, role_id) values ('nobody', 'x', 999999)`,
    );
    expect(databaseFailure(orphan)).toMatchObject({ kind: 'foreignKey', constraint: 'users_role_id_roles_id_fk' });
    const odd = await failing(sql`insert into container_sizes (name, length_feet) values ('12', 12)`);
    expect(databaseFailure(odd)).toMatchObject({ kind: 'check', state: '23514', constraint: 'container_sizes_length' });
    expect(databaseError(odd, yardChangeAnswers())).toMatchObject({ statusCode: 400 });
  });

  it('names an exclusion violation (a machine allocated to two areas at once)', async () => {
    // An exclusion constraint of its own (the allocations' needs btree_gist and a machine and areas).
    await db.execute(sql`create table bookings (room int, during tstzrange, exclude using gist (during with &&))`);
    await db.execute(sql`insert into bookings values (1, tstzrange('2027-01-01 08:00Z', '2027-01-01 12:00Z'))`);
    const clash = await failing(
      sql`insert into bookings values (2, tstzrange('2027-01-01 11:00Z', '2027-01-01 13:00Z'))`,
    );
    expect(databaseFailure(clash)).toMatchObject({
      kind: 'exclusion',
      state: '23P01',
      constraint: 'bookings_during_excl',
    });
    expect(databaseError(clash, { exclusion: () => conflict('taken then') })).toMatchObject({
      statusCode: 409,
      message: 'taken then',
    });
  });

  it('answers a refused yard change with the spec’s words and the database’s reason', async () => {
    const refused = await failing(sql`insert into guarded values (7)`);
    expect(databaseFailure(refused)).toMatchObject({ kind: 'trigger', state: 'OY004' });
    const answered = databaseError(refused, yardChangeAnswers());
    expect(answered).toMatchObject({
      statusCode: 409,
      message: messages.yardInvariant('Container 7 is dispatched but still holds a slot'),
    });
    const taken = await failing(sql`insert into roles (name) values ('CHECKER')`);
    expect(databaseError(taken, yardChangeAnswers())).toMatchObject({
      statusCode: 409,
      message: messages.yardInvariant(databaseFailure(taken)!.detail),
    });
  });

  it('lets the service’s own errors and errors that are not the database’s through unchanged', () => {
    const own = badRequest('a check of the service');
    expect(databaseError(own, yardChangeAnswers())).toBe(own);
    const other = new Error('disk full');
    expect(databaseError(other, yardChangeAnswers())).toBe(other);
    expect(databaseFailure(other)).toBeUndefined();
    expect(isTimeout(other)).toBe(false);
  });

  it.runIf(TEST_DATABASE === 'postgres')('answers a statement timeout only where the service asks for it', async () => {
    const slow = await db
      .transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 100`);
        await tx.execute(sql`select pg_sleep(5)`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(databaseFailure(slow)).toMatchObject({ kind: 'statementTimeout', state: '57014' });
    expect(isTimeout(slow)).toBe(true);
    expect(databaseError(slow, yardChangeAnswers())).toBe(slow);
    expect(databaseError(slow, { timeout: () => badRequest(messages.searchTookTooLong, 'searchText') })).toMatchObject({
      statusCode: 400,
      field: 'searchText',
    });
  });
});
