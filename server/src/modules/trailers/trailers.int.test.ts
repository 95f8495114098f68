import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, utf8Bytes, type LiveMessage, type TrailerInput } from '@openyard/contracts';
import { httpClient, outcome } from '../../test/api-client';
import { createTestApp, createUserWithPermissions, type TestApp } from '../../test/test-app';
import { projectEvents } from '../../live/projection';
import { trailers } from './trailers.table';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let admin: Awaited<ReturnType<TestApp['login']>>;
let operator: Awaited<ReturnType<TestApp['login']>>;
const live: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  admin = await t.login('admin');
  operator = await t.login('operator');
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
});
afterAll(() => t.close());

let serial = 0;
// A text unique to this run and test, so that searches find only the test's own rows.
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${(serial += 1)}`.toUpperCase();
// An 8-character trailer tag of its own.
const tag = () => String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8);

const addTrailer = async (input: Partial<TrailerInput> = {}) => {
  const saved = await superadmin.api.trailers.create({
    body: { trailerNumber: unique('TR'), type: 'Import', trailerType: 'Drop', ...input },
  });
  return saved.id!;
};

const csv = (name: string, text: string) => ({ name, type: 'text/csv', content: utf8Bytes(text) });

async function xlsx(rows: (string | number)[][]) {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet 1');
  for (const row of rows) sheet.addRow(row);
  return { name: 'sheet.xlsx', content: new Uint8Array(await book.xlsx.writeBuffer()) };
}

describe('trailers list (spec 3 §4, §7, §9)', () => {
  it('pages from a one-based skip, newest first, and hides dispatched trailers unless asked', async () => {
    const prefix = unique('PG');
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1) ids.push(await addTrailer({ trailerNumber: `${prefix}${index}` }));
    const first = await superadmin.api.trailers.page({ query: { skip: 1, limit: 2, searchText: prefix } });
    expect(first.totalCount).toBe(3);
    expect(first.entities.map((trailer) => trailer.id)).toEqual([ids[2], ids[1]]);
    // Page 2 of 2 rows starts at (2-1)*2+1 = 3.
    const second = await superadmin.api.trailers.page({ query: { skip: 3, limit: 2, searchText: prefix } });
    expect(second.entities.map((trailer) => trailer.id)).toEqual([ids[0]]);

    await superadmin.api.trailers.dispatch({ query: { id: ids[0]! } });
    const inYard = await superadmin.api.trailers.page({ query: { searchText: prefix } });
    expect(inYard.entities.map((trailer) => trailer.id)).toEqual([ids[2], ids[1]]);
    const all = await superadmin.api.trailers.page({ query: { searchText: prefix, includeDispatched: true } });
    expect(all.totalCount).toBe(3);
    expect(all.entities.find((trailer) => trailer.id === ids[0])).toMatchObject({ dispatchMode: 'HAWK-E' });
    expect(all.entities.find((trailer) => trailer.id === ids[0])!.outDate).toEqual(expect.any(Number));
  });

  it('searches numbers, tags, containers and PLA cards', async () => {
    const trailerTag = tag();
    const container = unique('CONT');
    const id = await addTrailer({ trailerTagId: trailerTag, containerNumber: `${container}, ABCU1234560` });
    const card = unique('PLA');
    await t.db.update(trailers).set({ plaCard1: card }).where(eq(trailers.id, id));
    for (const searchText of [trailerTag, container.toLowerCase(), card]) {
      const page = await superadmin.api.trailers.page({ query: { searchText } });
      expect(
        page.entities.map((trailer) => trailer.id),
        searchText,
      ).toEqual([id]);
    }
    const [trailer] = (await superadmin.api.trailers.page({ query: { searchText: card } })).entities;
    expect(trailer).toMatchObject({
      trailerTagId: trailerTag,
      trailerTagId1: trailerTag,
      plaCard1: card,
      containerNumber: `${container}, ABCU1234560`,
      trailerType: 'Drop',
      type: 'Import',
      outDate: null,
    });
    // LIKE's own characters are text.
    expect((await superadmin.api.trailers.page({ query: { searchText: '%' } })).totalCount).toBe(0);
  });
});

describe('trailer saves', () => {
  it('answer TRSuccess, or the words of the refusal', async () => {
    const number = unique('SV');
    const created = await superadmin.api.trailers.create({ body: { trailerNumber: number, type: 'Import' } });
    expect(created.status).toBe('TRSuccess');
    expect(created.id).toBeGreaterThan(0);
    const updated = await superadmin.api.trailers.update({
      body: { id: created.id!, trailerNumber: `${number}X`, containerNumber: 'msku1234565' },
    });
    expect(updated.status).toBe('TRSuccess');
    const [row] = (await superadmin.api.trailers.page({ query: { searchText: `${number}X` } })).entities;
    expect(row).toMatchObject({ trailerNumber: `${number}X`, containerNumber: 'MSKU1234565', type: 'Import' });

    expect(
      await outcome(superadmin.api.trailers.create({ body: { trailerNumber: ' ', type: 'Import' } })),
    ).toMatchObject({ status: 400, body: { message: messages.gateTrailerNumberRequired, field: 'trailerNumber' } });
    expect(
      await outcome(superadmin.api.trailers.create({ body: { trailerNumber: 'X'.repeat(2000), type: 'Import' } })),
    ).toMatchObject({ status: 400, body: { field: 'trailerNumber' } });
    expect(
      await outcome(
        superadmin.api.trailers.create({ body: { trailerNumber: 'T', trailerTagId: '123', type: 'Import' } }),
      ),
    ).toMatchObject({ status: 400, body: { message: messages.trailerTagLength } });
    expect(await outcome(superadmin.api.trailers.update({ body: { id: 999_999, trailerNumber: 'T' } }))).toMatchObject({
      status: 404,
      body: { message: messages.trailerNotFound },
    });
  });

  it('refuse a tag that a trailer inside the yard carries', async () => {
    const trailerTag = tag();
    const number = unique('IN');
    await addTrailer({ trailerTagId: trailerTag, trailerNumber: number });
    expect(
      await outcome(
        superadmin.api.trailers.create({
          body: { trailerNumber: unique('TW'), trailerTagId: trailerTag, type: 'Import' },
        }),
      ),
    ).toMatchObject({
      status: 409,
      body: { message: messages.gateTrailerTagInYard(trailerTag, number), field: 'trailerTagId' },
    });
    // Once that trailer left, the tag is free again.
    await superadmin.api.trailers.dispatch({ query: { trailerTagId: trailerTag } });
    expect((await addTrailer({ trailerTagId: trailerTag })) > 0).toBe(true);
  });

  it('delete a trailer, once', async () => {
    const id = await addTrailer();
    expect(await superadmin.api.trailers.delete({ params: { id } })).toMatchObject({ responsestatus: 'success' });
    expect(await outcome(superadmin.api.trailers.delete({ params: { id } }))).toMatchObject({ status: 404 });
  });
});

describe('trailer dispatch (spec 3 §4, §5, §9)', () => {
  it('sets out time, mode and the user; a dispatched trailer again only by an admin', async () => {
    const trailerTag = tag();
    const id = await addTrailer({ trailerTagId: trailerTag });
    live.length = 0;
    expect(await operator.api.trailers.dispatch({ query: { trailerTagId: trailerTag, userName: 'someone' } })).toEqual({
      responsestatus: 'success',
      message: messages.trailerDispatched,
    });
    const [row] = await t.db.select().from(trailers).where(eq(trailers.id, id));
    expect(row).toMatchObject({ dispatchMode: 'HAWK-E', dispatchedBy: 'operator' });
    expect(row!.outAt).toBeInstanceOf(Date);

    expect(await outcome(operator.api.trailers.dispatch({ query: { id } }))).toMatchObject({
      status: 409,
      body: { message: messages.trailerAlreadyDispatched },
    });
    await admin.api.trailers.dispatch({ query: { id, dispatchMode: 'Manual' } });
    const [again] = await t.db.select().from(trailers).where(eq(trailers.id, id));
    expect(again).toMatchObject({ dispatchMode: 'Manual', dispatchedBy: 'admin' });
    await superadmin.api.trailers.dispatch({ query: { trailerTagId: trailerTag } });

    expect(await outcome(operator.api.trailers.dispatch({ query: { trailerTagId: '00000000' } }))).toMatchObject({
      status: 404,
      body: { message: messages.trailerNotFound },
    });
    expect(await outcome(operator.api.trailers.dispatch({ query: {} }))).toMatchObject({ status: 400 });

    // Each dispatch reaches the trailers list live (the creation's message may come too).
    await t.relay.kick();
    const dispatches = () =>
      live.filter(
        (message) =>
          message.type === 'trailers.trailer.v1' && message.data.trailerId === id && message.data.trailer?.outDate,
      );
    await expect.poll(() => dispatches().length).toBe(3);
    expect(dispatches()[0]).toMatchObject({
      topic: 'trailers',
      data: { trailerId: id, trailer: { id, dispatchMode: 'HAWK-E' } },
    });
  });
});

describe('trailer permissions (spec 3 §6)', () => {
  it('refuse the screen to those without trailersVisible, and writes without create/update rights', async () => {
    expect((await outcome(t.api.trailers.page())).status).toBe(401);
    const manager = await t.login('manager');
    for (const call of [
      manager.api.trailers.page() as Promise<unknown>,
      manager.api.trailers.plaCards(),
      manager.api.trailers.permanent(),
      manager.api.trailers.dispatch({ query: { id: 1 } }),
      manager.api.trailers.uploadPlaCards({ body: { file: csv('a.csv', 'tag,card\n12345678,P\n') } }),
    ])
      expect((await outcome(call)).status).toBe(403);

    // Visible but without crudEnabled: reading yes, writing only from the landing page /trailers.
    const reader = await createUserWithPermissions(
      t,
      superadmin.auth,
      'trailer-reader',
      { trailersVisible: true },
      '/trailers',
    );
    expect((await outcome(reader.api.trailers.page())).status).toBe(200);
    const body = { trailerTagNumber: tag(), plaCardNumber: unique('PL') };
    expect((await outcome(reader.api.trailers.createPlaCard({ body }))).status).toBe(403);
    const fromLanding = await outcome(
      reader.api.trailers.createPlaCard({ body }, { headers: { PagePath: '/trailers' } }),
    );
    expect(fromLanding).toMatchObject({ status: 200, body: { status: 'TRSuccess' } });
  });
});

describe('trailers export', () => {
  it('writes the list as asked, xlsx or csv', async () => {
    const number = unique('EX');
    await addTrailer({ trailerNumber: number });
    const xlsxFile = await operator.api.trailers.export({ query: { searchText: number } });
    expect(xlsxFile.filePath).toMatch(/^\/rest\/exports\/[0-9a-f-]{36}\/trailers-.*\.xlsx$/);
    const csvFile = await operator.api.trailers.export({ query: { searchText: number, format: 'csv' } });
    const [, , , token, fileName] = csvFile.filePath.split('/');
    const bytes = await operator.api.exports.download({ params: { token: token!, fileName: fileName! } });
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('Trailer number');
    expect(text).toContain(number);
  });
});

describe('PLA cards (spec 3 §3, §7)', () => {
  it('are added, listed, changed and deleted; a tag and a card are mapped once', async () => {
    const trailerTag = tag();
    const card = unique('PLA');
    const created = await superadmin.api.trailers.createPlaCard({
      body: { trailerTagNumber: trailerTag, plaCardNumber: card },
    });
    expect(created.status).toBe('TRSuccess');
    const page = await superadmin.api.trailers.plaCards({ query: { searchText: card } });
    expect(page).toEqual({
      plaCards: [{ id: created.id, trailerTagNumber: trailerTag, plaCardNumber: card }],
      totalCount: 1,
    });

    expect(
      await outcome(
        superadmin.api.trailers.createPlaCard({ body: { trailerTagNumber: trailerTag, plaCardNumber: unique('P') } }),
      ),
    ).toMatchObject({
      status: 409,
      body: { message: messages.trailerTagTaken(trailerTag), field: 'trailerTagNumber' },
    });
    expect(
      await outcome(superadmin.api.trailers.createPlaCard({ body: { trailerTagNumber: tag(), plaCardNumber: card } })),
    ).toMatchObject({ status: 409, body: { message: messages.plaCardTaken(card), field: 'plaCardNumber' } });
    expect(
      await outcome(superadmin.api.trailers.createPlaCard({ body: { trailerTagNumber: '1234', plaCardNumber: card } })),
    ).toMatchObject({ status: 400, body: { message: messages.trailerTagLength, field: 'trailerTagNumber' } });

    await superadmin.api.trailers.updatePlaCard({
      body: { id: created.id!, trailerTagNumber: trailerTag, plaCardNumber: `${card}B` },
    });
    expect((await superadmin.api.trailers.plaCards({ query: { searchText: `${card}B` } })).totalCount).toBe(1);
    expect(
      await outcome(
        superadmin.api.trailers.updatePlaCard({ body: { trailerTagNumber: trailerTag, plaCardNumber: 'X' } }),
      ),
    ).toMatchObject({
      status: 400,
    });
    await superadmin.api.trailers.deletePlaCard({ params: { id: created.id! } });
    expect(await outcome(superadmin.api.trailers.deletePlaCard({ params: { id: created.id! } }))).toMatchObject({
      status: 404,
    });
  });

  it('page from a one-based skip', async () => {
    const prefix = unique('PP');
    for (let index = 0; index < 3; index += 1)
      await superadmin.api.trailers.createPlaCard({
        body: { trailerTagNumber: tag(), plaCardNumber: `${prefix}-${index}` },
      });
    const second = await superadmin.api.trailers.plaCards({ query: { searchText: prefix, skip: 3, limit: 2 } });
    expect(second.totalCount).toBe(3);
    expect(second.plaCards.map((card) => card.plaCardNumber)).toEqual([`${prefix}-0`]);
  });
});

describe('permanent trailers (spec 3 §3, §7)', () => {
  it('are added, listed, changed and deleted; a number and a tag belong to one', async () => {
    const number = unique('PT');
    const trailerTag = tag();
    const created = await superadmin.api.trailers.createPermanent({
      body: { trailerNumber: number, trailerTag, trailerType: 'Drop', transporter: 'Acme Haulage' },
    });
    expect(created.status).toBe('TRSuccess');
    expect(
      (await superadmin.api.trailers.permanent({ query: { searchText: 'acme haul' } })).permanentTrailers,
    ).toContainEqual({
      id: created.id,
      trailerNumber: number,
      trailerTag,
      trailerType: 'Drop',
      transporter: 'Acme Haulage',
    });
    expect(
      await outcome(superadmin.api.trailers.createPermanent({ body: { trailerNumber: number, trailerTag: tag() } })),
    ).toMatchObject({ status: 409, body: { message: messages.trailerNumberTaken(number), field: 'trailerNumber' } });
    expect(
      await outcome(superadmin.api.trailers.createPermanent({ body: { trailerNumber: unique('PT'), trailerTag } })),
    ).toMatchObject({ status: 409, body: { message: messages.trailerTagTaken(trailerTag), field: 'trailerTag' } });
    await superadmin.api.trailers.updatePermanent({
      body: { id: created.id!, trailerNumber: number, trailerTag, transporter: null },
    });
    const [row] = (await superadmin.api.trailers.permanent({ query: { searchText: number } })).permanentTrailers;
    expect(row).toMatchObject({ transporter: null, trailerType: null });
    await superadmin.api.trailers.deletePermanent({ params: { id: created.id! } });
    expect((await superadmin.api.trailers.permanent({ query: { searchText: number } })).totalCount).toBe(0);
  });
});

describe('uploads (multipart file and user, through the typed client)', () => {
  it('save every row of a good csv, one result per row, and change nothing on a second upload', async () => {
    const cards = [unique('UC'), unique('UC')];
    const tags = [tag(), tag()];
    const file = csv(
      'cards.csv',
      `Trailer Tag Number,PLA Card Number\r\n${tags[0]},${cards[0]}\r\n\r\n"${tags[1]}","${cards[1]}"\r\n`,
    );
    const result = await operator.api.trailers.uploadPlaCards({ body: { file, user: 'operator' } });
    expect(result).toEqual({
      responsestatus: 'success',
      saved: 2,
      rows: [
        { row: 2, status: 'Saved' },
        { row: 4, status: 'Saved' },
      ],
    });
    expect((await operator.api.trailers.plaCards({ query: { searchText: cards[1] } })).plaCards[0]).toMatchObject({
      trailerTagNumber: tags[1],
    });
    const again = await operator.api.trailers.uploadPlaCards({ body: { file } });
    expect(again).toMatchObject({ responsestatus: 'success', saved: 0 });
    expect(again.rows.map((row) => row.status)).toEqual(['Unchanged', 'Unchanged']);
  });

  it('save an xlsx sheet', async () => {
    const number = unique('XP');
    const trailerTag = tag();
    const file = await xlsx([
      ['trailerNumber', 'trailerTag', 'trailerType', 'transporter'],
      [number, trailerTag, 'Pickup', 'Road Co'],
    ]);
    const result = await operator.api.trailers.uploadPermanent({ body: { file, user: 'operator' } });
    expect(result).toEqual({ responsestatus: 'success', saved: 1, rows: [{ row: 2, status: 'Saved' }] });
    expect(
      (await operator.api.trailers.permanent({ query: { searchText: number } })).permanentTrailers[0],
    ).toMatchObject({
      trailerTag,
      trailerType: 'Pickup',
      transporter: 'Road Co',
    });
  });

  it('save nothing when any row is refused, and say why per row', async () => {
    const taken = tag();
    const takenCard = unique('TK');
    await superadmin.api.trailers.createPlaCard({ body: { trailerTagNumber: taken, plaCardNumber: takenCard } });
    const fresh = [tag(), unique('FR')] as const;
    const repeatedCard = unique('RP');
    const lines = [
      'tag;card',
      `${fresh[0]};${fresh[1]}`,
      `${taken};${unique('OT')}`,
      `${tag()};${takenCard}`,
      `123;${unique('SH')}`,
      `${tag()};${repeatedCard}`,
      `${tag()};${repeatedCard}`,
    ];
    const before = (await superadmin.api.trailers.plaCards()).totalCount;
    const result = await operator.api.trailers.uploadPlaCards({ body: { file: csv('mixed.csv', lines.join('\n')) } });
    expect(result.responsestatus).toBe('failed');
    expect(result.saved).toBe(0);
    expect(result.rows).toEqual([
      { row: 2, status: 'Not saved' },
      { row: 3, status: 'Refused', message: messages.trailerTagTaken(taken) },
      { row: 4, status: 'Refused', message: messages.plaCardTaken(takenCard) },
      { row: 5, status: 'Refused', message: messages.trailerTagLength },
      { row: 6, status: 'Not saved' },
      { row: 7, status: 'Refused', message: messages.uploadRowRepeated(6) },
    ]);
    expect((await superadmin.api.trailers.plaCards()).totalCount).toBe(before);
    expect((await superadmin.api.trailers.plaCards({ query: { searchText: fresh[1] } })).totalCount).toBe(0);
  });

  it('refuse a file that is no sheet of the kind, changing nothing', async () => {
    const before = (await superadmin.api.trailers.permanent()).totalCount;
    for (const file of [
      { name: 'sheet.xlsx', content: utf8Bytes('not a zip at all') },
      { name: 'broken.xlsx', content: Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]) },
      { name: 'photo.png', content: Uint8Array.from([0x89, 0x50, 0x4e, 0x47]) },
      csv('wrong.csv', 'colour,size\nred,20\n'),
      csv('empty.csv', ''),
      csv('quote.csv', 'trailerNumber,trailerTag\n"T1,12345678\n'),
    ]) {
      expect(await outcome(operator.api.trailers.uploadPermanent({ body: { file } })), file.name).toMatchObject({
        status: 400,
        body: { message: messages.uploadBadFile },
      });
    }
    expect(
      await outcome(
        operator.api.trailers.uploadPermanent({ body: { file: csv('h.csv', 'trailerNumber,trailerTag\n') } }),
      ),
    ).toMatchObject({
      status: 400,
      body: { message: messages.uploadNoRows },
    });
    expect((await superadmin.api.trailers.permanent()).totalCount).toBe(before);
  });

  it('refuse a request that is not a multipart form, has no file or is too large', async () => {
    const url = '/rest/enterprise/trailers/pla-cards/upload';
    const json = await t.app.inject({ method: 'POST', url, headers: operator.auth, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ message: messages.uploadNotMultipart });
    const noFile = await outcome(operator.api.trailers.uploadPlaCards({ body: { user: 'operator' } as never }));
    expect(noFile).toMatchObject({ status: 400, body: { field: 'file' } });
    const large = await outcome(
      operator.api.trailers.uploadPlaCards({
        body: { file: { name: 'big.csv', content: new Uint8Array(5 * 1024 * 1024 + 1).fill(65) } },
      }),
    );
    expect(large).toMatchObject({ status: 413, body: { message: messages.uploadTooLarge(5 * 1024 * 1024) } });
    const twoFiles = await outcome(
      operator.api.trailers.uploadPlaCards({
        body: { file: csv('a.csv', 'tag,card\n'), other: csv('b.csv', 'tag,card\n') } as never,
      }),
    );
    expect(twoFiles).toMatchObject({ status: 413, body: { message: messages.uploadTooManyParts } });
    const rows = Array.from({ length: 5001 }, (_, index) => `${10_000_000 + index},MANY-${index}`).join('\n');
    expect(
      await outcome(operator.api.trailers.uploadPlaCards({ body: { file: csv('many.csv', `tag,card\n${rows}`) } })),
    ).toMatchObject({ status: 400, body: { message: messages.uploadTooManyRows(5000) } });
  });

  it('travel over HTTP from the fetch transport as well (bytes of a multipart body)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const api = httpClient(address.replace('0.0.0.0', '127.0.0.1'), operator.auth);
    const number = unique('HT');
    const result = await api.trailers.uploadPermanent({
      body: { file: csv('perm.csv', `trailerNumber;trailerTag\n${number};${tag()}\n`), user: 'operator' },
    });
    expect(result).toEqual({ responsestatus: 'success', saved: 1, rows: [{ row: 2, status: 'Saved' }] });
    expect((await api.trailers.permanent({ query: { searchText: number } })).totalCount).toBe(1);
  });
});
