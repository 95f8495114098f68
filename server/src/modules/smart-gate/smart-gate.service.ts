import { randomUUID } from 'node:crypto';
import {
  GATE_PASS_UPLOAD_COLUMNS,
  hasRole,
  messages,
  NEAR_MISS_MAX_DISTANCE,
  normalizeContainerNumber,
  ocrEditDistance,
  offsetFromOneBasedSkip,
  PAGE_SIZES,
  rankNearMisses,
  smartGatePath,
  UPLOAD_ROW_STATUSES,
  yardDayOf,
  type Expectation,
  type GatePass,
  type GatePassAnswer,
  type GatePassesQuery,
  type GatePassInput,
  type GatePassSaved,
  type IgateDispatchForm,
  type IgateDispatchResult,
  type IgateInForm,
  type IgateInResult,
  type MyGates,
  type OcrAccuracy,
  type OcrAccuracyQuery,
  type OcrCandidates,
  type OcrDiffEntry,
  type OcrOutcome,
  type OcrRecord,
  type SmartGateReport,
  type SmartGateReportExportQuery,
  type SmartGateReportQuery,
  type SmartGateReportRow,
  type UploadFile,
  type UploadResult,
  type UploadRowResult,
  type UserGates,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { databaseError, type DatabaseAnswers } from '../../lib/database-errors';
import { repeats, sheetDate, uploadAnswer, uploadRecords } from '../../lib/upload-sheet';
import type { Principal } from '../auth';
import type { ExportsService } from '../exports';
import type { GateOperationsService } from '../gate-operations';
import type { OcrService } from '../ocr';
import { commitWithEvents, type AfterCommit, type NewEvent } from '../outbox';
import type { PreAdvicesService } from '../pre-advices';
import type { UsersService } from '../users';
import { smartGateRepository as repository, toGatePass, type GatePassValues } from './smart-gate.repository';
import type { SmartGateTransactionRow } from './smart-gate.table';

export interface SmartGateDependencies {
  gateOperations: GateOperationsService;
  ocr: OcrService;
  // The pre-advices an IN gate's reads are ranked against.
  preAdvices: PreAdvicesService;
  exports: ExportsService;
  afterCommit: AfterCommit;
  // Whether a principal may change a user (the users screen's rule, for the gates a user works).
  users: Pick<UsersService, 'assertManageable'>;
  // The yard's zone: accuracy days and day-only sheet dates are cut in it.
  timeZone: string;
}

const CONTAINER_NUMBER = /^[A-Z0-9]{11}$/;
const trimmed = (value: string | null | undefined) => value?.trim() || null;
// The record says 'NA' for no trailer number (spec 2 §3).
const suggestion = (value: string | null | undefined) => (trimmed(value) === 'NA' ? null : trimmed(value));

// Every number the engine read on a record: the fused numbers and their candidates.
function readsOf(record: OcrRecord): string[] {
  return [
    record.data.containerNumber,
    ...record.data.containers.flatMap((container) => [container.containerNumber, ...container.candidates]),
  ]
    .map(normalizeContainerNumber)
    .filter(Boolean);
}

// How the operator came to the number used (the OCR accuracy figures): OCR's read unchanged, one of
// the engine's candidates or a near-miss the screen offered (close to a read), or typed by hand.
function outcomeOf(record: OcrRecord, used: string, pickedCandidate: boolean | undefined): OcrOutcome {
  const suggested = normalizeContainerNumber(record.data.containerNumber);
  if (suggested && used === suggested) return 'unchanged';
  const reads = readsOf(record);
  if (reads.includes(used)) return 'candidate';
  if (pickedCandidate && reads.some((read) => ocrEditDistance(read, used) <= NEAR_MISS_MAX_DISTANCE))
    return 'candidate';
  return 'typed';
}

// The fields the operator changed against the record (spec 2 §3 OCR diff). The record suggests the
// number, size, process and trailer number; the readers' tags (exitTag, exitTrailerTag) are not the
// record's, so the screen reports those itself.
function differencesOf(
  record: OcrRecord,
  used: {
    containerNumber: string;
    containerSize?: string | null;
    process?: string | null;
    trailerNumber?: string | null;
  },
  reported: readonly OcrDiffEntry[] | undefined,
  processField: 'exitProcess' | null,
): OcrDiffEntry[] {
  const list: OcrDiffEntry[] = [];
  const compare = (field: OcrDiffEntry['field'], suggested: string | null, actual: string | null | undefined) => {
    const value = trimmed(actual);
    // Beside the number, a field counts only where the record suggested something: OCR reads no
    // trailer number yet ('NA'), and a container the yard does not know has no size or process.
    if (field !== 'containerNumber' && (value === null || suggested === null)) return;
    if ((suggested ?? '').toUpperCase() !== (value ?? '').toUpperCase()) list.push({ field, suggested, actual: value });
  };
  compare('containerNumber', suggestion(record.data.containerNumber), used.containerNumber);
  compare('containerSize', suggestion(record.data.size), used.containerSize);
  if (processField) compare(processField, suggestion(record.data.process), used.process);
  compare('trailerNumber', suggestion(record.data.trailerNumber), used.trailerNumber);
  for (const entry of reported ?? [])
    if (
      (entry.field === 'exitTag' || entry.field === 'exitTrailerTag') &&
      !list.some((row) => row.field === entry.field)
    )
      list.push(entry);
  return list;
}

const passAnswers = (number: string): DatabaseAnswers => ({
  unique: ({ constraint }) =>
    constraint === 'gate_passes_open_unique'
      ? conflict(messages.gatePassOpenExists(number), 'containerNumber')
      : undefined,
  check: ({ constraint }) =>
    constraint === 'gate_passes_number_format'
      ? badRequest(messages.gatePassNumberFormat, 'containerNumber')
      : undefined,
});

// The smart gate (issue 16): gate passes, the OCR-assisted gate-in and dispatch through the gate
// service (the record acknowledged in the same transaction), reports, accuracy, near-miss
// candidates and the gates each user works.
export function createSmartGateService(db: Database, deps: SmartGateDependencies) {
  const { gateOperations, ocr } = deps;

  function passValues(input: GatePassInput): GatePassValues {
    const containerNumber = normalizeContainerNumber(input.containerNumber);
    if (!CONTAINER_NUMBER.test(containerNumber)) throw badRequest(messages.gatePassNumberFormat, 'containerNumber');
    const at = (value: number | null | undefined) => (value === null || value === undefined ? null : new Date(value));
    return {
      containerNumber,
      date: at(input.date) ?? new Date(),
      boeDate: at(input.boeDate),
      boeNumber: trimmed(input.boeNumber),
      chaName: trimmed(input.chaName),
      consignee: trimmed(input.consignee),
      validTill: at(input.validTill),
      remarks: trimmed(input.remarks),
    };
  }

  // A pass that may still be changed or deleted, locked: a used one stays as the dispatch used it
  // (its transaction row points at it and keeps a copy).
  async function unusedPass(tx: Database, id: number) {
    const row = await repository.pass(tx, id, true);
    if (!row) throw notFound(messages.gatePassNotExisting);
    if (row.usedAt !== null) throw conflict(messages.gatePassUsed);
    return row;
  }

  // Every change of the store is told on `gate-passes` (issue 16), in the change's transaction: the
  // gate passes list and the dispatch lanes follow other users' writes.
  function passesChanged(events: NewEvent[], rows: { id: number; containerNumber: string }[]) {
    if (rows.length === 0) return;
    events.push({
      type: 'gatePass.changed',
      data: { ids: rows.map((row) => row.id), containerNumbers: rows.map((row) => row.containerNumber) },
    });
  }

  async function userGatesOf(userId: number): Promise<UserGates> {
    const [gates, yardGates] = await Promise.all([repository.gatesOfUser(db, userId), repository.allGates(db)]);
    return { userId, gates, yardGates };
  }

  // The pending record an operator works; a record already resolved is another operator's.
  async function pendingRecord(gateId: number, recordId: number, requestId: string | undefined) {
    const record = await ocr.record(gateId, recordId);
    if (record.status === 'pending') return { record, replay: false };
    // The same request again after it committed: the gate service answers its stored answer.
    if (requestId && (await repository.transactionOfRequest(db, requestId))) return { record, replay: true };
    throw conflict(messages.ocrRecordTaken);
  }

  // A transaction that lost its record to another operator meanwhile may first meet the other's
  // work (the container already gone, the truck already in): the clear answer is the record's.
  async function recordLost<T>(gateId: number, recordId: number, work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 409)) {
        const now = await ocr.record(gateId, recordId).catch(() => null);
        if (now && now.status !== 'pending') throw conflict(messages.ocrRecordTaken);
      }
      throw error;
    }
  }

  async function gateOfType(gateId: number, type: 'IN' | 'OUT') {
    const gate = await repository.gate(db, gateId);
    if (!gate) throw notFound(messages.unknownGate);
    if (gate.type !== type) throw badRequest(messages.ocrRecordWrongGateType(type), 'gateId');
  }

  function reportRow(row: SmartGateTransactionRow, admin: boolean): SmartGateReportRow {
    return {
      id: row.id,
      gateId: row.gateId,
      recordId: row.recordId,
      at: row.at.getTime(),
      userName: row.userName,
      usedContainerNumber: row.containerNumber,
      suggestedContainerNumber: row.suggestedContainerNumber,
      ocrOutcome: row.ocrOutcome,
      gatePass: row.gatePass,
      forceDispatch: row.forceDispatch,
      forceDispatchReason: row.forceDispatchReason,
      images: row.snapshotData?.images ?? [],
      differences: row.differences,
      ...(admin ? { differs: (row.suggestedContainerNumber ?? '') !== row.containerNumber } : {}),
    };
  }

  async function report(
    kind: 'in' | 'out',
    query: SmartGateReportQuery,
    principal: Principal,
  ): Promise<SmartGateReport> {
    const limit = query.limit ?? PAGE_SIZES.smartGateReports;
    const { rows, total } = await repository.report(
      db,
      { kind, from: new Date(query.startDate), to: new Date(query.endDate), gateId: query.gateId },
      { offset: offsetFromOneBasedSkip(query.skip), limit },
    );
    const admin = hasRole(principal, 'admin', 'superadmin');
    return { dataprovider: rows.map((row) => reportRow(row, admin)), totalSize: total };
  }

  async function exportReport(kind: 'in' | 'out', query: SmartGateReportExportQuery, principal: Principal) {
    const { rows } = await repository.report(
      db,
      { kind, from: new Date(query.startDate), to: new Date(query.endDate), gateId: query.gateId },
      { offset: (query.startIndex ?? 1) - 1, limit: query.pageSize ?? 100_000 },
    );
    const admin = hasRole(principal, 'admin', 'superadmin');
    const name = kind === 'out' ? 'igate-dispatch-report' : 'igate-in-report';
    const filePath = await deps.exports.writeWorkbook(principal.userId, name, {
      sheet: kind === 'out' ? 'Smart gate dispatches' : 'Smart gate gate-ins',
      format: query.format,
      columns: [
        { header: 'Time', key: 'at', width: 22 },
        { header: 'Gate', key: 'gateId', width: 8 },
        { header: 'Container used', key: 'used', width: 16 },
        { header: 'OCR suggestion', key: 'suggested', width: 16 },
        { header: 'How', key: 'outcome', width: 12 },
        ...(admin ? [{ header: 'Differs', key: 'differs', width: 8 }] : []),
        { header: 'Gate pass date', key: 'passDate', width: 22 },
        { header: 'BOE date', key: 'boeDate', width: 22 },
        { header: 'Forced', key: 'forced', width: 8 },
        { header: 'Force reason', key: 'reason', width: 30 },
        { header: 'Operator', key: 'user', width: 16 },
        { header: 'Snapshots', key: 'images', width: 60 },
      ],
      rows: rows.map((row) => ({
        at: row.at,
        gateId: row.gateId,
        used: row.containerNumber,
        suggested: row.suggestedContainerNumber ?? '',
        outcome: row.ocrOutcome,
        ...(admin ? { differs: (row.suggestedContainerNumber ?? '') !== row.containerNumber ? 'Yes' : 'No' } : {}),
        passDate: row.gatePass ? new Date(row.gatePass.date) : '',
        boeDate: row.gatePass?.boeDate ? new Date(row.gatePass.boeDate) : '',
        forced: row.forceDispatch ? 'Yes' : 'No',
        reason: row.forceDispatchReason ?? '',
        user: row.userName,
        images: (row.snapshotData?.images ?? []).join(' '),
      })),
    });
    return { filePath };
  }

  return {
    // GET containers/gate-pass: the valid pass of a container, or null.
    async gatePass(containerNumber: string): Promise<GatePassAnswer> {
      const number = normalizeContainerNumber(containerNumber);
      if (!CONTAINER_NUMBER.test(number)) throw badRequest(messages.gatePassNumberFormat, 'containerNumber');
      const row = await repository.openPass(db, number);
      const pass = row ? toGatePass(row) : null;
      return pass?.valid ? { gatePass: pass } : { gatePass: null, message: messages.gatePassNotFound };
    },

    async gatePasses(query: GatePassesQuery) {
      const limit = query.limit ?? PAGE_SIZES.gatePasses;
      const { rows, total } = await repository.passesPage(
        db,
        { searchText: query.searchText, includeUsed: query.includeUsed ?? false },
        { offset: offsetFromOneBasedSkip(query.skip), limit },
      );
      return { entities: rows.map((row) => toGatePass(row)), totalCount: total };
    },

    async saveGatePass(input: GatePassInput, principal: Principal, mode: 'create' | 'update'): Promise<GatePassSaved> {
      const values = passValues(input);
      if (mode === 'update' && !input.id) throw notFound(messages.gatePassNotExisting);
      try {
        return await commitWithEvents(db, deps.afterCommit, async (tx, events) => {
          const before = mode === 'update' ? await unusedPass(tx, input.id!) : null;
          const row =
            mode === 'update'
              ? await repository.updatePass(tx, input.id!, values)
              : (await repository.insertPasses(tx, [{ ...values, createdBy: principal.username }]))[0];
          if (!row) throw notFound(messages.gatePassNotExisting);
          // An edit may change the container number: both numbers' lanes hear of it.
          passesChanged(events, before && before.containerNumber !== row.containerNumber ? [before, row] : [row]);
          return { responsestatus: 'success', message: messages.gatePassSaved, gatePass: toGatePass(row) };
        });
      } catch (error) {
        throw databaseError(error, passAnswers(values.containerNumber));
      }
    },

    async deleteGatePass(id: number) {
      await commitWithEvents(db, deps.afterCommit, async (tx, events) => {
        const row = await unusedPass(tx, id);
        await repository.deletePass(tx, id);
        passesChanged(events, [row]);
      });
      return { responsestatus: 'success', message: messages.gatePassDeleted };
    },

    // A sheet of gate passes (the trailers uploads' rules): a row refused (bad number or date, an
    // open pass already stored for its container, a number repeated in the file) saves nothing.
    async uploadGatePasses(file: UploadFile, principal: Principal): Promise<UploadResult> {
      const records = await uploadRecords(file, GATE_PASS_UPLOAD_COLUMNS, ['containerNumber']);
      const repeated = repeats(records, (record) => normalizeContainerNumber(record.values.containerNumber));
      return commitWithEvents(db, deps.afterCommit, async (tx, events) => {
        const numbers = records.map((record) => normalizeContainerNumber(record.values.containerNumber));
        const open = await repository.openPassesOf(tx, numbers);
        const results: UploadRowResult[] = [];
        const inserts: (GatePassValues & { createdBy: string })[] = [];
        for (const [index, record] of records.entries()) {
          const number = numbers[index]!;
          const dates = (['date', 'boeDate', 'validTill'] as const).map((key) =>
            sheetDate(record.values[key], deps.timeZone, key === 'validTill' ? 'end' : 'start'),
          );
          const earlier = repeated.get(record);
          const problem = !CONTAINER_NUMBER.test(number)
            ? messages.gatePassNumberFormat
            : dates.includes('bad')
              ? messages.sheetBadDate
              : earlier !== undefined
                ? messages.uploadRowRepeated(records[earlier]!.row)
                : open.some((row) => row.containerNumber === number)
                  ? messages.gatePassOpenExists(number)
                  : null;
          if (problem) {
            results.push({ row: record.row, status: UPLOAD_ROW_STATUSES.refused, message: problem });
            continue;
          }
          const [date, boeDate, validTill] = dates as (Date | null)[];
          results.push({ row: record.row, status: UPLOAD_ROW_STATUSES.saved });
          inserts.push({
            containerNumber: number,
            date: date ?? new Date(),
            boeDate: boeDate ?? null,
            boeNumber: trimmed(record.values.boeNumber),
            chaName: trimmed(record.values.chaName),
            consignee: trimmed(record.values.consignee),
            validTill: validTill ?? null,
            remarks: trimmed(record.values.remarks),
            createdBy: principal.username,
          });
        }
        const answer = uploadAnswer(results, inserts.length);
        if (answer.saved) passesChanged(events, await repository.insertPasses(tx, inserts));
        return answer;
      }).catch((error: unknown) => {
        throw databaseError(error, {
          unique: ({ constraint }) =>
            constraint === 'gate_passes_open_unique' ? conflict(messages.gatePassUploadRace) : undefined,
        });
      });
    },

    // POST gate/igate-dispatch (spec 2 §2, §5, §8): a valid gate pass must have been verified on the
    // screen; without one the operator is asked to force the dispatch with a reason. The dispatch
    // is the gate service's; the record's acknowledgement, the pass's use, the transaction's details
    // and the OCR differences are written inside its transaction.
    async igateDispatch(form: IgateDispatchForm, principal: Principal): Promise<IgateDispatchResult> {
      const { gateId, recordId, gateOutDetails, differences, ...query } = form;
      const number = normalizeContainerNumber(query.containerNumber ?? '');
      if (!CONTAINER_NUMBER.test(number)) throw badRequest(messages.gatePassNumberFormat, 'containerNumber');
      await gateOfType(gateId, 'OUT');
      const { record, replay } = await pendingRecord(gateId, recordId, query.requestId);
      const requestId = query.requestId ?? randomUUID();
      const dispatchQuery = {
        ...query,
        requestId,
        gateId,
        containerNumber: number,
        dispatchTime: query.dispatchTime ?? Date.now(),
      };
      if (replay) return gateOperations.dispatch(dispatchQuery, principal);

      const verified = gateOutDetails?.gatePass ?? null;
      if (verified && normalizeContainerNumber(verified.containerNumber) !== number)
        throw badRequest(
          messages.gatePassOtherContainer(normalizeContainerNumber(verified.containerNumber), number),
          'gatePass',
        );
      const openRow = await repository.openPass(db, number);
      const pass = openRow ? toGatePass(openRow) : null;
      const reason = trimmed(gateOutDetails?.forceDispatchReason);
      if (pass?.valid) {
        if (!verified) throw badRequest(messages.gatePassVerifyFirst, 'gatePass');
      } else {
        if (!query.forceDispatch)
          return {
            responsestatus: messages.gatePassNotFound,
            message: messages.gatePassNotFound,
            dispatched: false,
            foundInErp: false,
            gatePassNotFound: true,
            containerNumber: number,
          };
        if (!reason) throw badRequest(messages.forceDispatchReasonRequired, 'forceDispatchReason');
      }
      const used = pass?.valid ? pass : null;
      const ocrOutcome = outcomeOf(record, number, gateOutDetails?.snapshotData?.pickedCandidate === true);
      const diffs = differencesOf(
        record,
        {
          containerNumber: number,
          containerSize: query.containerSize,
          process: query.exitProcess,
          trailerNumber: query.trailerNumber,
        },
        differences,
        'exitProcess',
      );
      return recordLost(
        gateId,
        recordId,
        gateOperations.dispatch(dispatchQuery, principal, {
          within: async (tx, events) => {
            await ocr.acknowledgeWithin(tx, events, gateId, recordId, principal.userId);
            let passRow: GatePass | null = null;
            if (used) {
              const taken = await repository.usePass(tx, used.id);
              if (!taken) throw conflict(messages.gatePassNotFound, 'gatePass');
              passRow = toGatePass(taken);
              passesChanged(events, [taken]);
            }
            await repository.insertTransaction(tx, {
              kind: 'out',
              gateId,
              recordId,
              requestId,
              containerNumber: number,
              suggestedContainerNumber: suggestion(record.data.containerNumber),
              ocrOutcome,
              gatePassId: passRow?.id ?? null,
              gatePass: passRow,
              forceDispatch: query.forceDispatch === true && !used,
              forceDispatchReason: used ? null : reason,
              snapshotData: {
                ...gateOutDetails?.snapshotData,
                images: gateOutDetails?.snapshotData?.images ?? record.data.images,
              },
              differences: diffs,
              userId: principal.userId,
              userName: principal.username,
            });
            await ocr.keepDifferencesWithin(tx, { gateId, recordId, differences: diffs }, principal.userId);
            events.push({
              type: 'ocr.recordResolved',
              data: { gateId, recordId, kind: 'out', ocrOutcome, day: yardDayOf(Date.now(), deps.timeZone) },
            });
          },
        }),
      );
    },

    // POST gate/igate-in: the gate service's gate-in with the record acknowledged and the details
    // kept in its transaction.
    async igateIn(form: IgateInForm, principal: Principal): Promise<IgateInResult> {
      const { recordId, snapshotData, differences, ...gateInForm } = form;
      const gateId = form.gateId;
      await gateOfType(gateId, 'IN');
      const { record, replay } = await pendingRecord(gateId, recordId, form.requestId);
      if (replay) return gateOperations.gateIn(gateInForm, principal);
      const container = gateInForm.container1Data;
      const number = normalizeContainerNumber(container?.containerNumber ?? '');
      const ocrOutcome = outcomeOf(record, number, snapshotData?.pickedCandidate === true);
      const diffs = differencesOf(
        record,
        { containerNumber: number, containerSize: container?.containerSize, trailerNumber: gateInForm.trailerNumber },
        differences,
        null,
      );
      return recordLost(
        gateId,
        recordId,
        gateOperations.gateIn(gateInForm, principal, {
          within: async (tx, events) => {
            await ocr.acknowledgeWithin(tx, events, gateId, recordId, principal.userId);
            await repository.insertTransaction(tx, {
              kind: 'in',
              gateId,
              recordId,
              requestId: form.requestId,
              containerNumber: number,
              suggestedContainerNumber: suggestion(record.data.containerNumber),
              ocrOutcome,
              gatePassId: null,
              gatePass: null,
              forceDispatch: false,
              forceDispatchReason: null,
              snapshotData: { ...snapshotData, images: snapshotData?.images ?? record.data.images },
              differences: diffs,
              userId: principal.userId,
              userName: principal.username,
            });
            await ocr.keepDifferencesWithin(tx, { gateId, recordId, differences: diffs }, principal.userId);
            events.push({
              type: 'ocr.recordResolved',
              data: { gateId, recordId, kind: 'in', ocrOutcome, day: yardDayOf(Date.now(), deps.timeZone) },
            });
          },
        }),
      );
    },

    dispatchReport: (query: SmartGateReportQuery, principal: Principal) => report('out', query, principal),
    inReport: (query: SmartGateReportQuery, principal: Principal) => report('in', query, principal),
    exportDispatchReport: (query: SmartGateReportExportQuery, principal: Principal) =>
      exportReport('out', query, principal),
    exportInReport: (query: SmartGateReportExportQuery, principal: Principal) => exportReport('in', query, principal),

    // Per gate and yard day: how the records resolved at the smart gate came to their number.
    async accuracy(query: OcrAccuracyQuery): Promise<OcrAccuracy> {
      const rows = await repository.outcomes(db, {
        from: new Date(query.startDate),
        to: new Date(query.endDate),
        gateId: query.gateId,
      });
      const groups = new Map<string, { gateId: number; day: string; counts: Record<OcrOutcome, number> }>();
      for (const row of rows) {
        const day = yardDayOf(row.at.getTime(), deps.timeZone);
        const key = `${row.gateId}|${day}`;
        const group = groups.get(key) ?? { gateId: row.gateId, day, counts: { unchanged: 0, candidate: 0, typed: 0 } };
        group.counts[row.ocrOutcome as OcrOutcome] += 1;
        groups.set(key, group);
      }
      const share = (part: number, total: number) => Math.round((part / total) * 1000) / 1000;
      return {
        rows: [...groups.values()]
          .sort((a, b) => a.day.localeCompare(b.day) || a.gateId - b.gateId)
          .map(({ gateId, day, counts }) => {
            const total = counts.unchanged + counts.candidate + counts.typed;
            return {
              gateId,
              day,
              total,
              ...counts,
              unchangedShare: share(counts.unchanged, total),
              candidateShare: share(counts.candidate, total),
              typedShare: share(counts.typed, total),
            };
          }),
      };
    },

    // The record's reads ranked against what the depot expects at its gate now (near-miss rule).
    async candidates(gateId: number, recordId: number): Promise<OcrCandidates> {
      const gate = await repository.gate(db, gateId);
      if (!gate) throw notFound(messages.unknownGate);
      const record = await ocr.record(gateId, recordId);
      const expected: Expectation[] = [];
      if (gate.type === 'OUT') {
        const { passes, inYard } = await repository.expectedOut(db);
        for (const containerNumber of passes) expected.push({ containerNumber, source: 'gatePass' });
        for (const containerNumber of inYard) expected.push({ containerNumber, source: 'inYard' });
      } else {
        const [{ trucksInside, openTasks }, preAdvised] = await Promise.all([
          repository.expectedIn(db),
          deps.preAdvices.expected(),
        ]);
        for (const { containerNumber, detail } of preAdvised)
          expected.push({ containerNumber, source: 'preAdvised', detail });
        for (const containerNumber of trucksInside) expected.push({ containerNumber, source: 'truckInside' });
        for (const containerNumber of openTasks) expected.push({ containerNumber, source: 'openTask' });
        const { passes } = await repository.expectedOut(db);
        for (const containerNumber of passes) expected.push({ containerNumber, source: 'gatePass' });
      }
      const reads = [...new Set(readsOf(record))];
      const { matches, exact } = rankNearMisses(reads, expected);
      return { recordId, gateType: gate.type, reads, matches, exact };
    },

    // The gates the user works, first selected (spec 2 §2). A superadmin with none assigned works
    // every gate (the yard's first setup has nobody to assign them yet).
    async mine(principal: Principal): Promise<MyGates> {
      let list = await repository.gatesOfUser(db, principal.userId);
      if (!list.length && hasRole(principal, 'superadmin')) list = await repository.allGates(db);
      return { gates: list, smartGatePath: smartGatePath(list.map((gate) => gate.type)) };
    },

    // Whether the user may watch a gate's OCR and cameras live: where gates are per user (the user
    // has gates assigned), only those; a user with none assigned works every gate, as before.
    async worksGate(principal: Principal, gateId: number): Promise<boolean> {
      const assigned = await repository.gatesOfUser(db, principal.userId);
      return assigned.length === 0 || assigned.some((gate) => gate.gateId === gateId);
    },

    // The gates a user works and every gate of the yard to choose from; only of a user the
    // principal may manage (the users screen's rule: admins not superadmins or hidden users).
    async userGates(userId: number, principal: Principal): Promise<UserGates> {
      await deps.users.assertManageable(userId, principal);
      return userGatesOf(userId);
    },

    async setUserGates(userId: number, gateIds: number[], principal: Principal): Promise<UserGates> {
      const ids = [...new Set(gateIds)];
      await deps.users.assertManageable(userId, principal);
      if ((await repository.gatesById(db, ids)).length !== ids.length)
        throw badRequest(messages.unknownGate, 'gateIds');
      await commitWithEvents(db, deps.afterCommit, (tx) => repository.setGatesOfUser(tx, userId, ids));
      return userGatesOf(userId);
    },
  };
}

export type SmartGateService = ReturnType<typeof createSmartGateService>;
