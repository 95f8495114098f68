import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isValidContainerNumber,
  messages,
  type IgateDispatchForm,
  type IgateInForm,
  type LiveMessage,
  type OcrRecord,
  yardDayRange,
  yardDayStart,
} from '@openyard/contracts';
import { projectEvents } from '../../live/projection';
import { outcome } from '../../test/api-client';
import { createTestApp, createUserWithPermissions, type TestApp } from '../../test/test-app';
import { containerNumber } from '../../test/yard-fixtures';
import { createGate, requestId, rfidTag, singleGateIn } from '../../test/gate-fixtures';
import { gatePasses, ocrDiffs, ocrRecords, smartGateTransactions } from '../../db/schema';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let inGate: number;
let outGate: number;
const live: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('superadmin');
  ({ gateId: inGate } = await createGate(t, 'IN'));
  ({ gateId: outGate } = await createGate(t, 'OUT'));
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
});
afterAll(() => t.close());

// A truck visit of its own at the gate (one frame, an hour ago and a minute apart from the others,
// outside every other visit's window), read as `number` with the engine's `candidates`.
let visitAt = Date.now() - 3_600_000;
async function ocrRecord(gateId: number, number: string, candidates: string[] = []): Promise<OcrRecord> {
  visitAt += 60_000;
  const read = {
    containers: [
      {
        number,
        valid: isValidContainerNumber(number),
        corrected: false,
        candidates,
        confidence: 0.9,
        size: 20 as const,
      },
    ],
    modelMs: 1,
    totalMs: 1,
  };
  const record = await t.services.ocr.recordFrame(
    {
      gateId,
      camera: 'Front',
      messageId: randomUUID(),
      capturedAt: new Date(visitAt),
      image: `frames/${gateId}/2026-11-25/${randomUUID()}.jpg`,
      read,
      error: null,
    },
    (frames) => ({ containers: frames[0]!.containers }),
  );
  return record!;
}

async function inYard() {
  const form = singleGateIn({ gateId: inGate, trailerTag1: rfidTag() });
  const { body } = await outcome(admin.api.gateOperations.gateIn({ body: form }));
  expect(body.responsestatus, JSON.stringify(body)).toBe('success');
  return form.container1Data!.containerNumber!;
}

const dispatchForm = (
  record: OcrRecord,
  number: string,
  extra: Partial<IgateDispatchForm> = {},
): IgateDispatchForm => ({
  requestId: requestId(),
  gateId: record.gateId,
  recordId: record.id,
  containerNumber: number,
  containerSize: '20',
  exitProcess: 'Delivery',
  dispatchTime: Date.now(),
  ...extra,
});
const igateDispatch = (body: IgateDispatchForm, as = admin) => outcome(as.api.smartGate.igateDispatch({ body }));
const statusOf = async (id: number) => (await t.db.select().from(ocrRecords).where(eq(ocrRecords.id, id)))[0]!.status;
const passFor = async (number: string) =>
  (
    await admin.api.smartGate.createGatePass({
      body: { containerNumber: number, date: Date.now(), boeDate: Date.now() },
    })
  ).gatePass;

describe('gate passes', () => {
  it('stores, answers, edits and deletes the valid pass of a container, one open pass each', async () => {
    const number = containerNumber();
    expect(await admin.api.smartGate.gatePass({ query: { containerNumber: number } })).toEqual({
      gatePass: null,
      message: messages.gatePassNotFound,
    });
    const pass = await passFor(number);
    expect(pass).toMatchObject({ containerNumber: number, valid: true, usedAt: null });
    const { gatePass } = await admin.api.smartGate.gatePass({ query: { containerNumber: number.toLowerCase() } });
    expect(gatePass).toMatchObject({ id: pass.id, containerNumber: number, date: pass.date, boeDate: pass.boeDate });
    const twice = await outcome(admin.api.smartGate.createGatePass({ body: { containerNumber: number } }));
    expect(twice).toMatchObject({ status: 409, body: { message: messages.gatePassOpenExists(number) } });
    const short = await outcome(admin.api.smartGate.createGatePass({ body: { containerNumber: 'ABC123' } }));
    expect(short).toMatchObject({ status: 400, body: { message: messages.gatePassNumberFormat } });
    const edited = await admin.api.smartGate.updateGatePass({
      body: { id: pass.id, containerNumber: number, chaName: 'Acme CHA', validTill: Date.now() - 1000 },
    });
    expect(edited.gatePass).toMatchObject({ chaName: 'Acme CHA', valid: false });
    expect((await admin.api.smartGate.gatePass({ query: { containerNumber: number } })).gatePass).toBeNull();
    await admin.api.smartGate.deleteGatePass({ params: { id: pass.id } });
    const gone = await outcome(admin.api.smartGate.deleteGatePass({ params: { id: pass.id } }));
    expect(gone).toMatchObject({ status: 404, body: { message: messages.gatePassNotExisting } });
  });

  it('imports a sheet row by row; a file with a refused row saves nothing', async () => {
    const [a, b] = [containerNumber(), containerNumber()];
    const csv = (text: string) => ({
      file: { name: 'passes.csv', type: 'text/csv', content: new TextEncoder().encode(text) },
    });
    const good = await admin.api.smartGate.uploadGatePasses({
      body: csv(`Container Number,Date,BOE Date,CHA\n${a},25-11-2026,2026-11-20,Acme\n${b},,,\n`),
    });
    expect(good).toMatchObject({ responsestatus: 'success', saved: 2 });
    const stored = await t.db.select().from(gatePasses).where(eq(gatePasses.containerNumber, a));
    expect(stored[0]).toMatchObject({ chaName: 'Acme' });
    const c = containerNumber();
    const bad = await admin.api.smartGate.uploadGatePasses({
      body: csv(`containerNumber,date\n${c},2026-11-25\n${a},2026-11-25\nXX1,2026-11-25\n${c},2026-11-26\n`),
    });
    expect(bad.responsestatus).toBe('failed');
    expect(bad.saved).toBe(0);
    expect(bad.rows.map((row) => row.status)).toEqual(['Not saved', 'Refused', 'Refused', 'Refused']);
    expect(bad.rows[1]!.message).toBe(messages.gatePassOpenExists(a));
    expect(await t.db.select().from(gatePasses).where(eq(gatePasses.containerNumber, c))).toEqual([]);
    const d = containerNumber();
    const badDate = await admin.api.smartGate.uploadGatePasses({ body: csv(`containerNumber,date\n${d},tomorrow\n`) });
    expect(badDate.rows).toEqual([{ row: 2, status: 'Refused', message: messages.sheetBadDate }]);
    // A day the calendar does not have is a refused row, not a failure of the whole upload.
    const noSuchDay = await admin.api.smartGate.uploadGatePasses({
      body: csv(`containerNumber,date\n${d},31-02-2026\n`),
    });
    expect(noSuchDay.rows).toEqual([{ row: 2, status: 'Refused', message: messages.sheetBadDate }]);
  });

  it("reads a sheet's validTill day as valid through that yard day", async () => {
    const number = containerNumber();
    await admin.api.smartGate.uploadGatePasses({
      body: {
        file: {
          name: 'passes.csv',
          type: 'text/csv',
          content: new TextEncoder().encode(`containerNumber,date,validTill\n${number},2026-11-20,30-11-2026\n`),
        },
      },
    });
    const [row] = await t.db.select().from(gatePasses).where(eq(gatePasses.containerNumber, number));
    const zone = t.config.yard.timeZone;
    expect(row!.date.getTime()).toBe(yardDayStart('2026-11-20', zone));
    expect(row!.validTill!.getTime()).toBe(yardDayRange('2026-11-30', zone).to);
  });
});

describe('OCR records and gate passes', () => {
  it("fills the record's litmusResult.gatePass from the valid pass, also for a pass stored after the frames", async () => {
    const { gateId } = await createGate(t, 'OUT');
    const number = await inYard();
    await passFor(number);
    const record = await ocrRecord(gateId, number);
    expect(record.data.litmusResult).toEqual({
      isValid: true,
      gatePass: { containerNumber: number, containerSize: '20' },
    });
    await t.db.delete(ocrRecords).where(eq(ocrRecords.id, record.id));
    const later = await inYard();
    const laterRecord = await ocrRecord(gateId, later);
    expect(laterRecord.data.litmusResult.gatePass).toBeNull();
    await passFor(later);
    const next = await admin.api.ocr.next({ query: { gateId } });
    expect(next.id).toBe(laterRecord.id);
    expect(next.data.litmusResult.gatePass).toEqual({ containerNumber: later, containerSize: '20' });
  });
});

describe('POST gate/igate-dispatch', () => {
  it('asks for a gate pass, refuses a force without reason, and forces with one', async () => {
    const number = await inYard();
    const record = await ocrRecord(outGate, number);
    const asked = await igateDispatch(dispatchForm(record, number));
    expect(asked).toMatchObject({
      status: 200,
      body: { dispatched: false, gatePassNotFound: true, message: messages.gatePassNotFound },
    });
    const noReason = await igateDispatch(
      dispatchForm(record, number, { forceDispatch: true, gateOutDetails: { forceDispatchReason: '  ' } }),
    );
    expect(noReason).toMatchObject({ status: 400, body: { message: messages.forceDispatchReasonRequired } });
    expect(await statusOf(record.id)).toBe('pending');
    const forced = await igateDispatch(
      dispatchForm(record, number, {
        forceDispatch: true,
        gateOutDetails: { forceDispatchReason: 'Customs cleared by phone', snapshotData: { images: ['frames/x.jpg'] } },
      }),
    );
    expect(forced).toMatchObject({ status: 200, body: { dispatched: true, message: messages.dispatchSuccessful } });
    expect(await statusOf(record.id)).toBe('acked');
    const [row] = await t.db.select().from(smartGateTransactions).where(eq(smartGateTransactions.recordId, record.id));
    expect(row).toMatchObject({
      kind: 'out',
      forceDispatch: true,
      forceDispatchReason: 'Customs cleared by phone',
      ocrOutcome: 'unchanged',
      snapshotData: { images: ['frames/x.jpg'] },
    });
  });

  it('wants the valid pass verified, refuses a pass of another container, and uses the pass', async () => {
    const number = await inYard();
    const pass = await passFor(number);
    const record = await ocrRecord(outGate, number);
    const unverified = await igateDispatch(dispatchForm(record, number));
    expect(unverified).toMatchObject({ status: 400, body: { message: messages.gatePassVerifyFirst } });
    const other = containerNumber();
    const wrong = await igateDispatch(
      dispatchForm(record, number, { gateOutDetails: { gatePass: { containerNumber: other } } }),
    );
    expect(wrong).toMatchObject({ status: 400, body: { message: messages.gatePassOtherContainer(other, number) } });
    const done = await igateDispatch(
      dispatchForm(record, number, { gateOutDetails: { gatePass: { id: pass.id, containerNumber: number } } }),
    );
    expect(done).toMatchObject({ status: 200, body: { dispatched: true } });
    const [used] = await t.db.select().from(gatePasses).where(eq(gatePasses.id, pass.id));
    expect(used!.usedAt).not.toBeNull();
    // The pass's use is told on `gate-passes` (its creation was, before).
    const told = () =>
      live.filter((message) => message.type === 'gatePasses.changed.v1' && message.data.ids.includes(pass.id)).length;
    await expect.poll(told).toBe(2);
    // The used pass stays as the dispatch used it: no edit, no delete.
    const edit = await outcome(
      admin.api.smartGate.updateGatePass({ body: { id: pass.id, containerNumber: number, remarks: 'later' } }),
    );
    expect(edit).toMatchObject({ status: 409, body: { message: messages.gatePassUsed } });
    const removal = await outcome(admin.api.smartGate.deleteGatePass({ params: { id: pass.id } }));
    expect(removal).toMatchObject({ status: 409, body: { message: messages.gatePassUsed } });
    expect((await t.db.select().from(gatePasses).where(eq(gatePasses.id, pass.id)))[0]).toEqual(used);
    const [row] = await t.db.select().from(smartGateTransactions).where(eq(smartGateTransactions.recordId, record.id));
    expect(row).toMatchObject({ gatePassId: pass.id, forceDispatch: false, forceDispatchReason: null });
    expect(row!.gatePass).toMatchObject({ containerNumber: number });
  });

  it('lets one of two operators acknowledging one record at once win; the other gets a conflict', async () => {
    const number = await inYard();
    const pass = await passFor(number);
    const record = await ocrRecord(outGate, number);
    const form = () =>
      dispatchForm(record, number, { gateOutDetails: { gatePass: { id: pass.id, containerNumber: number } } });
    const forms = [form(), form()];
    const answers = await Promise.all(forms.map((body) => igateDispatch(body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({ message: messages.ocrRecordTaken });
    expect(
      await t.db.select().from(smartGateTransactions).where(eq(smartGateTransactions.recordId, record.id)),
    ).toHaveLength(1);
    // The winner's request again after it committed: its stored answer, nothing written twice.
    const winner = forms[answers.findIndex((answer) => answer.status === 200)]!;
    expect(await igateDispatch(winner)).toMatchObject({ status: 200, body: { dispatched: true } });
    expect(
      await t.db.select().from(smartGateTransactions).where(eq(smartGateTransactions.recordId, record.id)),
    ).toHaveLength(1);
  });

  it('keeps what the operator changed against the record, and counts a candidate pick', async () => {
    const number = await inYard();
    const misread = `${number.slice(0, 4)}${number.slice(4, 10).replace(/0/g, 'O')}X`;
    const record = await ocrRecord(outGate, misread, [number]);
    const done = await igateDispatch(
      dispatchForm(record, number, {
        forceDispatch: true,
        trailerNumber: 'MH01AB1234',
        gateOutDetails: { forceDispatchReason: 'No pass in the system yet' },
        differences: [{ field: 'exitTag', suggested: null, actual: '12345678' }],
      }),
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const diffs = await t.db.select().from(ocrDiffs).where(eq(ocrDiffs.recordId, record.id));
    expect(diffs.map((diff) => [diff.field, diff.suggested, diff.actual]).sort()).toEqual(
      [
        ['containerNumber', misread, number],
        ['exitTag', null, '12345678'],
      ].sort(),
    );
    const [row] = await t.db.select().from(smartGateTransactions).where(eq(smartGateTransactions.recordId, record.id));
    expect(row!.ocrOutcome).toBe('candidate');
    // The accuracy panel hears it on the gate's OCR topic.
    await expect
      .poll(() => live.find((message) => message.type === 'ocr.resolved.v1' && message.data.recordId === record.id))
      .toMatchObject({ topic: `ocr:${outGate}`, data: { kind: 'out', ocrOutcome: 'candidate' } });
  });
});

describe('POST gate/igate-in', () => {
  it('gates in from a record and acknowledges it in the same transaction', async () => {
    const number = containerNumber();
    const record = await ocrRecord(inGate, number);
    const form: IgateInForm = {
      ...singleGateIn({ gateId: inGate, trailerTag1: rfidTag() }, { containerNumber: number }),
      gateId: inGate,
      recordId: record.id,
    };
    const { status, body } = await outcome(admin.api.smartGate.igateIn({ body: form }));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.responsestatus).toBe('success');
    expect(await statusOf(record.id)).toBe('acked');
    const again = await outcome(admin.api.smartGate.igateIn({ body: { ...form, requestId: requestId() } }));
    expect(again).toMatchObject({ status: 409, body: { message: messages.ocrRecordTaken } });
    // A gate-in refused by the gate's rules leaves the record in the queue.
    const next = await ocrRecord(inGate, number);
    const inside = await outcome(
      admin.api.smartGate.igateIn({ body: { ...form, requestId: requestId(), recordId: next.id } }),
    );
    expect(inside).toMatchObject({ status: 409, body: { message: messages.gateContainerInYard(number) } });
    expect(await statusOf(next.id)).toBe('pending');
  });

  it('lets one of two gate-ins of one record at once win, and keeps a changed size', async () => {
    const number = containerNumber();
    const record = await ocrRecord(inGate, number);
    const form = (): IgateInForm => ({
      ...singleGateIn({ gateId: inGate, trailerTag1: rfidTag() }, { containerNumber: number, containerSize: '40' }),
      gateId: inGate,
      recordId: record.id,
    });
    const answers = await Promise.all([form(), form()].map((body) => outcome(admin.api.smartGate.igateIn({ body }))));
    expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers)).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({ message: messages.ocrRecordTaken });
    const diffs = await t.db.select().from(ocrDiffs).where(eq(ocrDiffs.recordId, record.id));
    expect(diffs.map((diff) => [diff.field, diff.suggested, diff.actual])).toEqual([['containerSize', '20', '40']]);
  });

  it('refuses a record of an OUT gate', async () => {
    const record = await ocrRecord(outGate, containerNumber());
    const form: IgateInForm = { ...singleGateIn({ gateId: outGate }), gateId: outGate, recordId: record.id };
    expect(await outcome(admin.api.smartGate.igateIn({ body: form }))).toMatchObject({
      status: 400,
      body: { message: messages.ocrRecordWrongGateType('IN') },
    });
  });
});

describe('near-miss candidates, accuracy and reports', () => {
  it('ranks an expected container of the yard for a misread at an OUT gate', async () => {
    const number = await inYard();
    const misread = `${number.slice(0, 4)}${number.slice(4).replace(/1/g, 'I').replace(/0/g, 'O')}`;
    const read = misread === number ? `${number.slice(0, 10)}X` : misread;
    const record = await ocrRecord(outGate, read);
    const answer = await admin.api.smartGate.candidates({ query: { gateId: outGate, recordId: record.id } });
    expect(answer.exact).toBeNull();
    expect(answer.matches[0]).toMatchObject({ containerNumber: number, validCheckDigit: true });
    expect(answer.matches[0]!.evidence).toContain('in the yard');
    const exact = await ocrRecord(outGate, number);
    expect((await admin.api.smartGate.candidates({ query: { gateId: outGate, recordId: exact.id } })).exact).toBe(
      number,
    );
  });

  it('answers the OCR accuracy per gate and day, and the reports with the flag for admins only', async () => {
    const day = { startDate: Date.now() - 86_400_000, endDate: Date.now() + 60_000 };
    const { rows } = await admin.api.smartGate.accuracy({ query: { ...day, gateId: outGate } });
    const total = rows.reduce((sum, row) => sum + row.total, 0);
    expect(total).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(row.unchangedShare + row.candidateShare + row.typedShare).toBeCloseTo(1, 2);
    const report = await admin.api.smartGate.dispatchReport({ query: { ...day, skip: 1, limit: 2 } });
    expect(report.dataprovider).toHaveLength(2);
    expect(report.totalSize).toBeGreaterThanOrEqual(3);
    expect(report.dataprovider[0]).toHaveProperty('differs');
    const gateUser = await createUserWithPermissions(t, admin.auth, `sg-${randomUUID().slice(0, 6)}`, {
      gateVisible: true,
    });
    const plain = await gateUser.api.smartGate.dispatchReport({ query: day });
    expect(plain.dataprovider[0]).not.toHaveProperty('differs');
    const inReport = await admin.api.smartGate.inReport({ query: day });
    expect(inReport.dataprovider.every((row) => row.gatePass === null)).toBe(true);
    const { filePath } = await admin.api.smartGate.dispatchReportExport({ query: day });
    expect(filePath).toMatch(/^\/rest\/exports\/[0-9a-f-]{36}\/igate-dispatch-report-.+\.xlsx$/);
    const { filePath: inPath } = await admin.api.smartGate.inReportExport({ query: { ...day, format: 'csv' } });
    expect(inPath.split('/').pop()).toMatch(/^igate-in-report-.+\.csv$/);
  });

  it('refuses a purge of the OCR queue without reason', async () => {
    const refused = await outcome(admin.api.ocr.clear({ body: { gateId: outGate, comment: ' ' } }));
    expect(refused).toMatchObject({ status: 400, body: { message: messages.ocrPurgeReasonRequired } });
  });
});

describe('gates per user and permissions', () => {
  it('lets admins say which gates a user works; the user sees them first-listed with the link target', async () => {
    const name = `gu-${randomUUID().slice(0, 6)}`;
    const user = await createUserWithPermissions(t, admin.auth, name, { gateVisible: true }, '/igateout');
    expect(await user.api.smartGate.mine()).toEqual({ gates: [], smartGatePath: '/igate' });
    const saved = await admin.api.smartGate.setUserGates({ params: { id: user.userId }, body: { gateIds: [outGate] } });
    expect(saved.gates.map((gate) => gate.gateId)).toEqual([outGate]);
    // Every gate of the yard comes with them, to choose from.
    const read = await admin.api.smartGate.userGates({ params: { id: user.userId } });
    expect(read.gates).toEqual(saved.gates);
    expect(read.yardGates.map((gate) => gate.gateId)).toEqual(expect.arrayContaining([inGate, outGate]));
    expect(await user.api.smartGate.mine()).toMatchObject({
      gates: [{ gateId: outGate, type: 'OUT' }],
      smartGatePath: '/igateout',
    });
    await admin.api.smartGate.setUserGates({ params: { id: user.userId }, body: { gateIds: [inGate, outGate] } });
    const mine = await user.api.smartGate.mine();
    expect(mine.gates.map((gate) => gate.gateId)).toEqual([inGate, outGate]);
    expect(mine.smartGatePath).toBe('/igate');
    expect(
      await outcome(user.api.smartGate.setUserGates({ params: { id: user.userId }, body: { gateIds: [] } })),
    ).toMatchObject({
      status: 403,
    });
    expect(
      await outcome(admin.api.smartGate.setUserGates({ params: { id: user.userId }, body: { gateIds: [999_999] } })),
    ).toMatchObject({ status: 400, body: { message: messages.unknownGate } });
    // A superadmin with no gates assigned works every gate.
    expect((await admin.api.smartGate.mine()).gates.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps an admin to the users the users screen lets them manage', async () => {
    const admin2 = await t.login('admin');
    const ordinary = await createUserWithPermissions(t, admin.auth, `go-${randomUUID().slice(0, 6)}`, {
      gateVisible: true,
    });
    const set = await admin2.api.smartGate.setUserGates({
      params: { id: ordinary.userId },
      body: { gateIds: [inGate] },
    });
    expect(set.gates.map((gate) => gate.gateId)).toEqual([inGate]);
    // The superadmin's account is the superadmin's alone, and so is a hidden user.
    const forSuperadmin = await outcome(admin2.api.smartGate.userGates({ params: { id: admin.userId } }));
    expect(forSuperadmin.status).toBe(403);
    const roles = await admin.api.roles.page({ query: { skip: 1, limit: 100 } });
    const operator = roles.roles.find((role) => role.name.toLowerCase() === 'operator')!;
    const { user: hidden } = await admin.api.users.create({
      body: {
        username: `hid-${randomUUID().slice(0, 6)}`,
        password: 'Secret-123!',
        confirmPassword: 'Secret-123!',
        role: { id: operator.id },
        hidden: true,
      },
    });
    const setHidden = await outcome(
      admin2.api.smartGate.setUserGates({ params: { id: hidden.id }, body: { gateIds: [inGate] } }),
    );
    expect(setHidden.status).toBe(403);
    expect(await admin.api.smartGate.userGates({ params: { id: hidden.id } })).toMatchObject({ gates: [] });
    const nobody = await outcome(admin2.api.smartGate.userGates({ params: { id: 999_999 } }));
    expect(nobody).toMatchObject({ status: 404, body: { message: messages.userNotExisting } });
  });

  it('refuses the smart gate to users without the gate, and writes off the landing page without create rights', async () => {
    const noGate = await createUserWithPermissions(t, admin.auth, `ng-${randomUUID().slice(0, 6)}`, {
      reportsVisible: true,
    });
    const number = await inYard();
    const record = await ocrRecord(outGate, number);
    expect((await igateDispatch(dispatchForm(record, number), noGate)).status).toBe(403);
    expect((await outcome(noGate.api.smartGate.gatePass({ query: { containerNumber: number } }))).status).toBe(403);
    const reader = await createUserWithPermissions(t, admin.auth, `rd-${randomUUID().slice(0, 6)}`, {
      gateVisible: true,
    });
    expect((await igateDispatch(dispatchForm(record, number), reader)).status).toBe(403);
    expect((await outcome(reader.api.smartGate.createGatePass({ body: { containerNumber: number } }))).status).toBe(
      403,
    );
    expect(await statusOf(record.id)).toBe('pending');
  });
});

describe('FEATURE_SMART_GATE off', () => {
  it('refuses the OCR-assisted calls in the switch’s words and keeps gate passes and the gate list', async () => {
    const off = await createTestApp({ env: { FEATURE_SMART_GATE: 'false' } });
    try {
      const user = await off.login('superadmin');
      const number = containerNumber();
      const refused = await outcome(
        user.api.smartGate.igateDispatch({ body: { gateId: 1, recordId: 1, containerNumber: number } }),
      );
      expect(refused.body).toMatchObject({ message: messages.smartGateDisabled });
      expect(refused.status).toBe(403);
      expect((await outcome(user.api.smartGate.candidates({ query: { gateId: 1, recordId: 1 } }))).body).toMatchObject({
        message: messages.smartGateDisabled,
      });
      expect(await user.api.smartGate.gatePass({ query: { containerNumber: number } })).toMatchObject({
        gatePass: null,
      });
      expect((await user.api.smartGate.mine()).smartGatePath).toMatch(/^\/igate/);
    } finally {
      await off.close();
    }
  });
});
