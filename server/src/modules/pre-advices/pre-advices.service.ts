import {
  isValidContainerNumber,
  messages,
  normalizeContainerNumber,
  offsetFromOneBasedSkip,
  PAGE_SIZES,
  PRE_ADVICE_UPLOAD_COLUMNS,
  UPLOAD_ROW_STATUSES,
  yardDayOf,
  yardDayRange,
  type PreAdvice,
  type PreAdviceInput,
  type PreAdviceSaved,
  type PreAdviceSource,
  type PreAdvicesPage,
  type PreAdvicesQuery,
  type StatusResponse,
  type UploadFile,
  type UploadResult,
  type UploadRowResult,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { databaseError, type DatabaseAnswers } from '../../lib/database-errors';
import { repeats, sheetDate, uploadAnswer, uploadRecords } from '../../lib/upload-sheet';
import type { Principal } from '../auth';
import { containerMasterResolver } from '../inventory';
import type { MasterDataService } from '../master-data';
import { commitWithEvents, type AfterCommit } from '../outbox';
import {
  preAdvicesRepository as repository,
  toPreAdvice,
  type PreAdviceFields,
  type PreAdviceValues,
} from './pre-advices.repository';

export interface PreAdvicesDependencies {
  masterData: MasterDataService;
  afterCommit: AfterCommit;
  // The yard's zone: a window without an end ends with the yard day it starts on.
  timeZone: string;
}

// A pre-advice that arrives with others (a sheet's row, or later one of the ERP's list): its row
// number for the answer, its fields, and a problem found while reading it (a date that is none).
export interface PreAdviceEntry {
  row: number;
  input: PreAdviceInput;
  problem?: string | null;
}

const trimmed = (value: string | null | undefined) => value?.trim() || null;

const answers = (containerNumber: string): DatabaseAnswers => ({
  unique: ({ constraint }) =>
    constraint === 'pre_advices_open_unique'
      ? conflict(messages.preAdviceOpenExists(containerNumber), 'containerNumber')
      : undefined,
  check: ({ constraint }) =>
    constraint === 'pre_advices_number_format' || constraint === 'pre_advices_number_check_digit'
      ? badRequest(messages.preAdviceNumberInvalid(containerNumber), 'containerNumber')
      : constraint === 'pre_advices_window'
        ? badRequest(messages.preAdviceWindowBackwards, 'expectedTo')
        : undefined,
});

// The pre-advice store of the IN gates (issue 16). Pre-advices come by hand, by sheet, or — once the
// ERP issue plugs its client in — from the ERP: that adapter hands its list to `receive` with
// source 'erp', the same path a sheet takes (one answer per entry, nothing saved when one is
// refused). The gate-in uses a container's open pre-advice in its own transaction (`useWithin`),
// and the smart gate's near-miss resolver ranks IN-gate reads against the open ones (`expected`).
export function createPreAdvicesService(db: Database, deps: PreAdvicesDependencies) {
  const { timeZone } = deps;

  // Input to row values, against one read of the master data (many inputs: a sheet's rows).
  async function valuesResolver() {
    const [master, liners] = await Promise.all([containerMasterResolver(db), deps.masterData.linerInfos()]);
    return (input: PreAdviceInput): PreAdviceFields => {
      const containerNumber = normalizeContainerNumber(input.containerNumber);
      if (!isValidContainerNumber(containerNumber))
        throw badRequest(messages.preAdviceNumberInvalid(containerNumber), 'containerNumber');
      // Without an end, the window is the rest of the yard day it starts on.
      const expectedTo = input.expectedTo ?? yardDayRange(yardDayOf(input.expectedFrom, timeZone), timeZone).to;
      if (expectedTo < input.expectedFrom) throw badRequest(messages.preAdviceWindowBackwards, 'expectedTo');
      if (!input.containerSize.trim()) throw badRequest(messages.containerSizeRequired, 'containerSize');
      const ids = master({
        sizeName: input.containerSize,
        containerType: input.containerType ?? null,
        process: input.process ?? null,
        category: input.category ?? null,
      });
      // The liner by its code or name; without one, the liner of the number's owner code, if known.
      const linerName = trimmed(input.liner)?.toLowerCase();
      const liner = linerName
        ? liners.find((row) => row.code.toLowerCase() === linerName || row.name.toLowerCase() === linerName)
        : liners.find((row) => row.prefixes.includes(containerNumber.slice(0, 4)));
      if (linerName && !liner) throw badRequest(messages.unknownMasterData('liner', input.liner!.trim()), 'liner');
      return {
        containerNumber,
        expectedFrom: new Date(input.expectedFrom),
        expectedTo: new Date(expectedTo),
        linerId: liner?.id ?? null,
        processId: ids.processId ?? null,
        categoryId: ids.categoryId ?? null,
        sizeId: ids.sizeId!,
        typeId: ids.typeId ?? null,
        trailerNumber: trimmed(input.trailerNumber),
        // Left out: kept as they are on an edit (a form that does not show them), null on a new one.
        igm: input.igm === undefined ? undefined : trimmed(input.igm),
        item: input.item === undefined ? undefined : trimmed(input.item),
        jobOrderNumber: input.jobOrderNumber === undefined ? undefined : trimmed(input.jobOrderNumber),
      };
    };
  }

  async function saved(tx: Database, id: number): Promise<PreAdviceSaved> {
    const row = await repository.byId(tx, id);
    if (!row) throw notFound(messages.preAdviceNotExisting);
    return { responsestatus: 'success', message: messages.preAdviceSaved, preAdvice: toPreAdvice(row) };
  }

  // Many pre-advices at once: each entry answered (saved, or refused with its reason); one refused
  // entry saves none (the uploads' rule, server/src/lib/upload-sheet.ts).
  async function receive(entries: PreAdviceEntry[], source: PreAdviceSource, by: string | null): Promise<UploadResult> {
    const resolve = await valuesResolver();
    const repeated = repeats(entries, (entry) => normalizeContainerNumber(entry.input.containerNumber));
    return commitWithEvents(db, deps.afterCommit, async (tx) => {
      const open = new Set(
        (
          await repository.openOf(
            tx,
            entries.map((entry) => normalizeContainerNumber(entry.input.containerNumber)),
          )
        ).map((row) => row.containerNumber),
      );
      const results: UploadRowResult[] = [];
      const inserts: PreAdviceValues[] = [];
      for (const entry of entries) {
        const refuse = (message: string) =>
          results.push({ row: entry.row, status: UPLOAD_ROW_STATUSES.refused, message });
        if (entry.problem) {
          refuse(entry.problem);
          continue;
        }
        let values: PreAdviceValues;
        try {
          values = { ...resolve(entry.input), source, createdBy: by };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refuse(error.message);
          continue;
        }
        const earlier = repeated.get(entry);
        if (earlier !== undefined) refuse(messages.uploadRowRepeated(entries[earlier]!.row));
        else if (open.has(values.containerNumber)) refuse(messages.preAdviceOpenExists(values.containerNumber));
        else {
          results.push({ row: entry.row, status: UPLOAD_ROW_STATUSES.saved });
          inserts.push(values);
        }
      }
      const answer = uploadAnswer(results, inserts.length);
      if (answer.saved) await repository.insert(tx, inserts);
      return answer;
    }).catch((error: unknown) => {
      throw databaseError(error, {
        unique: ({ constraint }) =>
          constraint === 'pre_advices_open_unique' ? conflict(messages.preAdviceUploadRace) : undefined,
      });
    });
  }

  return {
    receive,

    async page(query: PreAdvicesQuery): Promise<PreAdvicesPage> {
      const limit = query.limit ?? PAGE_SIZES.preAdvices;
      const { rows, total } = await repository.page(
        db,
        { searchText: query.searchText, includeUsed: query.includeUsed ?? false },
        { offset: offsetFromOneBasedSkip(query.skip), limit },
      );
      return { entities: rows.map(toPreAdvice), totalCount: total };
    },

    async create(input: PreAdviceInput, principal: Principal): Promise<PreAdviceSaved> {
      const values = { ...(await valuesResolver())(input), source: 'manual' as const, createdBy: principal.username };
      try {
        return await commitWithEvents(db, deps.afterCommit, async (tx) => {
          const [row] = await repository.insert(tx, [values]);
          return saved(tx, row!.id);
        });
      } catch (error) {
        throw databaseError(error, answers(values.containerNumber));
      }
    },

    // An open pre-advice is edited whole (what the form sends replaces it); a used one is the
    // record of its gate-in and stays as it is.
    async update(id: number, input: PreAdviceInput): Promise<PreAdviceSaved> {
      const values = (await valuesResolver())(input);
      try {
        return await commitWithEvents(db, deps.afterCommit, async (tx) => {
          const row = await repository.update(tx, id, values);
          if (!row)
            throw (await repository.byId(tx, id))
              ? conflict(messages.preAdviceUsed)
              : notFound(messages.preAdviceNotExisting);
          return saved(tx, row.id);
        });
      } catch (error) {
        throw databaseError(error, answers(values.containerNumber));
      }
    },

    async delete(id: number): Promise<StatusResponse> {
      await commitWithEvents(db, deps.afterCommit, async (tx) => {
        const row = await repository.byId(tx, id);
        if (!row) throw notFound(messages.preAdviceNotExisting);
        if (row.row.usedAt) throw conflict(messages.preAdviceUsed);
        await repository.delete(tx, id);
      });
      return { responsestatus: 'success', message: messages.preAdviceDeleted };
    },

    // A sheet of pre-advices (PRE_ADVICE_UPLOAD_COLUMNS): one answer per row, as `receive`.
    async upload(file: UploadFile, principal: Principal): Promise<UploadResult> {
      const records = await uploadRecords(file, PRE_ADVICE_UPLOAD_COLUMNS, [
        'containerNumber',
        'expectedFrom',
        'containerSize',
      ]);
      const entries = records.map(({ row, values }): PreAdviceEntry => {
        const from = sheetDate(values.expectedFrom, timeZone);
        const to = sheetDate(values.expectedTo, timeZone, 'end');
        const problem =
          from === 'bad' || to === 'bad'
            ? messages.sheetBadDate
            : from === null
              ? messages.preAdviceExpectedRequired
              : null;
        return {
          row,
          problem,
          input: {
            containerNumber: values.containerNumber,
            expectedFrom: from instanceof Date ? from.getTime() : 0,
            expectedTo: to instanceof Date ? to.getTime() : null,
            liner: values.liner,
            process: values.process,
            category: values.category,
            containerSize: values.containerSize,
            containerType: values.containerType,
            trailerNumber: values.trailerNumber,
            igm: values.igm,
            item: values.item,
            jobOrderNumber: values.jobOrderNumber,
          },
        };
      });
      return receive(entries, 'upload', principal.username);
    },

    // The gate-in of these containers uses their open pre-advices: called by the gate service inside
    // its transaction, so the pre-advice closes with the gate-in or not at all.
    async useWithin(tx: Database, containerNumbers: string[], at: Date) {
      return repository.use(tx, containerNumbers, at);
    },

    // The open pre-advices as the near-miss resolver's evidence: the number, its liner and day.
    async expected(): Promise<{ containerNumber: string; detail: string }[]> {
      return (await repository.open(db)).map((row) => {
        const advice: PreAdvice = toPreAdvice(row);
        const day = yardDayOf(advice.expectedFrom, timeZone);
        return { containerNumber: advice.containerNumber, detail: advice.liner ? `${advice.liner}, ${day}` : day };
      });
    },
  };
}

export type PreAdvicesService = ReturnType<typeof createPreAdvicesService>;
