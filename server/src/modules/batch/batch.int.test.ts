import { deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BATCH_MAX_BYTES,
  BATCH_ROW_STATUSES,
  messages,
  utf8Bytes,
  type BatchJob,
  type LiveMessage,
} from '@openyard/contracts';
import { noErp, type Erp } from '../../adapters/erp';
import { createMemoryQueue, type JobHandler } from '../../adapters/queue';
import { trailers } from '../../db/schema';
import { projectEvents } from '../../live/projection';
import { outcome } from '../../test/api-client';
import { eventually } from '../../test/eventually';
import { requestId, rfidTag } from '../../test/gate-fixtures';
import { createTestApp, createUserWithPermissions, type TestApp } from '../../test/test-app';
import { containerNumber } from '../../test/yard-fixtures';
import { craftedZip, minimalXlsxEntries } from '../../test/zip-fixtures';

// Batch files (issue 20; spec 1 §7): rows through the gate's own services, one result per row in
// the answer and the xlsx report, all or nothing or row by row, bad files refused whole, and large
// files run as a queued job with their progress on the websocket.

const logger = pino({ level: 'silent' });
const queue = createMemoryQueue({ logger });
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
const live: LiveMessage[] = [];
// The ERP the dispatches ask: the numbers it still knows, and every lookup it was asked.
const inErp = new Set<string>();
const erpLookups: string[] = [];
const erp: Erp = {
  ...noErp,
  findContainer: async (number) => {
    erpLookups.push(number);
    return { found: inErp.has(number) };
  },
};

beforeAll(async () => {
  t = await createTestApp({ queue, erp, env: { FEATURE_PLANNING: 'false', BATCH_INLINE_MAX_ROWS: '50' } });
  admin = await t.login('superadmin');
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
  queue.process(
    new Map<string, JobHandler>([
      ['BatchFile', async (data) => t.services.batch.runJob((data as { jobId: string }).jobId)],
    ]),
    { concurrency: 1 },
  );
});
afterAll(async () => {
  await queue.close();
  await t.close();
});

// A zip whose directory says its parts unpack to 512 MB (eight parts of 64 MB of zeros, half a
// megabyte packed): what a zip bomb looks like to the reader, which refuses it before unpacking.
function zipBomb(): Uint8Array {
  const packed = deflateRawSync(Buffer.alloc(64 * 1024 * 1024));
  return craftedZip(
    Array.from({ length: 8 }, (_, index) => ({
      name: `xl/worksheets/sheet${index + 1}.xml`,
      packed,
      declaredBytes: 64 * 1024 * 1024,
    })),
  );
}

// An xlsx whose headers say its sheet is a few hundred bytes while it inflates to 32 MB: the
// directory passes every limit; the reader counts what it unpacks and stops at the lie.
function lyingXlsx(): Uint8Array {
  const rows = [['Container Number', 'Tag Id', 'Container Size', 'Gate In Purpose', 'Trailer Number']];
  const small = minimalXlsxEntries(rows);
  return craftedZip(
    minimalXlsxEntries(rows, 32 * 1024 * 1024).map((entry, index) => ({
      ...entry,
      declaredBytes: small[index]!.data.length,
    })),
  );
}

const csv = (name: string, text: string) => ({ name, type: 'text/csv', content: utf8Bytes(text) });
const GATE_IN_HEADER = 'Container Number,Tag Id,Container Size,Gate In Purpose,Trailer Number';
const gateInLine = (number = containerNumber(), tag = rfidTag()) =>
  `${number},${tag},20,Import,MH04${number.slice(4, 10)}`;

async function inYard(number: string) {
  return (await admin.api.containers.inYard({ query: { searchText: number } })).entities.some(
    (row) => row.containerNumber === number,
  );
}

async function xlsx(rows: (string | number | { formula: string })[][]) {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Rows');
  for (const row of rows) sheet.addRow(row);
  return { name: 'rows.xlsx', content: new Uint8Array(await book.xlsx.writeBuffer()) };
}

async function reportRows(path: string) {
  const response = await t.app.inject({ url: path, headers: admin.auth });
  expect(response.statusCode).toBe(200);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) =>
    rows.push((row.values as (string | number | null | undefined)[]).slice(1).map((value) => String(value ?? ''))),
  );
  return rows;
}

describe('POST batch/gate-in', () => {
  it('gates in every good row through the gate service, refuses the bad one with its reason, and reports each row', async () => {
    const [a, b] = [containerNumber(), containerNumber()];
    const result = await admin.api.batch.gateIn({
      body: {
        file: csv(
          'gate-in.csv',
          [GATE_IN_HEADER, gateInLine(a), `${containerNumber()},${rfidTag()},20,,MH01`, gateInLine(b)].join('\n'),
        ),
        user: 'superadmin',
      },
    });
    expect(result.responsestatus).toBe('success');
    expect(result.rows.map((row) => [row.row, row.status])).toEqual([
      [2, BATCH_ROW_STATUSES.done],
      [3, BATCH_ROW_STATUSES.refused],
      [4, BATCH_ROW_STATUSES.done],
    ]);
    // The gate form's own rule and words (spec 1 §4).
    expect(result.rows[1]!.message).toBe(messages.gateInPurposeRequired);
    expect(result.job).toMatchObject({ status: 'done', total: 3, succeeded: 2, failed: 1, progress: 1 });
    expect(result.message).toBe(messages.batchDone(2, 3));
    expect(await inYard(a)).toBe(true);
    expect(await inYard(b)).toBe(true);
    const report = await reportRows(result.generatedReport!);
    expect(report[0]).toEqual(['Row', 'Container', 'Status', 'Message']);
    expect(report.slice(1).map((row) => row[2])).toEqual(['Done', 'Refused', 'Done']);
    // The same file again: the rows were written under their own request ids, so a second run of the
    // same job is harmless; a new upload is a new gate-in, refused as the gate refuses it.
    const again = await admin.api.batch.gateIn({
      body: { file: csv('again.csv', [GATE_IN_HEADER, gateInLine(a)].join('\n')) },
    });
    expect(again.rows[0]).toMatchObject({
      status: BATCH_ROW_STATUSES.refused,
      message: messages.gateContainerInYard(a),
    });
  });

  it('all or nothing: one refused row and nothing is written, the good rows say why', async () => {
    const [a, b] = [containerNumber(), containerNumber()];
    const duplicateTag = rfidTag();
    const result = await admin.api.batch.gateIn({
      body: {
        file: csv('aon.csv', [GATE_IN_HEADER, gateInLine(a, duplicateTag), gateInLine(b, duplicateTag)].join('\n')),
        mode: 'allOrNothing',
      },
    });
    expect(result.rows.map((row) => row.status)).toEqual([BATCH_ROW_STATUSES.notSaved, BATCH_ROW_STATUSES.refused]);
    expect(result.rows[1]!.message).toBe(messages.gateTagBound(duplicateTag, a));
    expect(result.job).toMatchObject({ succeeded: 0, failed: 2 });
    expect(result.message).toBe(messages.batchNothingSaved(1));
    expect(await inYard(a)).toBe(false);
    expect(await inYard(b)).toBe(false);
  });

  it('row by row, a chunk’s rows meet the yard and each other in file order: a number, tag or trailer tag an earlier row took is refused', async () => {
    const [a, c, e, f] = [containerNumber(), containerNumber(), containerNumber(), containerNumber()];
    const [tagA, trailerTag] = [rfidTag(), rfidTag()];
    await admin.api.batch.gateIn({ body: { file: csv('before.csv', [GATE_IN_HEADER, gateInLine(e)].join('\n')) } });
    const header = `${GATE_IN_HEADER},Trailer Tag`;
    const result = await admin.api.batch.gateIn({
      body: {
        file: csv(
          'set.csv',
          [
            header,
            `${gateInLine(a, tagA)},`,
            `${gateInLine(a)},`,
            `${gateInLine(containerNumber(), tagA)},`,
            `${c},${rfidTag()},20,Import,MH04TT0001,${trailerTag}`,
            `${containerNumber()},${rfidTag()},20,Import,MH04TT0002,${trailerTag}`,
            `${gateInLine(e)},`,
            `${gateInLine(f)},`,
          ].join('\n'),
        ),
      },
    });
    expect(result.rows.map((row) => [row.row, row.status, row.message])).toEqual([
      [2, BATCH_ROW_STATUSES.done, messages.gateInSuccessful],
      [3, BATCH_ROW_STATUSES.refused, messages.gateContainerInYard(a)],
      [4, BATCH_ROW_STATUSES.refused, messages.gateTagBound(tagA, a)],
      [5, BATCH_ROW_STATUSES.done, messages.gateInSuccessful],
      [6, BATCH_ROW_STATUSES.refused, messages.gateTrailerTagInYard(trailerTag, 'MH04TT0001')],
      [7, BATCH_ROW_STATUSES.refused, messages.gateContainerInYard(e)],
      [8, BATCH_ROW_STATUSES.done, messages.gateInSuccessful],
    ]);
    expect(result.job).toMatchObject({ succeeded: 3, failed: 4 });
    for (const number of [a, c, f]) expect(await inYard(number)).toBe(true);
    // One visit for the trailer tag: the saved row's.
    const visits = await t.db.select().from(trailers).where(eq(trailers.trailerTagId, trailerTag));
    expect(visits.map((row) => row.trailerNumber)).toEqual(['MH04TT0001']);
  });

  it('all or nothing: the rows written are told while the file’s one transaction writes', async () => {
    const numbers = Array.from({ length: 120 }, () => containerNumber());
    const file = csv('aon-large.csv', [GATE_IN_HEADER, ...numbers.map((number) => gateInLine(number))].join('\n'));
    const before = live.length;
    const queued = await admin.api.batch.gateIn({ body: { file, mode: 'allOrNothing' } });
    let job: BatchJob | undefined;
    await eventually(async () => {
      job = await admin.api.batch.job({ params: { jobId: queued.job.jobId } });
      return job.status === 'done' || job.status === 'failed';
    }, 100_000);
    expect(job).toMatchObject({ status: 'done', succeeded: 120, processed: 120, progress: 1 });
    expect(await inYard(numbers[119]!)).toBe(true);
    const stepsOfJob = () =>
      live
        .slice(before)
        .flatMap((message) =>
          message.type === 'batch.job.v1' && message.data.jobId === queued.job.jobId ? [message.data] : [],
        );
    // The outbox relay sends a step after its commit, so the last one may reach the bus after the
    // job's answer already says done.
    await eventually(async () => stepsOfJob().at(-1)?.status === 'done');
    const steps = stepsOfJob();
    const writing = steps.filter(
      (step) => step.status === 'running' && step.message === messages.batchWriting(50, 120),
    );
    // Sent while the write's transaction is open: the first chunk's rows, at half the progress and
    // more. PostgreSQL stores it from another connection; PGlite's one connection is the write's
    // until it commits, so there it is told on the bus without the outbox (tellNow).
    expect(writing).toHaveLength(1);
    expect(writing[0]).toMatchObject({ processed: 50, total: 120, succeeded: 0 });
    expect(writing[0]!.progress).toBeGreaterThanOrEqual(0.5);
    expect(writing[0]!.progress).toBeLessThan(1);
    // Told before the file's end was stored: the done step comes after it.
    const done = steps.findIndex((step) => step.status === 'done');
    expect(steps.indexOf(writing[0]!)).toBeLessThan(done);
    expect(steps.at(-1)).toMatchObject({ status: 'done', progress: 1 });
  }, 120_000);

  it('refuses a bad file whole, saying why, and changes nothing', async () => {
    const number = containerNumber();
    const refusedWith = async (file: { name: string; content: Uint8Array; type?: string }) => {
      const answer = await outcome(admin.api.batch.gateIn({ body: { file } }));
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      return (answer.body as unknown as { message: string }).message;
    };
    // Wrong columns: named.
    expect(await refusedWith(csv('cols.csv', `Container Number,Size\n${number},20\n`))).toBe(
      messages.batchWrongColumns('tagId, gateInPurpose, trailerNumber'),
    );
    // Not a spreadsheet.
    expect(await refusedWith({ name: 'photo.xlsx', content: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) })).toBe(
      messages.uploadBadFile,
    );
    // A formula, in an xlsx and in a csv.
    expect(
      await refusedWith(
        await xlsx([
          ['Container Number', 'Tag Id', 'Container Size', 'Gate In Purpose', 'Trailer Number'],
          [number, { formula: '1+1' }, '20', 'Import', 'MH01'],
        ]),
      ),
    ).toBe(messages.batchFormula('B2'));
    expect(await refusedWith(csv('f.csv', `${GATE_IN_HEADER}\n${number},=HYPERLINK("x"),20,Import,MH01\n`))).toBe(
      messages.batchFormula('B2'),
    );
    // A zip bomb, refused before it is opened.
    expect(await refusedWith({ name: 'bomb.xlsx', content: zipBomb() })).toBe(messages.batchZipBomb);
    // A zip lying about its sizes, refused as it unpacks.
    expect(await refusedWith({ name: 'lying.xlsx', content: lyingXlsx() })).toBe(messages.uploadZipSizesWrong);
    // Too many rows.
    const many = [GATE_IN_HEADER, ...Array.from({ length: 100_001 }, (_, index) => `X${index},1,20,Import,T`)].join(
      '\n',
    );
    expect(await refusedWith(csv('many.csv', many))).toBe(messages.uploadTooManyRows(100_000));
    expect(await inYard(number)).toBe(false);
  });

  it('refuses a file over 50 MB with 413 before reading it', async () => {
    const big = new Uint8Array(BATCH_MAX_BYTES + 1).fill(0x41);
    const answer = await outcome(admin.api.batch.gateIn({ body: { file: { name: 'big.csv', content: big } } }));
    expect(answer.status).toBe(413);
    expect((answer.body as unknown as { message: string }).message).toBe(messages.uploadTooLarge(BATCH_MAX_BYTES));
  });

  it('runs a large file as a queued job, its progress moving on the websocket, with the report at the end', async () => {
    const numbers = Array.from({ length: 160 }, () => containerNumber());
    const file = csv('large.csv', [GATE_IN_HEADER, ...numbers.map((number) => gateInLine(number))].join('\n'));
    const queued = await admin.api.batch.gateIn({ body: { file } });
    expect(queued).toMatchObject({
      responsestatus: 'queued',
      message: messages.batchQueued(160),
      generatedReport: null,
    });
    let job: BatchJob | undefined;
    await eventually(async () => {
      job = await admin.api.batch.job({ params: { jobId: queued.job.jobId } });
      return job.status === 'done' || job.status === 'failed';
    }, 100_000);
    expect(job).toMatchObject({ status: 'done', total: 160, succeeded: 160, failed: 0, progress: 1 });
    expect(job!.generatedReport).toMatch(/^\/rest\/exports\/.+\.xlsx$/);
    expect((await reportRows(job!.generatedReport!)).length).toBe(161);
    const steps = live.flatMap((message) =>
      message.type === 'batch.job.v1' && message.data.jobId === queued.job.jobId ? [message.data] : [],
    );
    // Queued, then running with progress between 0 and 1, never going back, then done. (How many
    // steps between depends on how fast the rows go: progress is sent at most every 250 ms.)
    expect(steps[0]!.status).toBe('queued');
    expect(steps.some((step) => step.status === 'running' && step.progress > 0 && step.progress < 1)).toBe(true);
    const progress = steps.map((step) => step.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(steps.at(-1)).toMatchObject({ status: 'done', progress: 1 });
    expect(await inYard(numbers[159]!)).toBe(true);
  }, 120_000);
});

describe('POST batch/dispatch', () => {
  it('dispatches the rows in the yard and refuses the one that is not', async () => {
    const [a, missing] = [containerNumber(), containerNumber()];
    await admin.api.batch.gateIn({ body: { file: csv('in.csv', [GATE_IN_HEADER, gateInLine(a)].join('\n')) } });
    const result = await admin.api.batch.dispatch({
      body: { file: csv('out.csv', `Container Number,Dispatch Time\n${a},${Date.now()}\n${missing},\n`) },
    });
    expect(result.rows.map((row) => [row.containerNumber, row.status, row.message])).toEqual([
      [a, BATCH_ROW_STATUSES.done, messages.dispatchSuccessful],
      [missing, BATCH_ROW_STATUSES.refused, messages.dispatchNotInYard(missing)],
    ]);
    expect(await inYard(a)).toBe(false);
  });

  it('checks a chunk’s rows together, each with its own answer in file order; the ERP is asked only for rows still going', async () => {
    const [a, b, known, missing] = [containerNumber(), containerNumber(), containerNumber(), containerNumber()];
    await admin.api.batch.gateIn({
      body: { file: csv('in.csv', [GATE_IN_HEADER, gateInLine(a), gateInLine(b), gateInLine(known)].join('\n')) },
    });
    inErp.add(known);
    erpLookups.length = 0;
    const file = (forceDispatch?: 'true') => ({
      file: csv(
        'out.csv',
        ['Container Number,Dispatch Time', `${missing},`, `${a},`, `${b},31-02-2026`, `${known},`, `${a},`].join('\n'),
      ),
      ...(forceDispatch ? { forceDispatch } : {}),
    });
    const result = await admin.api.batch.dispatch({ body: file() });
    expect(result.rows.map((row) => [row.row, row.containerNumber, row.status, row.message])).toEqual([
      [2, missing, BATCH_ROW_STATUSES.refused, messages.dispatchNotInYard(missing)],
      [3, a, BATCH_ROW_STATUSES.done, messages.dispatchSuccessful],
      [4, b, BATCH_ROW_STATUSES.refused, messages.sheetBadDate],
      [5, known, BATCH_ROW_STATUSES.refused, messages.dispatchFoundInErp(known)],
      // The same container again: gone with row 3 when its own transaction runs.
      [6, a, BATCH_ROW_STATUSES.refused, messages.dispatchNotInYard(a)],
    ]);
    // Not for the row not in the yard, nor the one with a bad date.
    expect(erpLookups.toSorted()).toEqual([a, a, known].toSorted());
    expect(await inYard(known)).toBe(true);
    // Forced: the container the ERP knows leaves too.
    const forced = await admin.api.batch.dispatch({ body: file('true') });
    expect(forced.rows.find((row) => row.containerNumber === known)?.status).toBe(BATCH_ROW_STATUSES.done);
    expect(await inYard(known)).toBe(false);
  });
  it('a chunk’s dispatches close the trucks as dispatches one after another would', async () => {
    const [a, b, c] = [containerNumber(), containerNumber(), containerNumber()];
    await admin.api.batch.gateIn({
      body: { file: csv('in.csv', [GATE_IN_HEADER, gateInLine(a), gateInLine(b), gateInLine(c)].join('\n')) },
    });
    // A truck came for a and b: it leaves with the last of them, not before.
    const vehicle = await admin.api.gateOperations.trailerGateIn({
      body: {
        requestId: requestId(),
        trailerNumber: 'MH43BATCH1',
        trailerTag: rfidTag(),
        gateInType: 'Loaded Delivery',
        containerNumbers: [a, b],
      },
    });
    const visitOf = async (id: number) => (await t.db.select().from(trailers).where(eq(trailers.id, id)))[0]!;
    const truckOf = async (number: string) =>
      (
        await t.db
          .select()
          .from(trailers)
          .where(eq(trailers.trailerNumber, `MH04${number.slice(4, 10)}`))
      )[0]!;
    const at = Date.now();
    const result = await admin.api.batch.dispatch({
      body: {
        file: csv(
          'out.csv',
          [
            'Container Number,Dispatch Time,Trailer Number',
            `${a},${at},`,
            // c's own truck, by its number (case aside).
            `${c},${at + 1000},mh04${c.slice(4, 10)}`,
            `${b},${at + 2000},`,
          ].join('\n'),
        ),
      },
    });
    expect(result.rows.map((row) => row.status)).toEqual(Array(3).fill(BATCH_ROW_STATUSES.done));
    expect((await visitOf(vehicle.visitId!)).outAt?.getTime()).toBe(at + 2000);
    expect((await truckOf(c)).outAt?.getTime()).toBe(at + 1000);
    // a left without a trailer number: its own container truck stays (a vehicle gate-in's only).
    expect((await truckOf(a)).outAt).toBeNull();
  });
});

describe('POST batch/sync', () => {
  it('compares the file with the yard and updates the IGM and item of containers in it', async () => {
    const [a, b] = [containerNumber(), containerNumber()];
    await admin.api.batch.gateIn({
      body: { file: csv('in.csv', [GATE_IN_HEADER, gateInLine(a), gateInLine(b)].join('\n')) },
    });
    const stranger = containerNumber();
    const result = await admin.api.batch.sync({
      body: {
        file: csv('erp.csv', `Container Number,IGM,Item\n${a},IGM77,3\n${stranger},,\n`),
        update: 'true',
        compareWithDb: 'true',
        lastUpdated: String(Date.now() + 1000),
      },
    });
    expect(result.generatedReport).toMatch(/\.xlsx$/);
    expect(result.rows.find((row) => row.containerNumber === a)).toMatchObject({
      status: BATCH_ROW_STATUSES.updated,
      message: messages.batchSyncUpdated('IGM and ITEM'),
    });
    expect(result.rows.find((row) => row.containerNumber === stranger)?.status).toBe(BATCH_ROW_STATUSES.notInYard);
    expect(result.rows.find((row) => row.containerNumber === b)).toMatchObject({
      row: 0,
      status: BATCH_ROW_STATUSES.notInFile,
    });
    const [container] = (await admin.api.containers.inYard({ query: { searchText: a } })).entities;
    expect(container).toMatchObject({ igm: 'IGM77', item: '3' });
  });
});

describe('access', () => {
  it('needs the containers screen with create/update rights; a job is its owner’s', async () => {
    const reader = await createUserWithPermissions(t, admin.auth, 'batch-reader', { containersVisible: true });
    const answer = await outcome(
      reader.api.batch.gateIn({ body: { file: csv('x.csv', [GATE_IN_HEADER, gateInLine()].join('\n')) } }),
    );
    expect(answer.status).toBe(403);
    const mine = await admin.api.batch.sync({
      body: { file: csv('s.csv', `Container Number\n${containerNumber()}\n`) },
    });
    expect((await outcome(reader.api.batch.job({ params: { jobId: mine.job.jobId } }))).status).toBe(403);
  });
});
