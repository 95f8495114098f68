import { randomUUID } from 'node:crypto';
import { Compile } from 'typebox/compile';
import {
  BATCH_ANSWER_ROWS,
  BATCH_DISPATCH_COLUMNS,
  BATCH_DISPATCH_REQUIRED,
  BATCH_GATE_IN_COLUMNS,
  BATCH_GATE_IN_REQUIRED,
  BATCH_INLINE_MAX_ROWS,
  BATCH_MAX_ROWS,
  BATCH_MAX_UNPACKED_BYTES,
  BATCH_ROW_STATUSES,
  BATCH_SYNC_COLUMNS,
  BATCH_SYNC_REQUIRED,
  DispatchQuery,
  GateInForm,
  PreAdviceInput,
  UPLOAD_ROW_STATUSES,
  jobRequest,
  messages,
  normalizeContainerNumber,
  validationProblem,
  type BatchJob,
  type BatchKind,
  type BatchMode,
  type BatchResult,
  type BatchRowResult,
  type BatchSyncBody,
  type BatchUploadBody,
  type ErpSyncResponse,
  type UploadFile,
  uploadBytes,
} from '@openyard/contracts';
import type { Blobs } from '../../adapters/blobs';
import type { Database } from '../../adapters/db';
import { ErpUnavailable, type Erp, type ErpGatePass, type ErpInventoryEntry } from '../../adapters/erp';
import type { JobRequest } from '../../adapters/queue';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import type { DatabaseAnswers } from '../../lib/database-errors';
import { sheetDate, uploadRecords, type SheetLimits } from '../../lib/upload-sheet';
import type { Principal } from '../auth';
import type { ExportsService } from '../exports';
import type { DispatchPlan, GateInPlan, GateOperationsService } from '../gate-operations';
import { containerMasterResolver, type InventoryService } from '../inventory';
import { commitWithEvents, type AfterCommit, type NewEvent, type TellNow } from '../outbox';
import type { PreAdviceEntry, PreAdvicesService } from '../pre-advices';
import { batchRepository as repository, type BatchJobRow } from './batch.repository';

export interface BatchDependencies {
  gateOperations: GateOperationsService;
  inventory: InventoryService;
  preAdvices: PreAdvicesService;
  exports: ExportsService;
  blobs: Blobs;
  erp: Erp;
  afterCommit: AfterCommit;
  timeZone: string;
  // FEATURE_INVENTORY_SYNC_TO_ERP: admins may sync the inventory with the ERP (spec 1 §6).
  inventorySyncEnabled: boolean;
  // Whether another transaction can run while one is open (PostgreSQL's pool; not PGlite's one
  // connection): an all-or-nothing file's write progress is then stored and sent as it goes.
  separateConnections?: boolean;
  // Where it is not (PGlite), the write progress is told on the bus without the outbox.
  tellNow?: TellNow;
  // Files of more rows than this run as a queued job (BATCH_INLINE_MAX_ROWS unless configured).
  inlineMaxRows?: number;
  // The worker queue large files run on; none: only files of up to inlineMaxRows rows are taken.
  jobs?: { addBulk(jobs: readonly JobRequest[]): Promise<void> } | undefined;
}

const SHEET_LIMITS: SheetLimits = {
  maxRows: BATCH_MAX_ROWS,
  refuseFormulas: true,
  maxUnpackedBytes: BATCH_MAX_UNPACKED_BYTES,
  nameMissingColumns: true,
};

// Rows written per transaction in row-by-row mode: one commit (and one outbox row) for many gate
// transactions; a chunk a row of which is refused is written again row by row, so every good row
// is saved and every refused one has its own reason.
const CHUNK_ROWS = 50;
// A gate file that wrote at least this many rows has the yard's statistics taken again after it
// (inventory.refreshStatistics), as the seed does after its bulk load.
const REFRESH_STATISTICS_ROWS = 1_000;
// Progress is stored (and sent on the websocket) at most this often.
const PROGRESS_EVERY_MS = 250;

const gateInFormCheck = Compile(GateInForm);
const dispatchQueryCheck = Compile(DispatchQuery);
const preAdviceCheck = Compile(PreAdviceInput);

// How far a file's rows are: checked or written (all or nothing), or done (row by row).
type Progress =
  | { phase: 'checked'; rows: number }
  | { phase: 'written'; rows: number }
  | { phase: 'done'; outcomes: { status: string }[] };

// What a row is before it runs: its sheet row, container number and the values of its columns.
interface SheetRow {
  row: number;
  values: Record<string, string>;
}

// What the job row keeps of the caller (a queued file runs in the workers, without the session).
interface StoredOptions {
  forceDispatch?: boolean;
  update?: boolean;
  compareWithDb?: boolean;
  lastUpdated?: number;
  principal: Omit<Principal, 'sessionId' | 'lastAccess'>;
}

const filled = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);

export function toBatchJob(row: BatchJobRow): BatchJob {
  return {
    jobId: row.id,
    kind: row.kind as BatchKind,
    mode: row.mode as BatchMode,
    fileName: row.fileName,
    status: row.status as BatchJob['status'],
    progress: row.progress,
    total: row.total,
    processed: row.processed,
    succeeded: row.succeeded,
    failed: row.failed,
    message: row.message,
    generatedReport: row.generatedReport,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.getTime(),
    finishedAt: row.finishedAt?.getTime() ?? null,
  };
}

// The words of a refusal: a gate service's AppError says it; anything else is the server's fault
// and stops the file (the job fails with it).
function refusal(error: unknown): string {
  if (error instanceof AppError) return error.message;
  throw error;
}

// Batch files (issue 20; spec 1 §7): rows of gate-ins or dispatches run through the gate's own
// services (prepareGateIn / prepareDispatch: the form's rules, the yard's checks and the same
// transaction work as the gate screen), and the ERP's inventory compared with the yard. Each file
// is a batch job: answered at once up to BATCH_INLINE_MAX_ROWS rows, else queued for the workers
// with its progress on the websocket. One result per row, in the answer and in an xlsx report
// downloaded like the exports.
export function createBatchService(db: Database, deps: BatchDependencies) {
  const { gateOperations, inventory } = deps;

  // The write progress of all-or-nothing files writing now, where it cannot be stored meanwhile
  // (progressOf): what GET batch/jobs/{jobId} shows over the stored row.
  const writing = new Map<string, Partial<BatchJobRow>>();

  // A job row updated, with its state on the websocket (batch.job.v1).
  async function save(id: string, values: Partial<BatchJobRow>): Promise<BatchJobRow> {
    writing.delete(id);
    return commitWithEvents(db, deps.afterCommit, async (tx, events: NewEvent[]) => {
      const row = await repository.update(tx, id, values);
      events.push({ type: 'batch.jobChanged', data: toBatchJob(row) });
      return row;
    });
  }

  async function readRows(kind: BatchKind, file: UploadFile): Promise<SheetRow[]> {
    if (kind === 'gateIn') return uploadRecords(file, BATCH_GATE_IN_COLUMNS, BATCH_GATE_IN_REQUIRED, SHEET_LIMITS);
    if (kind === 'dispatch') return uploadRecords(file, BATCH_DISPATCH_COLUMNS, BATCH_DISPATCH_REQUIRED, SHEET_LIMITS);
    return uploadRecords(file, BATCH_SYNC_COLUMNS, BATCH_SYNC_REQUIRED, SHEET_LIMITS);
  }

  function principalOf(job: BatchJobRow): Principal {
    const options = job.options as StoredOptions;
    return { ...options.principal, sessionId: `batch:${job.id}`, lastAccess: null };
  }

  // The request id of a row's gate transaction: a job run again (a redelivered queue job) gets the
  // stored answers of the rows it wrote, and writes them no second time.
  const requestIdOf = (job: BatchJobRow, row: number) => `batch-${job.id.replaceAll('-', '')}-${row}`;

  interface Outcome {
    row: number;
    containerNumber: string;
    status: string;
    message: string;
  }

  // One prepared row: its outcome already known, a gate-in's plan (run with the others of its
  // chunk as one set: gateOperations.runGateIns), or a dispatch's transaction work.
  type Prepared =
    | { row: number; containerNumber: string; outcome: Outcome }
    | { row: number; containerNumber: string; gateIn: GateInPlan }
    | {
        row: number;
        containerNumber: string;
        dispatch: DispatchPlan;
        context: { number: string; answers: DatabaseAnswers };
      };
  type Runnable = Exclude<Prepared, { outcome: Outcome }>;

  const done = (row: number, containerNumber: string, message: string): Outcome => ({
    row,
    containerNumber,
    status: BATCH_ROW_STATUSES.done,
    message,
  });
  const refused = (row: number, containerNumber: string, message: string): Outcome => ({
    row,
    containerNumber,
    status: BATCH_ROW_STATUSES.refused,
    message,
  });
  const answered = (
    row: number,
    containerNumber: string,
    answer: { responsestatus: string; message?: string | undefined },
  ) =>
    answer.responsestatus === 'success'
      ? done(row, containerNumber, answer.message ?? 'success')
      : refused(row, containerNumber, answer.message ?? answer.responsestatus);

  // A gate-in row as the gate form sends a single offloading.
  function gateInForm(job: BatchJobRow, { row, values }: SheetRow, principal: Principal): GateInForm {
    const container = Object.fromEntries(
      Object.entries({
        containerNumber: values.containerNumber,
        tagId: values.tagId,
        containerSize: values.containerSize,
        containerType: values.containerType,
        gateInPurpose: values.gateInPurpose,
        igm: values.igm,
        item: values.item,
        containerLocation: values.containerLocation,
      }).flatMap(([key, value]) => (filled(value) ? [[key, value!.trim()]] : [])),
    );
    const trailerTag = filled(values.trailerTag);
    const trailerNumber = filled(values.trailerNumber);
    return {
      requestId: requestIdOf(job, row),
      mode: 'single',
      container1Data: container,
      ...(trailerNumber ? { trailerNumber } : {}),
      ...(trailerTag ? { trailerTag1: trailerTag } : {}),
      userName: principal.username,
    };
  }

  function dispatchQuery(job: BatchJobRow, { values, row }: SheetRow, principal: Principal): DispatchQuery | string {
    const time = sheetDate(values.dispatchTime ?? '', deps.timeZone);
    if (time === 'bad') return messages.sheetBadDate;
    const exitProcess = filled(values.exitProcess);
    const trailerNumber = filled(values.trailerNumber);
    return {
      requestId: requestIdOf(job, row),
      containerNumber: values.containerNumber!.trim(),
      // A row without a time leaves when the file runs.
      dispatchTime: (time ?? new Date()).getTime(),
      ...(exitProcess ? { exitProcess } : {}),
      ...(trailerNumber ? { trailerNumber } : {}),
      ...((job.options as StoredOptions).forceDispatch ? { forceDispatch: true } : {}),
      userName: principal.username,
    };
  }

  // Each row checked against the form's schema (the gate route's validation), then by the gate
  // service as a set: gate-ins (checkGateIns: one read of the chunk's request ids and tags) and
  // dispatches (checkDispatches: one read of the chunk's request ids and containers, the ERP asked
  // a few rows at a time).
  async function prepareRows(job: BatchJobRow, rows: SheetRow[], principal: Principal): Promise<Prepared[]> {
    const prepared: Prepared[] = [];
    const numberOf = (sheetRow: SheetRow) => normalizeContainerNumber(sheetRow.values.containerNumber ?? '');
    const refuse = (sheetRow: SheetRow, message: string) =>
      prepared.push({
        row: sheetRow.row,
        containerNumber: numberOf(sheetRow),
        outcome: refused(sheetRow.row, numberOf(sheetRow), message),
      });
    if (job.kind === 'gateIn') {
      const resolveMasters = await containerMasterResolver(db);
      const valid: { sheetRow: SheetRow; form: GateInForm }[] = [];
      for (const sheetRow of rows) {
        const form = gateInForm(job, sheetRow, principal);
        if (gateInFormCheck.Check(form)) valid.push({ sheetRow, form });
        else refuse(sheetRow, validationProblem([...gateInFormCheck.Errors(form)], GateInForm).message);
      }
      const checked = await gateOperations.checkGateIns(
        valid.map((entry) => entry.form),
        principal,
        { resolveMasters },
      );
      for (const [index, { sheetRow }] of valid.entries()) {
        const result = checked[index]!;
        const row = sheetRow.row;
        const containerNumber = numberOf(sheetRow);
        if ('refusal' in result) refuse(sheetRow, result.refusal.message);
        else if ('answer' in result)
          prepared.push({ row, containerNumber, outcome: answered(row, containerNumber, result.answer) });
        else prepared.push({ row, containerNumber, gateIn: result.plan });
      }
      return prepared.sort((a, b) => a.row - b.row);
    }
    const valid: { sheetRow: SheetRow; query: DispatchQuery }[] = [];
    for (const sheetRow of rows) {
      const query = dispatchQuery(job, sheetRow, principal);
      if (typeof query === 'string') refuse(sheetRow, query);
      else if (!dispatchQueryCheck.Check(query))
        refuse(sheetRow, validationProblem([...dispatchQueryCheck.Errors(query)], DispatchQuery).message);
      else valid.push({ sheetRow, query });
    }
    const checked = await gateOperations.checkDispatches(
      valid.map((entry) => entry.query),
      principal,
    );
    for (const [index, { sheetRow }] of valid.entries()) {
      const result = checked[index]!;
      const row = sheetRow.row;
      const containerNumber = numberOf(sheetRow);
      if ('refusal' in result) refuse(sheetRow, result.refusal.message);
      else if ('answer' in result)
        prepared.push({ row, containerNumber, outcome: answered(row, containerNumber, result.answer) });
      else prepared.push({ row, containerNumber, dispatch: result.plan, context: result.context });
    }
    return prepared.sort((a, b) => a.row - b.row);
  }

  // Runnable rows inside the caller's transaction, as sets: the gate-ins (runGateIns) and the
  // dispatches (runDispatches), each row with its result or refusal, the others written.
  async function runRows(tx: Database, events: NewEvent[], entries: readonly Runnable[]): Promise<Outcome[]> {
    const outcomes = new Map<Runnable, Outcome>();
    const tell = (
      set: readonly Runnable[],
      results: readonly (AppError | { responsestatus: string; message?: string | undefined })[],
    ) => {
      for (const [index, entry] of set.entries()) {
        const result = results[index]!;
        outcomes.set(
          entry,
          result instanceof AppError
            ? refused(entry.row, entry.containerNumber, result.message)
            : answered(entry.row, entry.containerNumber, result),
        );
      }
    };
    const gateIns = entries.filter((entry): entry is Extract<Runnable, { gateIn: GateInPlan }> => 'gateIn' in entry);
    if (gateIns.length)
      tell(
        gateIns,
        await gateOperations.runGateIns(
          tx,
          events,
          gateIns.map((entry) => entry.gateIn),
        ),
      );
    const dispatches = entries.filter(
      (entry): entry is Extract<Runnable, { dispatch: DispatchPlan }> => 'dispatch' in entry,
    );
    if (dispatches.length)
      tell(
        dispatches,
        await gateOperations.runDispatches(
          tx,
          events,
          dispatches.map((entry) => entry.dispatch),
        ),
      );
    return entries.map((entry) => outcomes.get(entry)!);
  }

  // The gate's words for the constraints a row may meet, for its own transaction.
  const contextOf = (entry: Runnable) =>
    'gateIn' in entry
      ? { number: entry.gateIn.numbers.join(', '), answers: gateOperations.gateInAnswers([entry.gateIn]) }
      : entry.context;

  // Progress told as the rows go, stored and sent at most every PROGRESS_EVERY_MS: row by row, the
  // rows done; all or nothing, the rows checked (the first half), then the rows written in the
  // file's one transaction (the second half; saved together at its commit).
  function progressOf(job: BatchJobRow) {
    let told = 0;
    let phase: Progress['phase'] | undefined;
    const total = job.total || 1;
    return async (progress: Progress) => {
      // A new phase is told at once (the first rows written), then at most every PROGRESS_EVERY_MS.
      if (progress.phase === phase && Date.now() - told < PROGRESS_EVERY_MS) return;
      told = Date.now();
      phase = progress.phase;
      if (progress.phase === 'checked') {
        await save(job.id, { progress: Math.min(0.49, progress.rows / total / 2) });
        return;
      }
      if (progress.phase === 'written') {
        const values = {
          processed: progress.rows,
          progress: Math.min(0.99, 0.5 + progress.rows / total / 2),
          message: messages.batchWriting(progress.rows, job.total),
        };
        // The write's transaction holds PGlite's one connection: another transaction would wait for
        // it to end, so nothing can be stored or put in the outbox meanwhile. There the progress is
        // kept here (the job runs in the process that answers its GET: an embedded database is one
        // process's) until the job's next save, and told on the websocket without the outbox
        // (tellNow). Told before it is committed is right for what it says (rows written in the
        // open transaction, as GET shows): the job's next save, recorded, says how it ended.
        if (!deps.separateConnections) {
          writing.set(job.id, values);
          deps.tellNow?.([{ type: 'batch.jobChanged', data: toBatchJob({ ...job, ...values }) }]);
          return;
        }
        await save(job.id, values);
        return;
      }
      const succeeded = progress.outcomes.filter((outcome) => outcome.status === BATCH_ROW_STATUSES.done).length;
      await save(job.id, {
        processed: progress.outcomes.length,
        succeeded,
        failed: progress.outcomes.length - succeeded,
        progress: Math.min(0.99, progress.outcomes.length / total),
      });
    };
  }

  // Gate-in and dispatch rows: chunk by chunk (row by row), or all in one transaction.
  async function runGateRows(job: BatchJobRow, rows: SheetRow[]): Promise<Outcome[]> {
    const principal = principalOf(job);
    const tell = progressOf(job);
    const outcomes: Outcome[] = [];
    if (job.mode === 'allOrNothing') {
      const prepared: Prepared[] = [];
      for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
        prepared.push(...(await prepareRows(job, rows.slice(start, start + CHUNK_ROWS), principal)));
        // Checked, not written: the first half of the work.
        await tell({ phase: 'checked', rows: prepared.length });
      }
      const refusals = prepared.filter(
        (entry) => 'outcome' in entry && entry.outcome.status !== BATCH_ROW_STATUSES.done,
      );
      if (refusals.length)
        return prepared.map((entry) =>
          'outcome' in entry && entry.outcome.status !== BATCH_ROW_STATUSES.done ? entry.outcome : notSaved(entry),
        );
      const runnable = prepared.filter((entry): entry is Runnable => !('outcome' in entry));
      // All in one transaction, chunk by chunk, the rows written told as they go (the second half).
      const writeAll = (size: number, onFailing: (entry: Runnable | undefined) => void) =>
        gateOperations.changeInventory(async (tx, events) => {
          const answers = new Map<Runnable, Outcome>();
          for (let start = 0; start < runnable.length; start += size) {
            const chunk = runnable.slice(start, start + size);
            onFailing(chunk.length === 1 ? chunk[0] : undefined);
            const written = await runRows(tx, events, chunk);
            for (const [index, entry] of chunk.entries()) answers.set(entry, written[index]!);
            await tell({ phase: 'written', rows: prepared.length - runnable.length + start + chunk.length });
          }
          onFailing(undefined);
          const all = prepared.map((entry) => ('outcome' in entry ? entry.outcome : answers.get(entry)!));
          // A row refused, or answered with a question (found in the ERP, a twin's other answer):
          // nothing saved.
          if (all.some((answer) => answer.status !== BATCH_ROW_STATUSES.done)) throw new AllOrNothingRefused(all);
          return all;
        });
      try {
        return await writeAll(CHUNK_ROWS, () => undefined);
      } catch (error) {
        if (error instanceof AllOrNothingRefused) return nothingSavedOf(error.answers);
        const message = refusal(error);
        // A refusal the set could not pin on a row (a constraint, a slot taken): the file again, one
        // row at a time in one transaction, to name the row; rolled back whatever happens.
        let failing: Runnable | undefined;
        try {
          // Not refused this time (what refused the set is gone): written, one row at a time.
          return await writeAll(1, (entry) => (failing = entry ?? failing));
        } catch (again) {
          if (again instanceof AllOrNothingRefused) return nothingSavedOf(again.answers);
          const rowMessage = refusal(again);
          // Refused outside any row's work: the file fails with the first refusal's words.
          if (!failing) throw badRequest(message);
          return prepared.map((entry) =>
            entry === failing ? refused(entry.row, entry.containerNumber, rowMessage) : notSaved(entry),
          );
        }
      }
    }
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      const prepared = await prepareRows(job, rows.slice(start, start + CHUNK_ROWS), principal);
      const runnable = prepared.filter((entry): entry is Runnable => !('outcome' in entry));
      const results = new Map<Prepared, Outcome>();
      if (runnable.length)
        try {
          const written = await gateOperations.changeInventory((tx, events) => runRows(tx, events, runnable));
          for (const [index, entry] of runnable.entries()) results.set(entry, written[index]!);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // The chunk was refused whole: each row on its own, so the others are saved.
          for (const entry of runnable)
            try {
              const [written] = await gateOperations.changeInventory(
                (tx, events) => runRows(tx, events, [entry]),
                contextOf(entry),
              );
              results.set(entry, written!);
            } catch (rowError) {
              results.set(entry, refused(entry.row, entry.containerNumber, refusal(rowError)));
            }
        }
      for (const entry of prepared) outcomes.push('outcome' in entry ? entry.outcome : results.get(entry)!);
      await tell({ phase: 'done', outcomes });
    }
    return outcomes;
  }

  // The answers of an all-or-nothing file one row of which was refused: the others not saved.
  const nothingSavedOf = (answers: Outcome[]) =>
    answers.map((answer) => (answer.status === BATCH_ROW_STATUSES.done ? notSaved(answer) : answer));

  const notSaved = (entry: { row: number; containerNumber: string }): Outcome => ({
    row: entry.row,
    containerNumber: entry.containerNumber,
    status: BATCH_ROW_STATUSES.notSaved,
    message: messages.batchRowNotSaved,
  });

  // Sync rows: each compared with the yard, the yard's containers the file misses listed, and with
  // `update` the file's IGM and item written to the containers in the yard.
  async function runSyncRows(job: BatchJobRow, rows: SheetRow[]): Promise<Outcome[]> {
    const options = job.options as StoredOptions;
    const principal = principalOf(job);
    const tell = progressOf(job);
    const numbers = [...new Set(rows.map((row) => normalizeContainerNumber(row.values.containerNumber ?? '')))];
    const yard = new Map<string, Awaited<ReturnType<typeof repository.yardContainers>>[number]>();
    for (let start = 0; start < numbers.length; start += 5_000)
      for (const container of await repository.yardContainers(db, { numbers: numbers.slice(start, start + 5_000) }))
        yard.set(container.containerNumber, container);
    const outcomes: Outcome[] = [];
    const updates: { outcome: Outcome; id: number; values: { igm?: string; item?: string } }[] = [];
    for (const { row, values } of rows) {
      const containerNumber = normalizeContainerNumber(values.containerNumber ?? '');
      const container = yard.get(containerNumber);
      if (!container) {
        outcomes.push({
          row,
          containerNumber,
          status: BATCH_ROW_STATUSES.notInYard,
          message: messages.batchSyncNotInYard,
        });
        continue;
      }
      const change: { igm?: string; item?: string } = {};
      const igm = filled(values.igm);
      const item = filled(values.item);
      if (options.update && igm && igm !== container.igm) change.igm = igm;
      if (options.update && item && item !== container.item) change.item = item;
      const outcome: Outcome = Object.keys(change).length
        ? {
            row,
            containerNumber,
            status: BATCH_ROW_STATUSES.updated,
            message: messages.batchSyncUpdated(
              Object.keys(change)
                .map((key) => key.toUpperCase())
                .join(' and '),
            ),
          }
        : { row, containerNumber, status: BATCH_ROW_STATUSES.inYard, message: messages.batchSyncInYard };
      outcomes.push(outcome);
      if (Object.keys(change).length) updates.push({ outcome, id: container.id, values: change });
    }
    // The updates through the inventory's own edit, chunk by chunk (all in one with allOrNothing).
    const actor = { username: principal.username, source: 'gate' as const };
    const size = job.mode === 'allOrNothing' ? Number.MAX_SAFE_INTEGER : CHUNK_ROWS;
    for (let start = 0; start < updates.length; start += size) {
      const chunk = updates.slice(start, start + size);
      await inventory.change(async (tx, events) => {
        for (const update of chunk) await inventory.updateDetails(tx, events, update.id, update.values, actor);
      });
      await tell({
        phase: 'done',
        outcomes: outcomes.slice(0, Math.round((outcomes.length * (start + chunk.length)) / updates.length)),
      });
    }
    if (options.compareWithDb) {
      const listed = new Set(numbers);
      const before = options.lastUpdated !== undefined ? new Date(options.lastUpdated) : undefined;
      for (const container of await repository.yardContainers(db, before ? { gatedInBefore: before } : {}))
        if (!listed.has(container.containerNumber))
          outcomes.push({
            row: 0,
            containerNumber: container.containerNumber,
            status: BATCH_ROW_STATUSES.notInFile,
            message: messages.batchSyncNotInFile,
          });
    }
    return outcomes;
  }

  // Runs a job's rows, writes its report and stores the outcome (done, or failed with why).
  async function run(job: BatchJobRow, rows: SheetRow[]): Promise<BatchJobRow> {
    // Running: the 'queued' words go; the progress says the rest.
    job = await save(job.id, { status: 'running', startedAt: new Date(), total: rows.length, message: null });
    try {
      const outcomes = job.kind === 'sync' ? await runSyncRows(job, rows) : await runGateRows(job, rows);
      const failedStatuses: string[] = [BATCH_ROW_STATUSES.refused, BATCH_ROW_STATUSES.notSaved];
      const fileRows = outcomes.filter((outcome) => outcome.row > 0);
      const failed = fileRows.filter((outcome) => failedStatuses.includes(outcome.status)).length;
      const succeeded = fileRows.length - failed;
      const report = await deps.exports.writeWorkbookStream(job.requestedById, `batch-${job.kind}`, {
        sheet: 'Result',
        columns: [
          { header: 'Row', key: 'row', width: 8 },
          { header: 'Container', key: 'containerNumber', width: 16 },
          { header: 'Status', key: 'status', width: 12 },
          { header: 'Message', key: 'message', width: 80 },
        ],
        batches: (async function* () {
          for (let start = 0; start < outcomes.length; start += 5_000)
            yield outcomes
              .slice(start, start + 5_000)
              .map((outcome) => [outcome.row || null, outcome.containerNumber, outcome.status, outcome.message]);
        })(),
      });
      const nothingSaved = job.mode === 'allOrNothing' && job.kind !== 'sync' && failed > 0;
      if (job.kind !== 'sync' && !nothingSaved && succeeded >= REFRESH_STATISTICS_ROWS)
        await inventory.refreshStatistics();
      return await save(job.id, {
        status: 'done',
        progress: 1,
        processed: rows.length,
        succeeded: nothingSaved ? 0 : succeeded,
        failed,
        message: nothingSaved
          ? messages.batchNothingSaved(
              fileRows.filter((outcome) => outcome.status === BATCH_ROW_STATUSES.refused).length,
            )
          : messages.batchDone(succeeded, rows.length),
        generatedReport: report,
        rows: outcomes.slice(0, BATCH_ANSWER_ROWS),
        fileKey: null,
        finishedAt: new Date(),
      });
    } catch (error) {
      await save(job.id, {
        status: 'failed',
        message: error instanceof Error ? error.message : String(error),
        finishedAt: new Date(),
      });
      throw error;
    } finally {
      if (job.fileKey) await deps.blobs.delete(job.fileKey).catch(() => undefined);
    }
  }

  // The ERP's gate passes as pre-advices (the pre-advices service's `receive`, source erp): those
  // already open here are skipped (a sync taken again), a refused one is counted and the others saved.
  async function takeGatePasses(passes: ErpGatePass[], by: string) {
    const open = new Set((await deps.preAdvices.expected()).map((entry) => entry.containerNumber));
    const entries: PreAdviceEntry[] = passes
      .filter((pass) => !open.has(normalizeContainerNumber(String(pass.containerNumber ?? ''))))
      .map((pass, index) => ({
        row: index + 1,
        input: {
          containerNumber: String(pass.containerNumber ?? ''),
          expectedFrom: Number(pass.expectedFrom),
          expectedTo: pass.expectedTo ?? null,
          containerSize: String(pass.containerSize ?? ''),
          liner: pass.liner ?? null,
          process: pass.process ?? null,
          containerType: pass.containerType ?? null,
          trailerNumber: pass.trailerNumber ?? null,
          igm: pass.igm ?? null,
          item: pass.item ?? null,
        },
        problem: preAdviceCheck.Check({
          containerNumber: String(pass.containerNumber ?? ''),
          expectedFrom: Number(pass.expectedFrom),
          containerSize: String(pass.containerSize ?? ''),
        })
          ? null
          : messages.fieldInvalid('gate pass'),
      }));
    if (!entries.length) return { saved: 0, refused: 0 };
    const first = await deps.preAdvices.receive(entries, 'erp', by);
    const refusedRows = new Set(
      first.rows.filter((row) => row.status === UPLOAD_ROW_STATUSES.refused).map((row) => row.row),
    );
    if (!refusedRows.size) return { saved: first.saved, refused: 0 };
    const good = entries.filter((entry) => !refusedRows.has(entry.row));
    const second = good.length ? await deps.preAdvices.receive(good, 'erp', by) : { saved: 0 };
    return { saved: second.saved, refused: refusedRows.size };
  }

  function answer(row: BatchJobRow): BatchResult {
    const job = toBatchJob(row);
    return {
      responsestatus: row.status === 'done' ? 'success' : row.status,
      message: row.message ?? '',
      generatedReport: row.generatedReport,
      job,
      rows: row.rows as BatchRowResult[],
    };
  }

  // A file checked whole (readable, its columns, its size, no formulas) before anything is stored:
  // a bad file changes nothing and says why.
  async function upload(
    kind: BatchKind,
    body: BatchUploadBody | BatchSyncBody,
    principal: Principal,
  ): Promise<BatchResult> {
    const rows = await readRows(kind, body.file);
    const inline = rows.length <= (deps.inlineMaxRows ?? BATCH_INLINE_MAX_ROWS);
    if (!inline && !deps.jobs) throw conflict(messages.batchUnavailable);
    const { sessionId: _session, lastAccess: _last, ...who } = principal;
    void _session;
    void _last;
    const sync = kind === 'sync' ? (body as BatchSyncBody) : undefined;
    const options: StoredOptions = {
      principal: who,
      ...('forceDispatch' in body && body.forceDispatch === 'true' ? { forceDispatch: true } : {}),
      ...(sync?.update === 'true' ? { update: true } : {}),
      ...(sync?.compareWithDb === 'true' ? { compareWithDb: true } : {}),
      ...(sync?.lastUpdated ? { lastUpdated: Number(sync.lastUpdated) } : {}),
    };
    const id = randomUUID();
    const fileName = body.file.name.slice(0, 200);
    const fileKey = inline ? null : `batch/${id}/${fileName.endsWith('.csv') ? 'file.csv' : 'file.xlsx'}`;
    if (fileKey) await deps.blobs.put(fileKey, await uploadBytes(body.file));
    const row = await commitWithEvents(db, deps.afterCommit, async (tx, events: NewEvent[]) => {
      const inserted = await repository.insert(tx, {
        id,
        kind,
        mode: body.mode ?? 'rowByRow',
        fileName,
        fileKey,
        options,
        total: rows.length,
        requestedBy: principal.username,
        requestedById: principal.userId,
        message: inline ? null : messages.batchQueued(rows.length),
      });
      events.push({ type: 'batch.jobChanged', data: toBatchJob(inserted) });
      return inserted;
    });
    if (inline) return answer(await run(row, rows));
    try {
      await deps.jobs!.addBulk([jobRequest('BatchFile', { jobId: id }, `batch-${id}`)]);
    } catch (error) {
      await save(id, {
        status: 'failed',
        message: error instanceof Error ? error.message : String(error),
        finishedAt: new Date(),
      });
      await deps.blobs.delete(fileKey!).catch(() => undefined);
      throw error;
    }
    return {
      responsestatus: 'queued',
      message: messages.batchQueued(rows.length),
      generatedReport: null,
      job: toBatchJob(row),
      rows: [],
    };
  }

  return {
    // POST batch/gate-in, batch/dispatch, batch/sync.
    gateIn: (body: BatchUploadBody, principal: Principal) => upload('gateIn', body, principal),
    dispatch: (body: BatchUploadBody, principal: Principal) => upload('dispatch', body, principal),
    sync: (body: BatchSyncBody, principal: Principal) => upload('sync', body, principal),

    // GET batch/jobs/{jobId}: the requester's job (a superadmin sees any).
    async job(jobId: string, principal: Principal): Promise<BatchJob> {
      const row = await repository.byId(db, jobId);
      if (!row) throw notFound(messages.batchJobNotFound);
      if (row.requestedById !== principal.userId && principal.systemRole !== 'superadmin') throw forbidden();
      const progress = row.status === 'running' ? writing.get(jobId) : undefined;
      return toBatchJob(progress ? { ...row, ...progress } : row);
    },

    // The BatchFile job: a large file's rows, run as a small file's are. A job already over (a
    // redelivered queue job) is left as it is; one a crash left running runs again (its written rows
    // answer from their stored gate transactions).
    async runJob(jobId: string): Promise<void> {
      const row = await repository.byId(db, jobId);
      if (!row || (row.status !== 'queued' && row.status !== 'running') || !row.fileKey) return;
      const bytes = await deps.blobs.get(row.fileKey);
      if (!bytes) {
        await save(jobId, { status: 'failed', message: messages.batchJobNotFound, finishedAt: new Date() });
        return;
      }
      const rows = await readRows(row.kind as BatchKind, { name: row.fileKey, content: bytes });
      await run(row, rows);
    },

    // GET containers/sync-with-erp (spec 1 §7, §8): the yard's inventory sent to the ERP, and the
    // gate passes it issued taken in as pre-advices.
    async syncWithErp(principal: Principal): Promise<ErpSyncResponse> {
      if (!deps.inventorySyncEnabled) throw forbidden(messages.lockedFeature);
      const failed = (reason: string): ErpSyncResponse => ({
        responsestatus: 'failed',
        message: messages.syncWithErpFailed,
        reason,
        sent: 0,
        gatePassesReceived: 0,
        gatePassesRefused: 0,
      });
      if (!deps.erp.configured) return failed(messages.erpNotConfigured);
      const containers = await repository.yardContainers(db);
      // Where each stands, named as the yard names its slots; one still on its trailer (its offloading
      // task not done) has no slot yet: null.
      const locations = new Map(
        (await inventory.yardContainers(false)).map((view) => [view.containerId, view.location]),
      );
      const entries: ErpInventoryEntry[] = containers.map((container) => ({
        containerNumber: container.containerNumber,
        containerSize: container.size,
        containerType: container.type,
        process: container.process,
        igm: container.igm,
        item: container.item,
        location: locations.get(container.id) ?? null,
        gateInAt: container.gateInAt.toISOString(),
      }));
      try {
        const { accepted } = await deps.erp.sendInventory(entries);
        const received = await takeGatePasses(await deps.erp.gatePasses(), principal.username);
        return {
          responsestatus: 'success',
          message: messages.syncWithErpSuccessful,
          reason: null,
          sent: accepted,
          gatePassesReceived: received.saved,
          gatePassesRefused: received.refused,
        };
      } catch (error) {
        if (error instanceof ErpUnavailable) return failed(error.message);
        throw error;
      }
    },
  };
}

class AllOrNothingRefused extends Error {
  constructor(readonly answers: { row: number; containerNumber: string; status: string; message: string }[]) {
    super('all or nothing: a row was refused');
  }
}

export type BatchService = ReturnType<typeof createBatchService>;
