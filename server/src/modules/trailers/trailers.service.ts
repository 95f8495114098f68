import {
  dispatchModeOf,
  mayDispatchTrailer,
  messages,
  offsetFromOneBasedSkip,
  permanentTrailerProblem,
  plaCardProblem,
  trailerProblem,
  PERMANENT_TRAILER_UPLOAD_COLUMNS,
  PLA_CARD_UPLOAD_COLUMNS,
  TRAILER_NUMBER_MAX_LENGTH,
  UPLOAD_ROW_STATUSES,
  UPLOAD_STATUSES,
  type FieldProblem,
  type PermanentTrailer,
  type PermanentTrailerInput,
  type PlaCard,
  type PlaCardInput,
  type PlaCardsQuery,
  type Trailer,
  type TrailerDispatchQuery,
  type TrailerInput,
  type TrailersExportQuery,
  type TrailersQuery,
  type UploadFile,
  type UploadResult,
  type UploadRowResult,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest, conflict, notFound } from '../../errors';
import { databaseError, type DatabaseAnswers } from '../../lib/database-errors';
import { repeats, uploadAnswer, uploadRecords } from '../../lib/upload-sheet';
import type { Principal } from '../auth';
import type { ExportsService } from '../exports';
import { commitWithEvents, type AfterCommit, type NewEvent } from '../outbox';
import { trailersRepository, type PermanentTrailerRow, type PlaCardRow, type TrailerRow } from './trailers.repository';

export function toTrailer(row: TrailerRow): Trailer {
  return {
    id: row.id,
    trailerTagId: row.trailerTagId,
    trailerTagId1: row.trailerTagId,
    trailerTagId2: row.trailerTagId2,
    plaCard1: row.plaCard1,
    plaCard2: row.plaCard2,
    trailerNumber: row.trailerNumber,
    entryDate: row.entryAt.getTime(),
    outDate: row.outAt?.getTime() ?? null,
    containerNumber: row.containerNumbers.length ? row.containerNumbers.join(', ') : null,
    trailerType: row.trailerType,
    type: row.type,
    dispatchMode: row.dispatchMode,
  };
}

export const toPlaCard = (row: PlaCardRow): PlaCard => ({
  id: row.id,
  trailerTagNumber: row.trailerTagNumber,
  plaCardNumber: row.plaCardNumber,
});

export const toPermanentTrailer = (row: PermanentTrailerRow): PermanentTrailer => ({
  id: row.id,
  trailerNumber: row.trailerNumber,
  trailerTag: row.trailerTag,
  trailerType: row.trailerType,
  transporter: row.transporter,
});

const saved = { status: messages.trailerSaved } as const;
const trimmed = (value: string | null | undefined) => value?.trim() ?? '';
const orNull = (value: string | null | undefined) => value?.trim() || null;
const refuse = (problem: FieldProblem | null) => {
  if (problem) throw badRequest(problem.message, problem.field);
};
// An update names the row it changes.
const requiredId = (id: number | undefined, missing: string): number => {
  if (!id) throw badRequest(missing, 'id');
  return id;
};
const containerNumbersOf = (text: string | null | undefined) =>
  (text ?? '')
    .split(/[,\s]+/)
    .map((number) => number.trim().toUpperCase())
    .filter(Boolean);

// The spec's words for what the unique indexes of trailers.table.ts refuse (a concurrent save that
// the service's own checks did not see).
const uniqueAnswers = (values: { tag?: string; card?: string; number?: string }): DatabaseAnswers => ({
  unique: ({ constraint }) => {
    switch (constraint) {
      case 'pla_cards_tag_unique':
        return conflict(messages.trailerTagTaken(values.tag ?? ''), 'trailerTagNumber');
      case 'pla_cards_card_unique':
        return conflict(messages.plaCardTaken(values.card ?? ''), 'plaCardNumber');
      case 'permanent_trailers_number_unique':
        return conflict(messages.trailerNumberTaken(values.number ?? ''), 'trailerNumber');
      case 'permanent_trailers_tag_unique':
        return conflict(messages.trailerTagTaken(values.tag ?? ''), 'trailerTag');
      case 'trailers_active_tag_unique':
        return conflict(messages.gateTrailerTagInYard(values.tag ?? '', values.number ?? ''), 'trailerTagId');
      default:
        return undefined;
    }
  },
  // The forms and the service refuse long numbers first; a check that still fires is the same rule.
  check: ({ constraint }) =>
    constraint?.endsWith('_number_length')
      ? badRequest(messages.fieldTooLong('Trailer number', TRAILER_NUMBER_MAX_LENGTH), 'trailerNumber')
      : undefined,
});

// Trailers, PLA cards and permanent trailers (spec 3 §2–§8). Each write is one transaction; trailer
// changes are recorded as `trailer.changed` for the trailers list (topic `trailers`).
export function createTrailersService(db: Database, deps: { afterCommit: AfterCommit; exports: ExportsService }) {
  const trailerChanged = (trailerId: number, row: TrailerRow | undefined): NewEvent => ({
    type: 'trailer.changed',
    data: { trailerId, trailer: row ? toTrailer(row) : null },
  });

  // A trailer write with its event, the database's refusals in the spec's words.
  async function changeTrailer<T>(
    work: (tx: Database, events: NewEvent[]) => Promise<T>,
    values: { tag?: string; number?: string },
  ): Promise<T> {
    try {
      return await commitWithEvents(db, deps.afterCommit, work);
    } catch (error) {
      throw databaseError(error, uniqueAnswers(values));
    }
  }

  async function write<T>(work: (tx: Database) => Promise<T>, values: Parameters<typeof uniqueAnswers>[0]) {
    try {
      return await db.transaction(work);
    } catch (error) {
      throw databaseError(error, uniqueAnswers(values));
    }
  }

  // Another visit inside the yard with this tag (the active-tag index would refuse it).
  async function assertTagFree(tx: Database, tag: string | null, id?: number) {
    if (!tag) return;
    const other = await trailersRepository.findInsideByTag(tx, tag);
    if (other && other.id !== id)
      throw conflict(messages.gateTrailerTagInYard(tag, other.trailerNumber), 'trailerTagId');
  }

  async function savePlaCard(input: PlaCardInput, id: number | undefined) {
    refuse(plaCardProblem(input));
    const values = { trailerTagNumber: trimmed(input.trailerTagNumber), plaCardNumber: trimmed(input.plaCardNumber) };
    return write(
      async (tx) => {
        if (id === undefined) {
          const [row] = await trailersRepository.insertPlaCards(tx, [values]);
          return { ...saved, message: messages.plaCardSavedNotice, id: row!.id };
        }
        const row = await trailersRepository.updatePlaCard(tx, id, values);
        if (!row) throw notFound(messages.plaCardNotFound);
        return { ...saved, message: messages.plaCardSavedNotice, id: row.id };
      },
      { tag: values.trailerTagNumber, card: values.plaCardNumber },
    );
  }

  async function savePermanent(input: PermanentTrailerInput, id: number | undefined) {
    refuse(permanentTrailerProblem(input));
    const values = {
      trailerNumber: trimmed(input.trailerNumber),
      trailerTag: trimmed(input.trailerTag),
      trailerType: orNull(input.trailerType),
      transporter: orNull(input.transporter),
    };
    return write(
      async (tx) => {
        if (id === undefined) {
          const [row] = await trailersRepository.insertPermanent(tx, [values]);
          return { ...saved, message: messages.permanentTrailerSavedNotice, id: row!.id };
        }
        const row = await trailersRepository.updatePermanent(tx, id, values);
        if (!row) throw notFound(messages.permanentTrailerNotFound);
        return { ...saved, message: messages.permanentTrailerSavedNotice, id: row.id };
      },
      { number: values.trailerNumber, tag: values.trailerTag },
    );
  }

  return {
    async page(query: TrailersQuery, limit: number) {
      const { rows, total } = await trailersRepository.page(
        db,
        { searchText: query.searchText, includeDispatched: query.includeDispatched ?? false },
        { offset: offsetFromOneBasedSkip(query.skip), limit },
      );
      return { entities: rows.map(toTrailer), totalCount: total };
    },

    // A trailer entered by hand (not at the gate): it is in the yard from now.
    async create(input: TrailerInput, principal: Principal) {
      refuse(trailerProblem(input));
      const tag = orNull(input.trailerTagId);
      const number = trimmed(input.trailerNumber);
      return changeTrailer(
        async (tx, events) => {
          await assertTagFree(tx, tag);
          const row = await trailersRepository.insert(tx, {
            trailerNumber: number,
            trailerTagId: tag,
            trailerType: orNull(input.trailerType),
            type: trimmed(input.type),
            containerNumbers: containerNumbersOf(input.containerNumber),
            enteredBy: principal.username,
          });
          events.push(trailerChanged(row.id, row));
          return { ...saved, message: messages.trailerSavedNotice, id: row.id };
        },
        { ...(tag ? { tag } : {}), number },
      );
    },

    async update(input: TrailerInput) {
      if (!input.id) throw badRequest(messages.trailerNotFound, 'id');
      const id = input.id;
      return changeTrailer(
        async (tx, events) => {
          const current = await trailersRepository.find(tx, id);
          if (!current) throw notFound(messages.trailerNotFound);
          const next = {
            trailerNumber: input.trailerNumber === undefined ? current.trailerNumber : trimmed(input.trailerNumber),
            trailerTagId: input.trailerTagId === undefined ? current.trailerTagId : orNull(input.trailerTagId),
            trailerType: input.trailerType === undefined ? current.trailerType : orNull(input.trailerType),
            type: input.type === undefined ? current.type : trimmed(input.type),
            containerNumbers:
              input.containerNumber === undefined
                ? current.containerNumbers
                : containerNumbersOf(input.containerNumber),
          };
          refuse(trailerProblem(next));
          if (current.outAt === null) await assertTagFree(tx, next.trailerTagId, id);
          const row = await trailersRepository.update(tx, id, next);
          events.push(trailerChanged(id, row));
          return { ...saved, message: messages.trailerSavedNotice };
        },
        { ...(input.trailerTagId ? { tag: input.trailerTagId } : {}), number: input.trailerNumber ?? '' },
      );
    },

    async delete(id: number) {
      await changeTrailer(async (tx, events) => {
        if (!(await trailersRepository.delete(tx, id))) throw notFound(messages.trailerNotFound);
        events.push(trailerChanged(id, undefined));
      }, {});
      return { responsestatus: 'success', message: messages.trailerDeleted };
    },

    // The trailer leaves the yard (spec 3 §4): by its id, or the tag it carries (the visit inside
    // the yard, else its latest). A dispatched trailer again only by an admin or the superadmin
    // (spec 3 §5); the user is the session's.
    async dispatch(query: TrailerDispatchQuery, principal: Principal) {
      const tag = query.trailerTagId?.trim();
      if (!query.id && !tag) throw badRequest(messages.trailerNotFound, 'trailerTagId');
      return changeTrailer(async (tx, events) => {
        const trailer = query.id
          ? await trailersRepository.find(tx, query.id)
          : await trailersRepository.findByTag(tx, tag!);
        if (!trailer) throw notFound(messages.trailerNotFound);
        if (!mayDispatchTrailer(toTrailer(trailer), principal)) throw conflict(messages.trailerAlreadyDispatched);
        const now = new Date();
        const row = await trailersRepository.update(tx, trailer.id, {
          // A trailer entered after the clock's now (a clock moved back) leaves when it came.
          outAt: now < trailer.entryAt ? trailer.entryAt : now,
          dispatchMode: dispatchModeOf(query.dispatchMode),
          dispatchedBy: principal.username,
        });
        events.push(trailerChanged(trailer.id, row));
        return { responsestatus: 'success', message: messages.trailerDispatched };
      }, {});
    },

    async export(query: TrailersExportQuery, principal: Principal) {
      const { rows } = await trailersRepository.page(
        db,
        { searchText: query.searchText, includeDispatched: query.includeDispatched ?? false },
        { offset: (query.startIndex ?? 1) - 1, limit: query.pageSize ?? 100_000 },
      );
      const filePath = await deps.exports.writeWorkbook(principal.userId, 'trailers', {
        sheet: 'Trailers',
        format: query.format,
        columns: [
          { header: 'Id', key: 'id', width: 8 },
          { header: 'Trailer number', key: 'trailerNumber', width: 18 },
          { header: 'Trailer tag', key: 'trailerTagId', width: 14 },
          { header: 'Trailer tag 2', key: 'trailerTagId2', width: 14 },
          { header: 'PLA card 1', key: 'plaCard1', width: 14 },
          { header: 'PLA card 2', key: 'plaCard2', width: 14 },
          { header: 'Containers', key: 'containers', width: 28 },
          { header: 'Trailer type', key: 'trailerType', width: 12 },
          { header: 'Type', key: 'type', width: 18 },
          { header: 'Entry', key: 'entry', width: 22 },
          { header: 'Out', key: 'out', width: 22 },
          { header: 'Dispatch mode', key: 'dispatchMode', width: 14 },
          { header: 'Dispatched by', key: 'dispatchedBy', width: 16 },
        ],
        rows: rows.map((row) => ({
          id: row.id,
          trailerNumber: row.trailerNumber,
          trailerTagId: row.trailerTagId ?? '',
          trailerTagId2: row.trailerTagId2 ?? '',
          plaCard1: row.plaCard1 ?? '',
          plaCard2: row.plaCard2 ?? '',
          containers: row.containerNumbers.join(', '),
          trailerType: row.trailerType ?? '',
          type: row.type,
          entry: row.entryAt,
          out: row.outAt ?? '',
          dispatchMode: row.dispatchMode ?? '',
          dispatchedBy: row.dispatchedBy ?? '',
        })),
      });
      return { filePath };
    },

    async plaCards(query: PlaCardsQuery, limit: number) {
      const { rows, total } = await trailersRepository.plaCardsPage(db, query.searchText, {
        offset: offsetFromOneBasedSkip(query.skip),
        limit,
      });
      return { plaCards: rows.map(toPlaCard), totalCount: total };
    },

    createPlaCard: (input: PlaCardInput) => savePlaCard(input, undefined),
    updatePlaCard: (input: PlaCardInput) => savePlaCard(input, requiredId(input.id, messages.plaCardNotFound)),

    async deletePlaCard(id: number) {
      if (!(await trailersRepository.deletePlaCard(db, id))) throw notFound(messages.plaCardNotFound);
      return { responsestatus: 'success', message: messages.plaCardDeleted };
    },

    // A sheet of tag → card mappings (spec 3 §7). A row already stored as it is changes nothing; a
    // row whose tag or card is mapped otherwise, or repeats an earlier row, is refused, and then
    // nothing of the file is saved.
    async uploadPlaCards(file: UploadFile): Promise<UploadResult> {
      const records = await uploadRecords(file, PLA_CARD_UPLOAD_COLUMNS, ['trailerTagNumber', 'plaCardNumber']);
      const repeatedTag = repeats(records, (record) => record.values.trailerTagNumber);
      const repeatedCard = repeats(records, (record) => record.values.plaCardNumber);
      return write(async (tx) => {
        const existing = await trailersRepository.plaCardsMatching(
          tx,
          records.map((record) => record.values.trailerTagNumber),
          records.map((record) => record.values.plaCardNumber),
        );
        const results: UploadRowResult[] = [];
        const inserts: { trailerTagNumber: string; plaCardNumber: string }[] = [];
        for (const record of records) {
          const { trailerTagNumber: tag, plaCardNumber: card } = record.values;
          const byTag = existing.find((row) => row.trailerTagNumber === tag);
          const byCard = existing.find((row) => row.plaCardNumber === card);
          const earlier = repeatedTag.get(record) ?? repeatedCard.get(record);
          const problem =
            plaCardProblem(record.values)?.message ??
            (earlier !== undefined ? messages.uploadRowRepeated(records[earlier]!.row) : undefined) ??
            (byTag && byTag.plaCardNumber !== card ? messages.trailerTagTaken(tag) : undefined) ??
            (byCard && byCard.trailerTagNumber !== tag ? messages.plaCardTaken(card) : undefined);
          if (problem) results.push({ row: record.row, status: UPLOAD_ROW_STATUSES.refused, message: problem });
          else if (byTag) results.push({ row: record.row, status: UPLOAD_ROW_STATUSES.unchanged });
          else {
            results.push({ row: record.row, status: UPLOAD_ROW_STATUSES.saved });
            inserts.push(record.values);
          }
        }
        const answer = uploadAnswer(results, inserts.length);
        if (answer.responsestatus === UPLOAD_STATUSES.success) await trailersRepository.insertPlaCards(tx, inserts);
        return answer;
      }, {});
    },

    async permanent(query: PlaCardsQuery, limit: number) {
      const { rows, total } = await trailersRepository.permanentPage(db, query.searchText, {
        offset: offsetFromOneBasedSkip(query.skip),
        limit,
      });
      return { permanentTrailers: rows.map(toPermanentTrailer), totalCount: total };
    },

    createPermanent: (input: PermanentTrailerInput) => savePermanent(input, undefined),
    updatePermanent: (input: PermanentTrailerInput) =>
      savePermanent(input, requiredId(input.id, messages.permanentTrailerNotFound)),

    async deletePermanent(id: number) {
      if (!(await trailersRepository.deletePermanent(db, id))) throw notFound(messages.permanentTrailerNotFound);
      return { responsestatus: 'success', message: messages.permanentTrailerDeleted };
    },

    // A sheet of permanent trailers (spec 3 §7), with the rules of the PLA card upload: a row as
    // stored changes nothing; a number or tag that is another trailer's refuses the file.
    async uploadPermanent(file: UploadFile): Promise<UploadResult> {
      const records = await uploadRecords(file, PERMANENT_TRAILER_UPLOAD_COLUMNS, ['trailerNumber', 'trailerTag']);
      const repeatedNumber = repeats(records, (record) => record.values.trailerNumber);
      const repeatedTag = repeats(records, (record) => record.values.trailerTag);
      return write(async (tx) => {
        const existing = await trailersRepository.permanentMatching(
          tx,
          records.map((record) => record.values.trailerNumber),
          records.map((record) => record.values.trailerTag),
        );
        const results: UploadRowResult[] = [];
        const inserts: (typeof records)[number]['values'][] = [];
        for (const record of records) {
          const { trailerNumber: number, trailerTag: tag } = record.values;
          const byNumber = existing.find((row) => row.trailerNumber === number);
          const byTag = existing.find((row) => row.trailerTag === tag);
          const earlier = repeatedNumber.get(record) ?? repeatedTag.get(record);
          const same =
            byNumber &&
            byNumber.trailerTag === tag &&
            (byNumber.trailerType ?? '') === record.values.trailerType &&
            (byNumber.transporter ?? '') === record.values.transporter;
          const problem =
            permanentTrailerProblem(record.values)?.message ??
            (earlier !== undefined ? messages.uploadRowRepeated(records[earlier]!.row) : undefined) ??
            (byNumber && !same ? messages.trailerNumberTaken(number) : undefined) ??
            (byTag && byTag !== byNumber ? messages.trailerTagTaken(tag) : undefined);
          if (problem) results.push({ row: record.row, status: UPLOAD_ROW_STATUSES.refused, message: problem });
          else if (same) results.push({ row: record.row, status: UPLOAD_ROW_STATUSES.unchanged });
          else {
            results.push({ row: record.row, status: UPLOAD_ROW_STATUSES.saved });
            inserts.push(record.values);
          }
        }
        const answer = uploadAnswer(results, inserts.length);
        if (answer.responsestatus === UPLOAD_STATUSES.success)
          await trailersRepository.insertPermanent(
            tx,
            inserts.map((values) => ({
              trailerNumber: values.trailerNumber,
              trailerTag: values.trailerTag,
              trailerType: values.trailerType || null,
              transporter: values.transporter || null,
            })),
          );
        return answer;
      }, {});
    },
  };
}

export type TrailersService = ReturnType<typeof createTrailersService>;
