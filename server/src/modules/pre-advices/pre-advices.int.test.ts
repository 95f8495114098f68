import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isValidContainerNumber,
  messages,
  yardDayOf,
  yardDayRange,
  type IgateInForm,
  type PreAdviceInput,
} from '@openyard/contracts';
import { preAdvices } from '../../db/schema';
import { outcome } from '../../test/api-client';
import { createGate, rfidTag, singleGateIn } from '../../test/gate-fixtures';
import { createTestApp, createUserWithPermissions, type TestApp } from '../../test/test-app';
import { containerNumber } from '../../test/yard-fixtures';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let inGate: number;
let timeZone: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('superadmin');
  ({ gateId: inGate } = await createGate(t, 'IN'));
  timeZone = (await admin.api.metadata.get()).timeZone;
});
afterAll(() => t.close());

const tomorrow = () => Date.now() + 86_400_000;
const advice = (number: string, extra: Partial<PreAdviceInput> = {}): PreAdviceInput => ({
  containerNumber: number,
  expectedFrom: tomorrow(),
  containerSize: '20',
  ...extra,
});
const create = (input: PreAdviceInput, as = admin) => outcome(as.api.preAdvices.create({ body: input }));
const stored = async (number: string) =>
  t.db.select().from(preAdvices).where(eq(preAdvices.containerNumber, number)).orderBy(preAdvices.id);
const csv = (text: string) => ({
  file: { name: 'pre-advices.csv', type: 'text/csv', content: new TextEncoder().encode(text) },
});

describe('pre-advices by hand', () => {
  it('stores, lists, edits and deletes a pre-advice; the liner follows the owner code when not named', async () => {
    const number = containerNumber('MSKU');
    const from = tomorrow();
    const { status, body } = await create(
      advice(number.toLowerCase(), { expectedFrom: from, process: 'import', containerType: 'High Cube' }),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const range = yardDayRange(yardDayOf(from, timeZone), timeZone);
    expect(body.preAdvice).toMatchObject({
      containerNumber: number,
      expectedFrom: from,
      expectedTo: range.to,
      liner: 'Maersk',
      process: 'Import',
      category: null,
      containerSize: '20',
      containerType: 'High Cube',
      trailerNumber: null,
      source: 'manual',
      createdBy: 'superadmin',
      usedAt: null,
    });
    const page = await admin.api.preAdvices.page({ query: { searchText: number.slice(4, 10) } });
    expect(page.entities.map((entry) => entry.id)).toEqual([body.preAdvice.id]);
    expect(page.totalCount).toBe(1);

    const edited = await admin.api.preAdvices.update({
      params: { id: body.preAdvice.id },
      body: advice(number, {
        expectedFrom: from,
        expectedTo: from + 3_600_000,
        liner: 'MSC',
        category: 'Reefer',
        containerSize: '40',
        trailerNumber: ' MH04AB1234 ',
      }),
    });
    expect(edited.preAdvice).toMatchObject({
      expectedTo: from + 3_600_000,
      liner: 'MSC',
      process: null,
      category: 'Reefer',
      containerSize: '40',
      containerType: null,
      trailerNumber: 'MH04AB1234',
      source: 'manual',
      createdBy: 'superadmin',
    });
    expect((await admin.api.preAdvices.page({ query: { searchText: 'mh04ab' } })).entities[0]?.id).toBe(
      body.preAdvice.id,
    );

    expect(await admin.api.preAdvices.delete({ params: { id: body.preAdvice.id } })).toEqual({
      responsestatus: 'success',
      message: messages.preAdviceDeleted,
    });
    expect(await outcome(admin.api.preAdvices.delete({ params: { id: body.preAdvice.id } }))).toMatchObject({
      status: 404,
      body: { message: messages.preAdviceNotExisting },
    });
    expect(
      await outcome(admin.api.preAdvices.update({ params: { id: body.preAdvice.id }, body: advice(number) })),
    ).toMatchObject({ status: 404, body: { message: messages.preAdviceNotExisting } });
  });

  it('refuses a number failing the ISO 6346 check, a backwards window and unknown master data', async () => {
    const number = containerNumber('MSKU');
    const wrongDigit = `${number.slice(0, 10)}${(Number(number[10]) + 1) % 10}`;
    expect(isValidContainerNumber(wrongDigit)).toBe(false);
    expect(await create(advice(wrongDigit))).toMatchObject({
      status: 400,
      body: { message: messages.preAdviceNumberInvalid(wrongDigit), field: 'containerNumber' },
    });
    expect(await create(advice('MSKU12'))).toMatchObject({
      status: 400,
      body: { message: messages.preAdviceNumberInvalid('MSKU12') },
    });
    expect(await create(advice(number, { expectedTo: tomorrow() - 86_400_000 }))).toMatchObject({
      status: 400,
      body: { message: messages.preAdviceWindowBackwards, field: 'expectedTo' },
    });
    expect(await create(advice(number, { liner: 'Nobody Lines' }))).toMatchObject({
      status: 400,
      body: { message: messages.unknownMasterData('liner', 'Nobody Lines'), field: 'liner' },
    });
    expect(await create(advice(number, { containerSize: '33' }))).toMatchObject({
      status: 400,
      body: { message: messages.unknownMasterData('size', '33') },
    });
    expect(await stored(number)).toEqual([]);
  });

  it('keeps one open pre-advice per container, in the service and in the database', async () => {
    const number = containerNumber('MSKU');
    expect((await create(advice(number))).status).toBe(200);
    expect(await create(advice(number, { liner: 'MAERSK' }))).toMatchObject({
      status: 409,
      body: { message: messages.preAdviceOpenExists(number), field: 'containerNumber' },
    });
    const other = containerNumber('MSKU');
    const { body } = await create(advice(other));
    expect(
      await outcome(admin.api.preAdvices.update({ params: { id: body.preAdvice.id }, body: advice(number) })),
    ).toMatchObject({ status: 409, body: { message: messages.preAdviceOpenExists(number) } });

    // Writers that skip the service meet the same rules: the partial unique index and the check
    // digit's check constraint.
    const [row] = await stored(number);
    const raw = { ...row!, id: undefined, createdAt: undefined, updatedAt: undefined };
    await expect(t.db.insert(preAdvices).values(raw)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505' }) as unknown,
    });
    const wrongDigit = `${number.slice(0, 10)}${(Number(number[10]) + 1) % 10}`;
    await expect(t.db.insert(preAdvices).values({ ...raw, containerNumber: wrongDigit })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23514' }) as unknown,
    });
    expect(await stored(wrongDigit)).toEqual([]);
  });
});

describe('the gate-in uses the pre-advice', () => {
  it("sets usedAt in the clerk's gate-in transaction, and a refused gate-in leaves it open", async () => {
    const number = containerNumber('MSKU');
    const { body: first } = await create(advice(number));
    const gateIn = singleGateIn({ gateId: inGate, trailerTag1: rfidTag() }, { containerNumber: number });
    const { body } = await outcome(admin.api.gateOperations.gateIn({ body: gateIn }));
    expect(body.responsestatus, JSON.stringify(body)).toBe('success');
    const [used] = await stored(number);
    expect(used!.usedAt).toBeInstanceOf(Date);
    const listed = await admin.api.preAdvices.page({ query: { searchText: number, includeUsed: true } });
    expect(listed.entities[0]).toMatchObject({ id: first.preAdvice.id, usedAt: used!.usedAt!.getTime() });
    expect((await admin.api.preAdvices.page({ query: { searchText: number } })).totalCount).toBe(0);

    // Used: no longer changed or deleted; a new one for the same container may be opened.
    expect(
      await outcome(admin.api.preAdvices.update({ params: { id: first.preAdvice.id }, body: advice(number) })),
    ).toMatchObject({ status: 409, body: { message: messages.preAdviceUsed } });
    expect(await outcome(admin.api.preAdvices.delete({ params: { id: first.preAdvice.id } }))).toMatchObject({
      status: 409,
      body: { message: messages.preAdviceUsed },
    });
    const { status, body: second } = await create(advice(number));
    expect(status).toBe(200);
    // The container is in the yard: this gate-in is refused, and with it the pre-advice's use.
    const again = await outcome(
      admin.api.gateOperations.gateIn({
        body: singleGateIn({ gateId: inGate, trailerTag1: rfidTag() }, { containerNumber: number }),
      }),
    );
    expect(again).toMatchObject({ status: 409, body: { message: messages.gateContainerInYard(number) } });
    const rows = await stored(number);
    expect(rows.map((row) => [row.id, row.usedAt === null])).toEqual([
      [first.preAdvice.id, false],
      [second.preAdvice.id, true],
    ]);
  });

  it('rolls the use back with a gate-in that fails after it (one transaction)', async () => {
    const number = containerNumber('MSKU');
    await create(advice(number));
    // A fault injected where the gate-in opens the truck's visit, after the pre-advice is used.
    const trailerNumber = `FAULT${randomUUID().slice(0, 6)}`;
    await t.db.execute(
      sql.raw(`CREATE FUNCTION test_refuse_visit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.trailer_number = '${trailerNumber}' THEN RAISE EXCEPTION 'injected fault'; END IF;
          RETURN NEW;
        END $$`),
    );
    await t.db.execute(
      sql.raw(`CREATE TRIGGER test_refuse_visit BEFORE INSERT ON trailers
        FOR EACH ROW EXECUTE FUNCTION test_refuse_visit()`),
    );
    try {
      const gateIn = singleGateIn(
        { gateId: inGate, trailerTag1: rfidTag(), trailerNumber },
        { containerNumber: number },
      );
      expect((await outcome(admin.api.gateOperations.gateIn({ body: gateIn }))).status).toBe(500);
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER test_refuse_visit ON trailers'));
      await t.db.execute(sql.raw('DROP FUNCTION test_refuse_visit()'));
    }
    expect((await stored(number))[0]!.usedAt).toBeNull();
    const gateIn = singleGateIn({ gateId: inGate, trailerTag1: rfidTag() }, { containerNumber: number });
    expect((await outcome(admin.api.gateOperations.gateIn({ body: gateIn }))).body.responsestatus).toBe('success');
    expect((await stored(number))[0]!.usedAt).toBeInstanceOf(Date);
  });

  it('is used by the smart gate-in of an OCR record too', async () => {
    const number = containerNumber('MSKU');
    await create(advice(number));
    const record = await ocrRecord(inGate, number);
    const form: IgateInForm = {
      ...singleGateIn({ gateId: inGate, trailerTag1: rfidTag() }, { containerNumber: number }),
      gateId: inGate,
      recordId: record.id,
    };
    const { status, body } = await outcome(admin.api.smartGate.igateIn({ body: form }));
    expect(status, JSON.stringify(body)).toBe(200);
    expect((await stored(number))[0]!.usedAt).toBeInstanceOf(Date);
  });
});

describe('near-miss candidates at an IN gate', () => {
  it('ranks a pre-advised number first for a misread check digit, with its liner and day', async () => {
    const number = containerNumber('MSKU');
    const from = tomorrow();
    await create(advice(number, { expectedFrom: from }));
    const misread = `${number.slice(0, 10)}${(Number(number[10]) + 1) % 10}`;
    const record = await ocrRecord(inGate, misread);
    const answer = await admin.api.smartGate.candidates({ query: { gateId: inGate, recordId: record.id } });
    expect(answer.exact).toBeNull();
    expect(answer.matches[0]).toMatchObject({
      containerNumber: number,
      validCheckDigit: true,
      distance: 1,
      read: misread,
      evidence: [`pre-advised (Maersk, ${yardDayOf(from, timeZone)})`],
    });
    const exact = await ocrRecord(inGate, number);
    expect((await admin.api.smartGate.candidates({ query: { gateId: inGate, recordId: exact.id } })).exact).toBe(
      number,
    );
  });
});

describe('pre-advice upload', () => {
  it('saves a csv sheet row by row: a day alone as the window end is that whole day', async () => {
    const [a, b] = [containerNumber('MSKU'), containerNumber('MSCU')];
    const answer = await admin.api.preAdvices.upload({
      body: csv(
        `Container No,Expected Date,Expected To,Liner,Process,Size,Type,Trailer\n` +
          `${a},25-11-2030,26-11-2030,MAERSK,Import,20,Dry (GP),MH04XY9\n` +
          `${b},2030-11-25T08:00:00Z,,,,40,,\n`,
      ),
    });
    expect(answer).toEqual({
      responsestatus: 'success',
      saved: 2,
      rows: [
        { row: 2, status: 'Saved' },
        { row: 3, status: 'Saved' },
      ],
    });
    const { entities } = await admin.api.preAdvices.page({ query: { searchText: a } });
    expect(entities[0]).toMatchObject({
      expectedFrom: yardDayRange('2030-11-25', timeZone).from,
      expectedTo: yardDayRange('2030-11-26', timeZone).to,
      liner: 'Maersk',
      process: 'Import',
      containerType: 'Dry (GP)',
      trailerNumber: 'MH04XY9',
      source: 'upload',
      createdBy: 'superadmin',
    });
    const [second] = (await admin.api.preAdvices.page({ query: { searchText: b } })).entities;
    expect(second).toMatchObject({
      expectedFrom: Date.parse('2030-11-25T08:00:00Z'),
      liner: 'MSC',
      containerSize: '40',
    });
  });

  it('reads the IGM, item and job order planners search by (issue 19); an edit without them keeps them', async () => {
    const number = containerNumber('MSKU');
    const answer = await admin.api.preAdvices.upload({
      body: csv(
        `Container No,Expected Date,Size,IGM No,Item No,Job Order\n${number},25-11-2030,20,IGM-4410,12,JO-900\n`,
      ),
    });
    expect(answer.saved).toBe(1);
    const [saved] = (await admin.api.preAdvices.page({ query: { searchText: number } })).entities;
    expect(saved).toMatchObject({ igm: 'IGM-4410', item: '12', jobOrderNumber: 'JO-900' });
    const edited = await admin.api.preAdvices.update({
      params: { id: saved!.id },
      body: { containerNumber: number, expectedFrom: saved!.expectedFrom, containerSize: '20', trailerNumber: 'MH01' },
    });
    expect(edited.preAdvice).toMatchObject({
      trailerNumber: 'MH01',
      igm: 'IGM-4410',
      item: '12',
      jobOrderNumber: 'JO-900',
    });
    const cleared = await admin.api.preAdvices.update({
      params: { id: saved!.id },
      body: { containerNumber: number, expectedFrom: saved!.expectedFrom, containerSize: '20', jobOrderNumber: null },
    });
    expect(cleared.preAdvice).toMatchObject({ igm: 'IGM-4410', jobOrderNumber: null });
  });

  it('reads an xlsx sheet', async () => {
    const number = containerNumber('MSKU');
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Pre-advices');
    sheet.addRow(['containerNumber', 'expectedFrom', 'containerSize']);
    sheet.addRow([number, '2030-12-01', '20']);
    const content = new Uint8Array(await book.xlsx.writeBuffer());
    const answer = await admin.api.preAdvices.upload({ body: { file: { name: 'advices.xlsx', content } } });
    expect(answer).toMatchObject({ responsestatus: 'success', saved: 1 });
    expect((await stored(number))[0]).toMatchObject({ source: 'upload' });
  });

  it('answers every bad row with its reason and saves nothing from such a file', async () => {
    const open = containerNumber('MSKU');
    await create(advice(open));
    const [good, repeated] = [containerNumber('MSKU'), containerNumber('MSKU')];
    const wrongDigit = `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`;
    const answer = await admin.api.preAdvices.upload({
      body: csv(
        `containerNumber,expectedFrom,expectedTo,containerSize,liner\n` +
          `${good},2030-11-25,,20,\n` +
          `${wrongDigit},2030-11-25,,20,\n` +
          `${repeated},tomorrow,,20,\n` +
          `${repeated},,,20,\n` +
          `${open},2030-11-25,,20,\n` +
          `${containerNumber('MSKU')},2030-11-25,,33,\n` +
          `${containerNumber('MSKU')},2030-11-26,2030-11-25T00:00:00Z,20,\n` +
          `${containerNumber('MSKU')},2030-11-25,,20,Nobody Lines\n` +
          `${repeated},2030-11-25,,20,\n`,
      ),
    });
    expect(answer.responsestatus).toBe('failed');
    expect(answer.saved).toBe(0);
    expect(answer.rows).toEqual([
      { row: 2, status: 'Not saved' },
      { row: 3, status: 'Refused', message: messages.preAdviceNumberInvalid(wrongDigit) },
      { row: 4, status: 'Refused', message: messages.sheetBadDate },
      { row: 5, status: 'Refused', message: messages.preAdviceExpectedRequired },
      { row: 6, status: 'Refused', message: messages.preAdviceOpenExists(open) },
      { row: 7, status: 'Refused', message: messages.unknownMasterData('size', '33') },
      { row: 8, status: 'Refused', message: messages.preAdviceWindowBackwards },
      { row: 9, status: 'Refused', message: messages.unknownMasterData('liner', 'Nobody Lines') },
      { row: 10, status: 'Refused', message: messages.uploadRowRepeated(4) },
    ]);
    expect(await stored(good)).toEqual([]);
    // A sheet without the size column is not a pre-advice sheet.
    expect(
      await outcome(admin.api.preAdvices.upload({ body: csv(`containerNumber,expectedFrom\n${good},2030-11-25\n`) })),
    ).toMatchObject({ status: 400, body: { message: messages.uploadBadFile } });
  });
});

describe('access', () => {
  it('lets gate users read and refuses writes without create rights; others see nothing', async () => {
    const reader = await createUserWithPermissions(t, admin.auth, `pr-${randomUUID().slice(0, 6)}`, {
      gateVisible: true,
    });
    expect((await outcome(reader.api.preAdvices.page({ query: {} }))).status).toBe(200);
    const number = containerNumber('MSKU');
    expect((await create(advice(number), reader)).status).toBe(403);
    expect((await outcome(reader.api.preAdvices.upload({ body: csv('containerNumber\nX\n') }))).status).toBe(403);
    const writer = await createUserWithPermissions(t, admin.auth, `pw-${randomUUID().slice(0, 6)}`, {
      gateVisible: true,
      crudEnabled: true,
    });
    expect((await create(advice(number), writer)).status).toBe(200);
    const noGate = await createUserWithPermissions(t, admin.auth, `pn-${randomUUID().slice(0, 6)}`, {
      reportsVisible: true,
    });
    expect((await outcome(noGate.api.preAdvices.page({ query: {} }))).status).toBe(403);
  });
});

// A truck visit of its own at the gate (one frame, an hour ago and a minute apart from the others,
// outside every other visit's window), read as `number`.
let visitAt = Date.now() - 3_600_000;
async function ocrRecord(gateId: number, number: string) {
  visitAt += 60_000;
  const record = await t.services.ocr.recordFrame(
    {
      gateId,
      camera: 'Front',
      messageId: randomUUID(),
      capturedAt: new Date(visitAt),
      image: `frames/${gateId}/2026-11-25/${randomUUID()}.jpg`,
      read: {
        containers: [
          {
            number,
            valid: isValidContainerNumber(number),
            corrected: false,
            candidates: [],
            confidence: 0.9,
            size: 20,
          },
        ],
        modelMs: 1,
        totalMs: 1,
      },
      error: null,
    },
    (frames) => ({ containers: frames[0]!.containers }),
  );
  return record!;
}
