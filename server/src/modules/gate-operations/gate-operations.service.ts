import { randomUUID } from 'node:crypto';
import {
  ACTIVITY_GROUPS,
  DEFAULT_PLANNING_TASK,
  dispatchProblem,
  GATE_TAG_FRESH_MS,
  gateInContainers,
  gateInFormProblem,
  isSpecialTag,
  isTagExpired,
  isValidContainerNumber,
  isValidContainerTag,
  messages,
  slotSpan,
  normalizeContainerNumber,
  retagProblem,
  TRAILER_LOCATION,
  trailerGateInProblem,
  type DispatchQuery,
  type DispatchResult,
  type FormProblem,
  type GateCountAlert,
  type GatedInContainer,
  type GateInForm,
  type GateInResult,
  type GateTagAnswer,
  type RetagForm,
  type RetagResult,
  type TagValidAnswer,
  type TrailerGateInForm,
  type TrailerGateInResult,
  type TrucksInside,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { createBatcher } from '../../lib/batcher';
import { databaseError, type DatabaseAnswers } from '../../lib/database-errors';
import type { Principal } from '../auth';
import { chaAllocationChanged, type ChaService } from '../cha';
import { containerMasterResolver, type Actor, type InventoryService } from '../inventory';
import { commitWithEvents, type AfterCommit, type NewEvent } from '../outbox';
import type { PlanningService } from '../planning';
import type { PreAdvicesService } from '../pre-advices';
import type { NewTask, TasksService } from '../tasks';
import { toTrailer, toTruckVisit, visitsRepository, type VisitRow } from '../trailers';
import type { Erp, ErpLookup } from '../../adapters/erp';
import { gateOperationsRepository as repository, type GateTransactionKind } from './gate-operations.repository';

export interface GateOperationsDependencies {
  inventory: InventoryService;
  tasks: TasksService;
  // The containers' open pre-advices are used by their gate-in, in its transaction (issue 16).
  preAdvices: PreAdvicesService;
  // A trailer gate-in counts against the CHA's vehicle allocation in its transaction (issue 20).
  cha: ChaService;
  erp: Erp;
  afterCommit: AfterCommit;
  // An RFID container tag's life from its first gate-in (TAG_LIFETIME_DAYS).
  tagLifetimeDays: number;
  // Whether an expired tag may still be used after the clerk's confirmation (spec 1 §4).
  allowExpiredContainerTag: boolean;
  // Planning on (FEATURE_PLANNING): a container planning gave no task gets the default one, to the
  // slot the planning engine suggests when the clerk named none.
  planningEnabled?: boolean;
  // Plans' reservations are used by the gate-in of their containers, and the engine suggests slots
  // (issue 19).
  planning?: PlanningService;
  // Counts how a gate-in's slot came from planning (metrics: openyard_gate_slot_advice_total).
  countSlotAdvice?: (outcome: 'held' | 'ranked' | 'engine') => void;
}

// A dispatch time this far ahead of the server's clock is a typing mistake, not a clock difference.
const DISPATCH_CLOCK_TOLERANCE_MS = 5 * 60_000;
// ERP lookups of dispatches checked together (a batch chunk) in flight at once: a slow ERP costs a
// chunk a few lookup budgets, not one per row, and the ERP is not flooded.
const ERP_LOOKUPS_AT_ONCE = 8;
// Group commit of the gate's own gate-ins and dispatches (one route call each): those that arrive
// while a set of them is being written go together in the next transaction, up to this many.
const GATE_COMMIT_SET = 32;

const trimmed = (value: string | null | undefined) => value?.trim() || null;

// A truck's visit is a row of the trailers list: the list sees it open and close live.
const trailerChanged = (row: VisitRow): NewEvent => ({
  type: 'trailer.changed',
  data: { trailerId: row.id, trailer: toTrailer(row) },
});
const refuse = (problem: FormProblem | null) => {
  if (problem) throw badRequest(problem.message, problem.field);
};

// Rolls a trailer gate-in back to ask the Gate Count Alert (spec 1 §4): nothing of it is written,
// the request id included, so the confirmed retry with the same id goes ahead.
class GateCountAlertRaised extends Error {
  constructor(readonly alert: GateCountAlert) {
    super(alert.message);
  }
}

// Extra work a caller runs inside a gate transaction (the smart gate acknowledges its OCR record
// and keeps its details there): it runs after the request id is claimed and before the yard
// changes, so a refusal it throws rolls the whole transaction back. A twin answered from the
// stored answer does not run it again.
export interface GateTransactionOptions {
  within?: (tx: Database, events: NewEvent[]) => Promise<void>;
}

// What a caller of prepareGateIn shares across many gate-ins (a batch file): the database to read
// through, and one read of the master data lists for all its rows.
export interface GateInPreparation {
  database?: Database;
  resolveMasters?: Awaited<ReturnType<typeof containerMasterResolver>>;
}

// A gate-in checked outside its transaction, ready for runGateIns: its form, containers (numbers
// normalised, tags trimmed, master data resolved) and what its tasks need.
export interface GateInPlan {
  form: GateInForm;
  userName: string;
  entries: (ReturnType<typeof gateInContainers>[number] & { number: string; tag: string; location: string | null })[];
  numbers: string[];
  masters: ReturnType<Awaited<ReturnType<typeof containerMasterResolver>>>[];
  realTags: string[];
  trailerTag: string | null;
  outNumbers: string[];
  outLocations: Map<string, string | null>;
  // The planning engine's slots for its containers without one, asked before the transaction (for
  // the whole set at once); taken inside it when they still hold after the yard's lock.
  advice?: Awaited<ReturnType<PlanningService['advise']>>;
}

// Items grouped by a key, in the order their keys first appear.
function groupBy<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
}

export type PreparedGateIn =
  | { answer: GateInResult }
  | {
      plan: GateInPlan;
      run: (tx: Database, events: NewEvent[]) => Promise<GateInResult>;
      context: { number: string; answers: DatabaseAnswers };
    };

// A dispatch checked outside its transaction, ready for runDispatches: its form, container and time,
// and what the ERP said of it.
export interface DispatchPlan {
  query: DispatchQuery;
  number: string;
  at: Date;
  requestId: string;
  kind: 'dispatch' | 'scanningDispatch';
  userName: string;
  foundInErp: boolean;
  erpWarning: string | undefined;
}

export type PreparedDispatch =
  | { answer: DispatchResult }
  | {
      plan: DispatchPlan;
      run: (tx: Database, events: NewEvent[]) => Promise<DispatchResult>;
      context: { number: string; answers: DatabaseAnswers };
    };

// What a claim of a set's request ids left to each: undefined where claimed here (its work goes on),
// else the committed twin's answer, or the conflict of a request id used by another kind.
type Claimed<T> = T | AppError | undefined;

export type GateTagKind = 'entry' | 'exit' | 'trailer' | 'exitTrailer';
// Which reader a tag call reads, and the gate type a trailer reader must stand at (spec 1 §7).
const TAG_READERS: Record<GateTagKind, { readerType: string; gateType: 'IN' | 'OUT' | null }> = {
  entry: { readerType: 'GATEIN', gateType: null },
  exit: { readerType: 'GATEOUT', gateType: null },
  trailer: { readerType: 'TRAILER', gateType: 'IN' },
  exitTrailer: { readerType: 'TRAILER', gateType: 'OUT' },
};

// The gate clerk's transactions (spec 1 §3, §4, §5). Each is one database transaction, written
// straight to the database (never through the queue or the broker, so the gate works with Redis
// and MQTT down): the gate_transactions row of its request id first (a second post with the same
// id gets the stored answer and writes nothing), then the yard model, tags, the truck visit, the
// tasks and the domain events.
export function createGateOperationsService(db: Database, deps: GateOperationsDependencies) {
  const { inventory, tasks } = deps;

  // Group commit (issue 19). Every change of the yard holds the yard's write lock from its first
  // statement to its commit, so a busy gate's gate-ins and dispatches, each a transaction of its
  // own, wait on each other's whole round trips. The gate's single gate-ins and dispatches go
  // instead as sets: one runs at a time per kind in this process; those that arrive meanwhile go
  // together in the next transaction (runGateIns and runDispatches take sets, as a batch file's
  // chunk), with each one's rules applied in its turn and each one's answer or refusal its own. A
  // lone call waits for nothing (a timer of 0 ms). A set that fails as a whole (a database error,
  // where a constraint meets a twin of another process) is retried one by one, each with its own
  // words for the constraints (createBatcher), so none fails for a neighbour. Calls with work of
  // their own in the transaction (the smart gate's `within`) run alone, as before.
  function groupCommit<Plan, Result>(
    run: (tx: Database, events: NewEvent[], plans: Plan[]) => Promise<(Result | AppError)[]>,
    requestIdOf: (plan: Plan) => string,
    contextOf: (plan: Plan) => { number: string; answers: DatabaseAnswers },
  ) {
    type Item = { plan: Plan; result?: Result | AppError };
    const batcher = createBatcher<Item>({
      maxItems: GATE_COMMIT_SET,
      maxWaitMs: 0,
      flush: async (items) => {
        // A twin (the same request id posted again before the first was answered) gets the
        // first's answer, as it would from the stored answer after the first's commit.
        const firsts = new Map<string, Item>();
        for (const item of items) if (!firsts.has(requestIdOf(item.plan))) firsts.set(requestIdOf(item.plan), item);
        const unique = [...firsts.values()];
        const results = await inventory.change(
          (tx, events) =>
            run(
              tx,
              events,
              unique.map((item) => item.plan),
            ),
          unique.length === 1 ? contextOf(unique[0]!.plan) : {},
        );
        for (const [index, item] of unique.entries()) item.result = results[index];
        for (const item of items) item.result = firsts.get(requestIdOf(item.plan))!.result;
      },
    });
    return async (plan: Plan): Promise<Result> => {
      const item: Item = { plan };
      await batcher.submit(item);
      if (item.result instanceof AppError) throw item.result;
      return item.result!;
    };
  }
  // The gate's words for the constraints a gate-in or a dispatch may meet.
  const gateInContext = (plan: GateInPlan) => ({
    number: plan.numbers.join(', '),
    answers: gateAnswers(plan.realTags, plan.trailerTag),
  });
  const dispatchContext = (plan: DispatchPlan) => ({ number: plan.number, answers: gateAnswers([], null) });
  const commitGateIn = groupCommit<GateInPlan, GateInResult>(
    (tx, events, plans) => runGateIns(tx, events, plans),
    (plan) => plan.form.requestId,
    gateInContext,
  );
  const commitDispatch = groupCommit<DispatchPlan, DispatchResult>(
    (tx, events, plans) => runDispatches(tx, events, plans),
    (plan) => plan.requestId,
    dispatchContext,
  );

  // The stored answer of a committed request id, read before any work.
  async function stored<T>(
    requestId: string,
    kind: GateTransactionKind,
    database: Database = db,
  ): Promise<T | undefined> {
    const row = await repository.transaction(database, requestId);
    if (!row) return undefined;
    if (row.kind !== kind) throw conflict(messages.gateRequestReused, 'requestId');
    return row.answer as T;
  }

  // The request id claimed in the transaction; a twin that committed meanwhile: its answer.
  async function claim<T>(
    tx: Database,
    values: { requestId: string; kind: GateTransactionKind; gateId: number | null; userName: string | null },
  ): Promise<T | undefined> {
    if (await repository.claim(tx, values)) return undefined;
    const row = await repository.transaction(tx, values.requestId);
    if (row?.kind !== values.kind) throw conflict(messages.gateRequestReused, 'requestId');
    return row.answer as T;
  }

  // A set's request ids claimed in one statement, as claim does one.
  async function claimSet<T>(
    tx: Database,
    claims: readonly { requestId: string; kind: GateTransactionKind; gateId: number | null; userName: string }[],
  ): Promise<Claimed<T>[]> {
    const claimed = await repository.claimAll(tx, claims);
    const twins = claims.filter((entry) => !claimed.has(entry.requestId));
    const stored = new Map(
      (
        await repository.transactions(
          tx,
          twins.map((entry) => entry.requestId),
        )
      ).map((row) => [row.requestId, row]),
    );
    return claims.map((entry) => {
      if (claimed.has(entry.requestId)) return undefined;
      const row = stored.get(entry.requestId);
      return row?.kind === entry.kind ? (row.answer as T) : conflict(messages.gateRequestReused, 'requestId');
    });
  }

  // The first tag that reached its end of life (spec 1 §4 Tag validity), unless the yard allows
  // expired tags and the clerk confirmed.
  function expiredTagOf(lives: Map<string, Date>, tags: string[], confirmed: boolean | undefined) {
    const now = Date.now();
    const allowed = deps.allowExpiredContainerTag;
    for (const tag of tags) {
      const firstUsedAt = isSpecialTag(tag) ? undefined : lives.get(tag);
      if (!firstUsedAt || !isTagExpired(tag, firstUsedAt.getTime(), deps.tagLifetimeDays, now)) continue;
      if (allowed && confirmed) continue;
      return { tag, allowed, message: allowed ? messages.tagExpiredAllowed(tag) : messages.tagExpired(tag) };
    }
    return null;
  }

  async function expiredTag(database: Database, tags: string[], confirmed: boolean | undefined) {
    const lives = await repository.tagLives(
      database,
      tags.filter((tag) => !isSpecialTag(tag)),
    );
    return expiredTagOf(new Map(lives.map((life) => [life.tagId, life.firstUsedAt])), tags, confirmed);
  }

  // The gate's own words for the constraints its transactions may meet (the pre-checks inside the
  // transaction see these first; the constraints hold against writers that skip them).
  const gateAnswers = (tags: string[], trailerTag: string | null): DatabaseAnswers => ({
    unique: ({ constraint }) => {
      if (constraint === 'containers_active_tag_unique')
        return conflict(messages.gateTagBound(tags.join(', '), 'another container'));
      if (constraint === 'trailers_active_tag_unique' && trailerTag)
        return conflict(messages.gateTrailerTagInYard(trailerTag, 'another trailer'));
      return undefined;
    },
    foreignKey: ({ constraint }) =>
      constraint?.includes('gate') ? badRequest(messages.unknownGate, 'gateId') : undefined,
  });

  // The visits dispatches close, in their order, each as a dispatch of its own after the earlier
  // ones would find it: its exit trailer tag's, else its trailer number's latest, else a vehicle
  // gate-in that came for its container once none of that visit's containers is left in the yard
  // (one of the set counts as left from its own dispatch on). A visit closed by an earlier one is
  // not inside for the later ones. One read of each kind for the set, before any is released.
  async function visitsLeaving(tx: Database, leaving: readonly { query: DispatchQuery; number: string }[]) {
    const ways = leaving.map(({ query, number }) => {
      const tag = trimmed(query.exitTrailerTag);
      const trailerNumber = tag ? null : trimmed(query.trailerNumber);
      return { tag, trailerNumber, number: tag || trailerNumber ? null : number };
    });
    const tags = ways.flatMap((way) => (way.tag ? [way.tag] : []));
    const trailerNumbers = ways.flatMap((way) => (way.trailerNumber ? [way.trailerNumber] : []));
    const listed = ways.flatMap((way) => (way.number ? [way.number] : []));
    const byTag = new Map((await visitsRepository.insideByTags(tx, tags)).map((row) => [row.trailerTagId, row]));
    const byNumber = new Map<string, VisitRow[]>();
    for (const { wanted, visit } of await visitsRepository.insideByNumbers(tx, trailerNumbers))
      byNumber.set(trailerNumbers[wanted]!, [...(byNumber.get(trailerNumbers[wanted]!) ?? []), visit]);
    const vehicles = (await visitsRepository.insideListings(tx, listed)).filter(
      (visit) => visit.activityGroup === ACTIVITY_GROUPS.vehicle,
    );
    const otherNumbers = [...new Set(vehicles.flatMap((visit) => visit.containerNumbers))];
    const inYard = new Set(
      (await inventory.activeContainers(tx, otherNumbers, [])).map((container) => container.containerNumber),
    );
    const closed = new Set<number>();
    const gone = new Set<string>();
    return leaving.map(({ number }, index) => {
      gone.add(number);
      const way = ways[index]!;
      const open = (visit: VisitRow | undefined) => (visit && !closed.has(visit.id) ? visit : undefined);
      const visit = way.tag
        ? open(byTag.get(way.tag))
        : way.trailerNumber
          ? (byNumber.get(way.trailerNumber) ?? []).find((candidate) => open(candidate))
          : vehicles.find(
              (candidate) =>
                open(candidate) &&
                candidate.containerNumbers.includes(number) &&
                candidate.containerNumbers.every((other) => other === number || !inYard.has(other) || gone.has(other)),
            );
      if (visit) closed.add(visit.id);
      return visit;
    });
  }

  // Dispatches checked outside their transaction (the form, the yard, the ERP), each with its
  // transaction's work, the answer it gets at once, or its refusal; as checkGateIns. Together: one
  // read of their stored answers and one of their containers in the yard, the ERP asked for those
  // still going, ERP_LOOKUPS_AT_ONCE at a time. Each keeps the order of its own checks.
  async function checkDispatches(
    queries: readonly DispatchQuery[],
    principal: Principal,
    scanning: boolean,
    options: GateTransactionOptions = {},
    database: Database = db,
  ): Promise<(PreparedDispatch | { refusal: AppError })[]> {
    const kind = scanning ? 'scanningDispatch' : 'dispatch';
    const stored = new Map(
      (
        await repository.transactions(
          database,
          queries.flatMap((query) => (query.requestId ? [query.requestId] : [])),
        )
      ).map((row) => [row.requestId, row]),
    );
    type Step = PreparedDispatch | { refusal: AppError } | { query: DispatchQuery; number: string; at: Date };
    const steps: Step[] = queries.map((query) => {
      try {
        const row = query.requestId ? stored.get(query.requestId) : undefined;
        if (row) {
          if (row.kind !== kind) throw conflict(messages.gateRequestReused, 'requestId');
          return { answer: row.answer as DispatchResult };
        }
        refuse(dispatchProblem(query));
        const at = new Date(query.dispatchTime!);
        if (at.getTime() > Date.now() + DISPATCH_CLOCK_TOLERANCE_MS)
          throw badRequest(messages.dispatchTimeInFuture, 'dispatchTime');
        return { query, number: normalizeContainerNumber(query.containerNumber!), at };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { refusal: error };
      }
    });
    const going = () => steps.filter((step) => 'query' in step);
    const inYard = new Set(
      (
        await inventory.activeContainers(
          database,
          going().map((step) => step.number),
          [],
        )
      ).map((container) => container.containerNumber),
    );
    for (const [index, step] of steps.entries())
      if ('query' in step && !inYard.has(step.number))
        steps[index] = { refusal: notFound(messages.dispatchNotInYard(step.number)) };
    // Spec 1 §4 Dispatch: a container the ERP still knows leaves only when the clerk confirms. An
    // ERP that cannot be asked (timeout, error, circuit open) does not hold the gate: the dispatch
    // goes ahead and says so.
    const asking = going();
    const lookups = new Map<(typeof asking)[number], ErpLookup>();
    for (let start = 0; start < asking.length; start += ERP_LOOKUPS_AT_ONCE) {
      const some = asking.slice(start, start + ERP_LOOKUPS_AT_ONCE);
      const found = await Promise.all(some.map((step) => deps.erp.findContainer(step.number)));
      for (const [index, step] of some.entries()) lookups.set(step, found[index]!);
    }
    return steps.map((step) =>
      'query' in step ? dispatchWork(step, lookups.get(step)!, principal, scanning, options) : step,
    );
  }

  // A dispatch checked alone (the gate screen's): its work, or its answer at once.
  async function prepareDispatch(
    query: DispatchQuery,
    principal: Principal,
    scanning: boolean,
    options: GateTransactionOptions = {},
    database: Database = db,
  ): Promise<PreparedDispatch> {
    const [checked] = await checkDispatches([query], principal, scanning, options, database);
    if ('refusal' in checked!) throw checked.refusal;
    return checked!;
  }

  // A checked dispatch's transaction work, or the ERP's question for the clerk.
  function dispatchWork(
    { query, number, at }: { query: DispatchQuery; number: string; at: Date },
    lookup: ErpLookup,
    principal: Principal,
    scanning: boolean,
    options: GateTransactionOptions,
  ): PreparedDispatch {
    const kind = scanning ? 'scanningDispatch' : 'dispatch';
    const foundInErp = lookup.found;
    const erpWarning = lookup.unavailable ? messages.erpUnavailable(lookup.unavailable) : undefined;
    if (foundInErp && !query.forceDispatch)
      return {
        answer: {
          responsestatus: messages.dispatchFoundInErp(number),
          message: messages.dispatchFoundInErp(number),
          dispatched: false,
          foundInErp: true,
          containerNumber: number,
        },
      };
    const plan: DispatchPlan = {
      query,
      number,
      at,
      requestId: query.requestId ?? randomUUID(),
      kind,
      userName: principal.username,
      foundInErp,
      erpWarning,
    };
    return {
      plan,
      context: dispatchContext(plan),
      run: async (tx: Database, events: NewEvent[]): Promise<DispatchResult> => {
        const [result] = await runDispatches(tx, events, [plan], options);
        if (result instanceof AppError) throw result;
        return result!;
      },
    };
  }

  // The transaction work of many checked dispatches, as runGateIns does gate-ins: one claim of their
  // request ids, one read of their containers in the yard and of the visits they close, one release
  // of the containers (their slots left together), one close of the visits and one write of the
  // answers. The rules are each dispatch's, in the order given: one whose container is not in the
  // yard (or left with an earlier one of the set) or gated in after its time is refused with the
  // gate's words and writes nothing (its AppError in its place); the others are written. The gate
  // screen's dispatch is a set of one.
  async function runDispatches(
    tx: Database,
    events: NewEvent[],
    plans: readonly DispatchPlan[],
    options: GateTransactionOptions = {},
  ): Promise<(DispatchResult | AppError)[]> {
    const results = await claimSet<DispatchResult>(
      tx,
      plans.map((plan) => ({
        requestId: plan.requestId,
        kind: plan.kind,
        gateId: plan.query.gateId ?? null,
        userName: plan.userName,
      })),
    );
    for (const [index] of plans.entries()) if (results[index] === undefined) await options.within?.(tx, events);
    const going = plans.filter((_, index) => results[index] === undefined);
    const inYard = new Map(
      (
        await inventory.activeContainers(
          tx,
          going.map((plan) => plan.number),
          [],
        )
      ).map((container) => [container.containerNumber, container]),
    );
    const leaving: { plan: DispatchPlan; index: number; containerId: number; at: Date }[] = [];
    const refusedIds: string[] = [];
    for (const [index, plan] of plans.entries()) {
      if (results[index] !== undefined) continue;
      const container = inYard.get(plan.number);
      const refusal = !container
        ? notFound(messages.dispatchNotInYard(plan.number))
        : plan.at.getTime() < container.gateInAt.getTime()
          ? badRequest(messages.dispatchBeforeGateIn(plan.number), 'dispatchTime')
          : undefined;
      if (refusal) {
        results[index] = refusal;
        refusedIds.push(plan.requestId);
        continue;
      }
      inYard.delete(plan.number);
      // Within the millisecond of its gate-in: not before it.
      leaving.push({
        plan,
        index,
        containerId: container!.id,
        at: plan.at < container!.gateInAt ? container!.gateInAt : plan.at,
      });
    }
    // A refused one's request id is free again (its retry is a new attempt, as a rolled back one's).
    await repository.unclaim(tx, refusedIds);
    if (!leaving.length) return results as (DispatchResult | AppError)[];

    const visits = await visitsLeaving(
      tx,
      leaving.map(({ plan }) => plan),
    );
    const previous = new Map<number, string | null>();
    for (const group of groupBy(leaving, ({ plan }) => plan.userName))
      for (const entry of await inventory.release(tx, events, group, {
        username: group[0]!.plan.userName,
        source: 'gate',
      }))
        previous.set(entry.containerId, entry.previousLocation);
    const closedRows = new Map(
      (
        await visitsRepository.closeMany(
          tx,
          leaving.flatMap(({ plan, at }, position) => {
            const visit = visits[position];
            return visit
              ? [{ id: visit.id, outAt: at < visit.entryAt ? visit.entryAt : at, dispatchedBy: plan.userName }]
              : [];
          }),
        )
      ).map((row) => [row.id, row]),
    );
    const counts = await tasks.countsOfVisits([...closedRows.keys()], tx);
    const answers: { requestId: string; answer: DispatchResult; visitId: number | null }[] = [];
    for (const [position, { plan, index, containerId }] of leaving.entries()) {
      const { query, number } = plan;
      const gateId = query.gateId ?? null;
      const visit = visits[position];
      const closed = visit ? closedRows.get(visit.id) : undefined;
      if (closed) events.push(trailerChanged(closed));
      if (gateId !== null)
        await repository.useTags(
          tx,
          gateId,
          [trimmed(query.exitTag), trimmed(query.exitTrailerTag)].filter((tag): tag is string => tag !== null),
          plan.requestId,
        );
      const previousLocation = previous.get(containerId) ?? null;
      events.push({
        type: 'gate.containerDispatched',
        data: {
          requestId: plan.requestId,
          gateId,
          containerId,
          containerNumber: number,
          exitProcess: plan.kind === 'scanningDispatch' ? 'Scanning' : trimmed(query.exitProcess),
          previousLocation,
          visit: closed ? toTruckVisit(closed, counts.get(closed.id)) : null,
        },
      });
      const answer: DispatchResult = {
        responsestatus: 'success',
        message: messages.dispatchSuccessful,
        dispatched: true,
        foundInErp: plan.foundInErp,
        containerNumber: number,
        previousLocation,
        ...(plan.erpWarning ? { erpWarning: plan.erpWarning } : {}),
      };
      results[index] = answer;
      answers.push({ requestId: plan.requestId, answer, visitId: closed?.id ?? null });
    }
    await repository.answerAll(tx, answers);
    return results as (DispatchResult | AppError)[];
  }

  async function dispatch(
    query: DispatchQuery,
    principal: Principal,
    scanning: boolean,
    options: GateTransactionOptions = {},
  ): Promise<DispatchResult> {
    const prepared = await prepareDispatch(query, principal, scanning, options);
    if ('answer' in prepared) return prepared.answer;
    if (!options.within) return commitDispatch(prepared.plan);
    return inventory.change(prepared.run, prepared.context);
  }

  // A gate-in checked and read outside its transaction (the form, the check digit, expired tags, the
  // master data): its plan, or the answer it gets at once. `reads` are the lookups of many gate-ins
  // made at once (a batch chunk): the stored answers of their request ids and their tags' lives.
  async function checkGateIn(
    form: GateInForm,
    principal: Principal,
    reads: { stored: Map<string, GateInResult>; tagLives: Map<string, Date> },
    resolve: Awaited<ReturnType<typeof containerMasterResolver>>,
  ): Promise<{ answer: GateInResult } | { plan: GateInPlan }> {
    const answer = reads.stored.get(form.requestId);
    if (answer) return { answer };
    refuse(gateInFormProblem(form));
    const entries = gateInContainers(form).map((container) => ({
      ...container,
      number: normalizeContainerNumber(container.containerNumber!),
      tag: container.tagId!.trim(),
      location: trimmed(container.containerLocation),
    }));
    const numbers = entries.map((entry) => entry.number);
    for (const [index, entry] of entries.entries())
      if (!/^[A-Z0-9]{11}$/.test(entry.number))
        throw badRequest(messages.containerNumberFormat, `container${index + 1}Data.containerNumber`);
    const nothing = { containers: [], tasks: [] };
    // The check digit is a warning the clerk may override (spec 1 §4: retried with skipValidation).
    const invalidNumbers = form.skipValidation ? [] : numbers.filter((number) => !isValidContainerNumber(number));
    if (invalidNumbers.length)
      return {
        answer: {
          responsestatus: messages.invalidContainerNumber,
          message: messages.invalidContainerNumber,
          invalidNumbers,
          ...nothing,
        },
      };
    const tags = entries.map((entry) => entry.tag);
    const expired = expiredTagOf(reads.tagLives, tags, form.allowExpiredTag);
    if (expired)
      return {
        answer: { responsestatus: expired.message, message: expired.message, expiredTag: expired, ...nothing },
      };
    const masters = entries.map((entry) =>
      resolve({
        sizeName: entry.containerSize!,
        process: entry.gateInPurpose,
        ...(entry.containerType === undefined ? {} : { containerType: entry.containerType }),
      }),
    );
    // Where the out-containers stand now: their loading tasks start there.
    const outNumbers = form.gateOutWithExportContainer
      ? (form.outContainers ?? []).map(normalizeContainerNumber).filter(Boolean)
      : [];
    const outLocations = new Map<string, string | null>();
    for (const number of outNumbers) {
      try {
        outLocations.set(number, (await inventory.location(number, 'number', false)).location);
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
      }
    }
    const trailerTag = trimmed(form.trailerTag1);
    return {
      plan: {
        form,
        userName: principal.username,
        entries,
        numbers,
        masters,
        realTags: tags.filter((tag) => !isSpecialTag(tag)),
        trailerTag,
        outNumbers,
        outLocations,
      },
    };
  }

  // Gate-ins checked together: one read of their stored answers and one of their tags' lives, then
  // each form's own checks. A form refused (a bad field) gets its AppError instead of a plan.
  async function checkGateIns(
    forms: readonly GateInForm[],
    principal: Principal,
    prepared: GateInPreparation,
  ): Promise<({ answer: GateInResult } | { plan: GateInPlan } | { refusal: AppError })[]> {
    const database = prepared.database ?? db;
    const rows = await repository.transactions(
      database,
      forms.map((form) => form.requestId),
    );
    const stored = new Map<string, GateInResult>();
    for (const row of rows) {
      if (row.kind !== 'gateIn') throw conflict(messages.gateRequestReused, 'requestId');
      stored.set(row.requestId, row.answer as GateInResult);
    }
    const allTags = forms.flatMap((form) =>
      gateInContainers(form).flatMap((container) => (container.tagId?.trim() ? [container.tagId.trim()] : [])),
    );
    const tagLives = new Map(
      (
        await repository.tagLives(
          database,
          [...new Set(allTags)].filter((tag) => !isSpecialTag(tag)),
        )
      ).map((life) => [life.tagId, life.firstUsedAt]),
    );
    const resolve = prepared.resolveMasters ?? (await containerMasterResolver(database));
    const checked: ({ answer: GateInResult } | { plan: GateInPlan } | { refusal: AppError })[] = [];
    for (const form of forms)
      try {
        checked.push(await checkGateIn(form, principal, { stored, tagLives }, resolve));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        checked.push({ refusal: error });
      }
    // Off any transaction only (a caller reading through its own gets the engine inside it).
    if (database === db) await advise(checked.flatMap((entry) => ('plan' in entry ? [entry.plan] : [])));
    return checked;
  }

  // The engine's slots for the containers of these gate-ins that will want one (planning on, no
  // slot named, no task of planning's given): asked now, off the yard's lock, and shared by the set.
  async function advise(plans: GateInPlan[]) {
    if (!deps.planning || deps.planningEnabled === false) return;
    const containers = plans.flatMap((plan) =>
      plan.entries
        .filter(
          (entry) =>
            !entry.location &&
            !(plan.form.planningGeneratedTasks ?? []).some(
              (task) => normalizeContainerNumber(task.containerNumber) === entry.number,
            ),
        )
        .map((entry) => ({
          containerNumber: entry.number,
          containerSize: entry.containerSize!,
          igm: trimmed(entry.igm),
        })),
    );
    if (!containers.length) return;
    try {
      const advice = await deps.planning.advise(containers);
      for (const plan of plans) plan.advice = advice;
    } catch {
      // Advice only: the transaction asks the engine itself.
    }
  }

  // The transaction work of many checked gate-ins, set by set: one claim of their request ids, one
  // read of the containers, tags and trailers already in the yard, one write of each kind (containers,
  // tags, visits, tasks, answers) and one call of the planning engine for all. The rules are each
  // gate-in's, in the order given: a gate-in whose container, tag or trailer tag is in the yard (or
  // taken by an earlier one of the same set) is refused with the gate's words and writes nothing
  // (its AppError in its place); the others are written. The gate screen's gate-in is a set of one.
  async function runGateIns(
    tx: Database,
    events: NewEvent[],
    plans: readonly GateInPlan[],
    options: GateTransactionOptions = {},
  ): Promise<(GateInResult | AppError)[]> {
    // A twin that committed meanwhile: its answer.
    const results = await claimSet<GateInResult>(
      tx,
      plans.map((plan) => ({
        requestId: plan.form.requestId,
        kind: 'gateIn' as const,
        gateId: plan.form.gateId ?? null,
        userName: plan.userName,
      })),
    );
    for (const [index] of plans.entries()) if (results[index] === undefined) await options.within?.(tx, events);

    // The yard as it stands, for all of them at once, then each in turn against it and the earlier ones.
    const pending = plans.flatMap((plan, index) => (results[index] === undefined ? [plan] : []));
    const active = await inventory.activeContainers(
      tx,
      pending.flatMap((plan) => plan.numbers),
      pending.flatMap((plan) => plan.realTags),
    );
    const inYard = new Set(active.map((row) => row.containerNumber));
    const tagHolders = new Map(active.flatMap((row) => (row.rfidTagId ? [[row.rfidTagId, row.containerNumber]] : [])));
    const trailerTags = pending.flatMap((plan) => (plan.trailerTag ? [plan.trailerTag] : []));
    const trailersInside = new Map(
      (await visitsRepository.insideByTags(tx, trailerTags)).map((row) => [row.trailerTagId!, row.trailerNumber]),
    );
    const refusalOf = (plan: GateInPlan): AppError | undefined => {
      for (const [index, entry] of plan.entries.entries()) {
        if (inYard.has(entry.number))
          return conflict(messages.gateContainerInYard(entry.number), `container${index + 1}Data.containerNumber`);
        const holder = plan.realTags.includes(entry.tag) ? tagHolders.get(entry.tag) : undefined;
        if (holder) return conflict(messages.gateTagBound(entry.tag, holder), `container${index + 1}Data.tagId`);
      }
      const inside = plan.trailerTag ? trailersInside.get(plan.trailerTag) : undefined;
      if (inside !== undefined) return conflict(messages.gateTrailerTagInYard(plan.trailerTag!, inside), 'trailerTag1');
      return undefined;
    };
    const admittedPlans: { plan: GateInPlan; index: number }[] = [];
    const refusedIds: string[] = [];
    for (const [index, plan] of plans.entries()) {
      if (results[index] !== undefined) continue;
      const refusal = refusalOf(plan);
      if (refusal) {
        results[index] = refusal;
        refusedIds.push(plan.form.requestId);
        continue;
      }
      for (const entry of plan.entries) {
        inYard.add(entry.number);
        if (plan.realTags.includes(entry.tag)) tagHolders.set(entry.tag, entry.number);
      }
      if (plan.trailerTag) trailersInside.set(plan.trailerTag, plan.form.trailerNumber!.trim());
      admittedPlans.push({ plan, index });
    }
    // A refused one's request id is free again (its retry is a new attempt, as a rolled back one's).
    await repository.unclaim(tx, refusedIds);
    if (!admittedPlans.length) return results as (GateInResult | AppError)[];

    const now = new Date();
    const actorOf = (plan: GateInPlan): Actor => ({ username: plan.userName, source: 'gate' });
    const allNumbers = admittedPlans.flatMap(({ plan }) => plan.numbers);
    // Issue 19: a container a plan reserved a slot for arrives in it — its planned row becomes
    // the container, in its slot — unless the clerk named another slot or its size does not
    // fit the reservation: then the reservation is released and it comes in as any other.
    const reservations = await inventory.plannedContainers(tx, allNumbers);
    const reservationOf = (plan: GateInPlan, index: number) => {
      const entry = plan.entries[index]!;
      const reservation = reservations.find((row) => row.containerNumber === entry.number);
      if (!reservation) return { reservation: undefined, fits: false };
      const master = plan.masters[index]!;
      const fits =
        !entry.location && slotSpan(master.lengthOf(master.sizeId!)) === slotSpan(master.lengthOf(reservation.sizeId));
      return { reservation, fits };
    };
    const valuesOf = (plan: GateInPlan, index: number) => {
      const entry = plan.entries[index]!;
      const master = plan.masters[index]!;
      return {
        containerNumber: entry.number,
        sizeId: master.sizeId!,
        ...(master.typeId === undefined ? {} : { typeId: master.typeId }),
        processId: master.processId ?? null,
        rfidTagId: entry.tag,
        igm: trimmed(entry.igm),
        item: trimmed(entry.item),
        gateInAt: now,
        locationUpdatedBy: entry.location ? plan.userName : null,
      };
    };
    const placed = admittedPlans.map(({ plan }) => ({
      plan,
      planned: plan.entries.map((_, index) => reservationOf(plan, index)),
    }));
    // The yard's writes are the inventory's, one call each for the set (one actor: a batch is one
    // user's; a set of several users never happens, but each keeps its own actor if it did).
    const views = new Map<string, Awaited<ReturnType<InventoryService['admit']>>[number]>();
    for (const group of groupBy(placed, ({ plan }) => plan.userName)) {
      const actor = actorOf(group[0]!.plan);
      const unfit = group.flatMap(({ planned }) =>
        planned.flatMap(({ reservation, fits }) => (reservation && !fits ? [reservation.id] : [])),
      );
      if (unfit.length)
        await inventory.reserve(
          tx,
          events,
          { add: [], move: [], release: unfit },
          { username: actor.username, source: 'planning' },
        );
      const arrived = await inventory.arrive(
        tx,
        events,
        group.flatMap(({ plan, planned }) =>
          planned.flatMap(({ reservation, fits }, index) => {
            if (!reservation || !fits) return [];
            // What the plan knew (the manifest) stays unless the gate says otherwise.
            const { igm, item, ...values } = valuesOf(plan, index);
            return [
              {
                containerId: reservation.id,
                values: { ...values, ...(igm ? { igm } : {}), ...(item ? { item } : {}) },
              },
            ];
          }),
        ),
        actor,
      );
      const newcomers = await inventory.admit(
        tx,
        events,
        group.flatMap(({ plan, planned }) =>
          plan.entries.flatMap((entry, index) =>
            planned[index]!.fits ? [] : [{ values: valuesOf(plan, index), location: entry.location }],
          ),
        ),
        actor,
      );
      for (const view of [...arrived, ...newcomers]) views.set(view.number, view);
    }
    const usedReservations = reservations.map((row) => row.id);
    if (usedReservations.length && deps.planning)
      for (const planId of new Set(
        (await deps.planning.plansOfReservations(tx, usedReservations)).map((row) => row.planId),
      ))
        events.push({ type: 'planning.planChanged', data: { planId } });
    await repository.bindTags(
      tx,
      admittedPlans.flatMap(({ plan }) => plan.realTags),
      now,
    );
    await deps.preAdvices.useWithin(tx, allNumbers, now);
    for (const { plan } of admittedPlans)
      if (plan.form.gateId !== undefined && plan.form.gateId !== null)
        await repository.useTags(
          tx,
          plan.form.gateId,
          [...plan.realTags, ...(plan.trailerTag ? [plan.trailerTag] : [])],
          plan.form.requestId,
        );
    const plaCards = new Map(
      (
        await visitsRepository.plaCardsOf(
          tx,
          admittedPlans.flatMap(({ plan }) => (plan.trailerTag ? [plan.trailerTag] : [])),
        )
      ).map((card) => [card.trailerTagNumber, card.plaCardNumber]),
    );
    const visitRows = await visitsRepository.openMany(
      tx,
      admittedPlans.map(({ plan }) => ({
        trailerNumber: plan.form.trailerNumber!.trim(),
        trailerTagId: plan.trailerTag,
        plaCard1: plan.trailerTag ? (plaCards.get(plan.trailerTag) ?? null) : null,
        type: plan.entries[0]!.gateInPurpose!.trim(),
        activityGroup: ACTIVITY_GROUPS.container,
        gateId: plan.form.gateId ?? null,
        containerNumbers: plan.numbers,
        enteredBy: plan.userName,
        entryAt: now,
      })),
    );
    for (const row of visitRows) events.push(trailerChanged(row));

    // Planning's tasks as given; with planning on, a container planning gave none goes from
    // the trailer to its slot (spec 1 §9 default Offloading with Loaded; spec 3 §5). Without
    // planning the gate generates only export-out loading tasks (spec 1 §4: the success then
    // clears itself), which start where the out-container stands.
    const admittedOf = (plan: GateInPlan) => plan.numbers.map((number) => views.get(number)!);
    const givenOf = (plan: GateInPlan) => plan.form.planningGeneratedTasks ?? [];
    const defaultedOf = (plan: GateInPlan) =>
      deps.planningEnabled === false
        ? []
        : admittedOf(plan).filter(
            (view) => !givenOf(plan).some((task) => normalizeContainerNumber(task.containerNumber) === view.number),
          );
    // Those without a slot get the one the planning engine suggests (spec 1 §5, §9), in one call for
    // the set: the task carries it to the machine; the container waits on its trailer until the drop.
    const suggested = new Map<string, { location: string | null; fullName: string | null }>();
    const unplaced = admittedPlans.flatMap(({ plan }) =>
      defaultedOf(plan)
        .filter((view) => !view.location)
        .map((view) => {
          const entry = plan.entries.find((candidate) => candidate.number === view.number)!;
          return { containerNumber: view.number, containerSize: entry.containerSize!, igm: trimmed(entry.igm) };
        }),
    );
    if (unplaced.length && deps.planning) {
      try {
        // The advice each gate-in wanting a slot was given before the lock (a batch file's set
        // shares one), held if it still holds for all of them, checked in their order.
        const advices = [
          ...new Set(
            admittedPlans
              .filter(({ plan }) => unplaced.some((container) => plan.numbers.includes(container.containerNumber)))
              .map(({ plan }) => plan.advice),
          ),
        ];
        const advisable = (advice: GateInPlan['advice']): advice is NonNullable<GateInPlan['advice']> => !!advice;
        const advised =
          advices.every(advisable) &&
          unplaced.every((container) =>
            advices.some((advice) => advice.suggestions.get(container.containerNumber)?.slotFullName),
          )
            ? await deps.planning.heldAdvice(tx, advices)
            : null;
        const suggestions = advised
          ? unplaced.map((container) => advised.get(container.containerNumber)!)
          : await deps.planning.suggestWithin(tx, unplaced);
        // Counted per gate-in: its advice as given, a next ranked slot of it, or the engine.
        for (const { plan } of admittedPlans) {
          const mine = unplaced.filter((container) => plan.numbers.includes(container.containerNumber));
          if (!mine.length) continue;
          const asGiven = mine.every(
            ({ containerNumber }) => advised?.get(containerNumber) === plan.advice?.suggestions.get(containerNumber),
          );
          deps.countSlotAdvice?.(!advised ? 'engine' : asGiven ? 'held' : 'ranked');
        }
        for (const suggestion of suggestions)
          suggested.set(suggestion.containerNumber, {
            location: suggestion.slotFullName,
            fullName: suggestion.tasks[0]?.toLocationDetails ?? null,
          });
      } catch {
        // A suggestion is advice: the gate-in goes on without it (the task then names no slot,
        // which the clerk sees in the answer), whatever went wrong in the engine.
      }
    }
    const taskLists = admittedPlans.map(({ plan }) => {
      const admitted = admittedOf(plan);
      const list: NewTask[] = givenOf(plan).map((task) => {
        const number = normalizeContainerNumber(task.containerNumber);
        const view = admitted.find((candidate) => candidate.number === number);
        return {
          ...task,
          containerNumber: number,
          containerId: view?.containerId ?? null,
          toLocation: task.toLocation ?? view?.location ?? null,
          source: 'planning',
        };
      });
      for (const view of defaultedOf(plan)) {
        const slot = suggested.get(view.number);
        list.push({
          containerNumber: view.number,
          containerId: view.containerId,
          taskType: DEFAULT_PLANNING_TASK.taskType,
          deliveryMode: DEFAULT_PLANNING_TASK.deliveryMode,
          fromLocation: TRAILER_LOCATION,
          toLocation: view.location ?? slot?.location ?? null,
          toLocationDetails: view.fullName ?? slot?.fullName ?? null,
          source: slot?.location ? 'planning' : 'gate',
        });
      }
      for (const number of plan.outNumbers) {
        const task = (plan.form.gateInTasks ?? []).find(
          (candidate) => normalizeContainerNumber(candidate.containerNumber) === number,
        )!;
        list.push({
          ...task,
          containerNumber: number,
          fromLocation: task.fromLocation ?? plan.outLocations.get(number) ?? null,
          toLocation: task.toLocation ?? TRAILER_LOCATION,
          source: 'gate',
        });
      }
      return list;
    });
    const createdLists = await tasks.createForVisits(
      tx,
      events,
      admittedPlans.map(({ plan }, index) => ({
        list: taskLists[index]!,
        visitId: visitRows[index]!.id,
        createdBy: plan.userName,
      })),
    );

    const answers: { requestId: string; answer: GateInResult; visitId: number }[] = [];
    for (const [position, { plan, index }] of admittedPlans.entries()) {
      const visitRow = visitRows[position]!;
      const created = createdLists[position]!;
      const containers: GatedInContainer[] = admittedOf(plan).map((view) => ({
        containerId: view.containerId,
        containerNumber: view.number,
        tagId: plan.entries.find((entry) => entry.number === view.number)?.tag ?? null,
        location: view.location,
      }));
      events.push({
        type: 'gate.containersGatedIn',
        data: {
          requestId: plan.form.requestId,
          gateId: plan.form.gateId ?? null,
          visit: toTruckVisit(visitRow, { done: 0, pending: created.length, lastDoneAt: null }),
          containers,
          taskIds: created.map((task) => task.taskId),
        },
      });
      const result: GateInResult = {
        responsestatus: 'success',
        message: messages.gateInSuccessful,
        visitId: visitRow.id,
        containers,
        tasks: created,
      };
      results[index] = result;
      answers.push({ requestId: plan.form.requestId, answer: result, visitId: visitRow.id });
    }
    await repository.answerAll(tx, answers);
    return results as (GateInResult | AppError)[];
  }

  // A gate-in checked and read outside its transaction, and the transaction's work, or the answer
  // it gets at once. `gateIn` runs the work in its own transaction; a batch file runs sets of them
  // (prepareGateIns, runGateIns).
  async function prepareGateIn(
    form: GateInForm,
    principal: Principal,
    options: GateTransactionOptions = {},
    prepared: GateInPreparation = {},
  ): Promise<PreparedGateIn> {
    const [checked] = await checkGateIns([form], principal, prepared);
    if ('refusal' in checked!) throw checked.refusal;
    if ('answer' in checked!) return { answer: checked.answer };
    const { plan } = checked!;
    return {
      plan,
      context: gateInContext(plan),
      run: async (tx: Database, events: NewEvent[]): Promise<GateInResult> => {
        const [result] = await runGateIns(tx, events, [plan], options);
        if (result instanceof AppError) throw result;
        return result!;
      },
    };
  }

  return {
    // POST gate/containers: single (one container) or double (two 20 ft) offloading.
    async gateIn(form: GateInForm, principal: Principal, options: GateTransactionOptions = {}): Promise<GateInResult> {
      const prepared = await prepareGateIn(form, principal, options);
      if ('answer' in prepared) return prepared.answer;
      if (!options.within) return commitGateIn(prepared.plan);
      return inventory.change(prepared.run, prepared.context);
    },

    prepareGateIn,

    // Many gate-ins (a batch chunk) checked together (one read of their request ids and tags), each
    // a plan, an answer at once, or its refusal; and their transaction work as a set (runGateIns:
    // each one's result or refusal, in the order given), inside a transaction the caller holds with
    // the inventory lock (changeInventory).
    checkGateIns: (forms: readonly GateInForm[], principal: Principal, prepared: GateInPreparation = {}) =>
      checkGateIns(forms, principal, prepared),
    runGateIns: (tx: Database, events: NewEvent[], plans: readonly GateInPlan[]) => runGateIns(tx, events, plans),
    // The gate's words for the constraints a set of gate-ins may meet.
    gateInAnswers: (plans: readonly GateInPlan[]) =>
      gateAnswers(
        plans.flatMap((plan) => plan.realTags),
        plans.find((plan) => plan.trailerTag)?.trailerTag ?? null,
      ),

    // Dispatches checked together for a caller's transaction (a batch chunk), as checkGateIns: each
    // its work, its answer at once, or its refusal.
    checkDispatches: (queries: readonly DispatchQuery[], principal: Principal, database?: Database) =>
      checkDispatches(queries, principal, false, {}, database),
    runDispatches: (tx: Database, events: NewEvent[], plans: readonly DispatchPlan[]) =>
      runDispatches(tx, events, plans),

    // A prepared gate-in's work inside a transaction the caller holds (with the inventory lock, as
    // inventory.change takes it), and the gate's words for the constraints it may meet.
    changeInventory: <T>(
      work: (tx: Database, events: NewEvent[]) => Promise<T>,
      context?: { number?: string; answers?: DatabaseAnswers },
    ) => inventory.change(work, context),

    // POST gate/trailer: a truck comes in for (or with) containers without a container gate-in.
    async trailerGateIn(form: TrailerGateInForm, principal: Principal): Promise<TrailerGateInResult> {
      const answer = await stored<TrailerGateInResult>(form.requestId, 'trailerGateIn');
      if (answer) return answer;
      refuse(trailerGateInProblem(form));
      const requestId = form.requestId;
      const gateId = form.gateId ?? null;
      const userName = principal.username;
      const trailerTag = form.trailerTag!.trim();
      const failed = (reason: string) => messages.vehicleGateInFailed(reason);
      try {
        return await commitWithEvents(db, deps.afterCommit, async (tx, events: NewEvent[]) => {
          const again = await claim<TrailerGateInResult>(tx, { requestId, kind: 'trailerGateIn', gateId, userName });
          if (again) return again;
          const inside = await visitsRepository.insideByTag(tx, trailerTag);
          if (inside)
            throw conflict(failed(messages.gateTrailerTagInYard(trailerTag, inside.trailerNumber)), 'trailerTag');
          // The CHA's allocation for the delivery type (spec 1 §4 Trailer gate-in: 'Gate Count Alert'):
          // counted here, in this transaction, so the count and the visit commit or roll back together.
          const count = await deps.cha.countGateIn(tx, {
            ...(form.chaId !== undefined ? { chaId: form.chaId } : {}),
            ...(form.vehicleDetailId !== undefined ? { vehicleDetailId: form.vehicleDetailId } : {}),
            gateInType: form.gateInType!.trim(),
            exceedAllowedCount: form.exceedAllowedCount === true,
          });
          if (count.kind === 'alert') throw new GateCountAlertRaised(count.alert);
          if (count.kind === 'refused') throw badRequest(failed(count.message), count.field);
          const plaCard = await visitsRepository.plaCardOf(tx, trailerTag);
          const visitRow = await visitsRepository.open(tx, {
            trailerNumber: form.trailerNumber!.trim(),
            trailerTagId: trailerTag,
            plaCard1: plaCard?.plaCardNumber ?? null,
            trailerType: trimmed(form.trailerType),
            type: form.gateInType!.trim(),
            activityGroup: ACTIVITY_GROUPS.vehicle,
            gateId,
            containerNumbers: (form.containerNumbers ?? []).map(normalizeContainerNumber).filter(Boolean),
            chaId: count.kind === 'counted' ? count.chaId : null,
            vehicleDetailId: count.kind === 'counted' ? count.vehicleDetailId : null,
            enteredBy: userName,
          });
          events.push(trailerChanged(visitRow));
          if (count.kind === 'counted' && count.vehicleDetailId !== null)
            events.push(chaAllocationChanged(count.chaId));
          const created = await tasks.create(
            tx,
            events,
            (form.gateInTasks ?? []).map((task) => ({ ...task, source: 'gate' as const })),
            { visitId: visitRow.id, createdBy: userName },
          );
          if (gateId !== null) await repository.useTags(tx, gateId, [trailerTag], requestId);
          events.push({
            type: 'gate.vehicleGatedIn',
            data: {
              requestId,
              gateId,
              visit: toTruckVisit(visitRow, { done: 0, pending: created.length, lastDoneAt: null }),
              taskIds: created.map((task) => task.taskId),
            },
          });
          const result: TrailerGateInResult = {
            responsestatus: 'success',
            message: messages.vehicleGateInSuccessful,
            visitId: visitRow.id,
            tasks: created,
          };
          await repository.answer(tx, requestId, result, visitRow.id);
          return result;
        });
      } catch (error) {
        if (error instanceof GateCountAlertRaised)
          return {
            responsestatus: error.alert.message,
            message: error.alert.message,
            tasks: [],
            gateCountAlert: error.alert,
          };
        // Spec 1 §8: a trailer gate-in that fails says 'Vehicle gate-in failed: {reason}'.
        throw databaseError(error, {
          unique: ({ constraint, detail }) =>
            conflict(
              failed(
                constraint === 'trailers_active_tag_unique'
                  ? messages.gateTrailerTagInYard(trailerTag, 'another trailer')
                  : detail,
              ),
            ),
          foreignKey: ({ constraint }) =>
            constraint?.includes('cha')
              ? badRequest(failed(messages.chaNotFound), 'chaId')
              : badRequest(failed(messages.unknownGate), 'gateId'),
          check: ({ detail }) => badRequest(failed(detail)),
          busy: () => conflict(failed(messages.yardBusy)),
        });
      }
    },

    // GET gate/dispatch: the container leaves the yard (and its truck, with the last of its load).
    dispatch: (query: DispatchQuery, principal: Principal, options?: GateTransactionOptions) =>
      dispatch(query, principal, false, options),

    // GET gate/scanning-dispatch: out for the customs scanner, a dispatch with exit process Scanning.
    async scanningDispatch(query: DispatchQuery, principal: Principal): Promise<DispatchResult> {
      try {
        return await dispatch(query, principal, true);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw new AppError(
          error.statusCode,
          error.code,
          messages.scanningDispatchFailedWith(error.message),
          error.field,
        );
      }
    },

    // POST gate/retag: a container in the yard gets a new RFID tag; the old one is free again.
    async retag(form: RetagForm, principal: Principal): Promise<RetagResult> {
      if (form.requestId) {
        const answer = await stored<RetagResult>(form.requestId, 'retag');
        if (answer) return answer;
      }
      refuse(retagProblem(form));
      const number = normalizeContainerNumber(form.containerNumber!);
      const newTag = form.newTag!.trim();
      const [current] = await inventory.activeContainers(db, [number], []);
      if (!current) throw notFound(messages.containerNotFound(number));
      if (!current.rfidTagId) throw badRequest(messages.retagNoExistingTag, 'containerNumber');
      const oldTag = trimmed(form.oldTag);
      if (oldTag && oldTag !== current.rfidTagId) throw conflict(messages.retagOldTagMismatch(number), 'oldTag');
      const expired = await expiredTag(db, [newTag], form.allowExpiredTag);
      if (expired) return { responsestatus: expired.message, message: expired.message, expiredTag: expired };
      const requestId = form.requestId ?? randomUUID();
      const actor: Actor = { username: principal.username, source: 'gate' };
      return inventory.change(
        async (tx, events) => {
          const again = await claim<RetagResult>(tx, {
            requestId,
            kind: 'retag',
            gateId: form.gateId ?? null,
            userName: principal.username,
          });
          if (again) return again;
          const [container] = await inventory.activeContainers(tx, [number], []);
          if (!container?.rfidTagId) throw notFound(messages.containerNotFound(number));
          if (!isSpecialTag(newTag)) {
            const holder = (await inventory.activeContainers(tx, [], [newTag])).find((row) => row.id !== container.id);
            if (holder) throw conflict(messages.gateTagBound(newTag, holder.containerNumber), 'newTag');
          }
          await inventory.updateDetails(tx, events, container.id, { rfidTagId: newTag }, actor);
          if (!isSpecialTag(newTag)) await repository.bindTags(tx, [newTag], new Date());
          if (form.gateId !== undefined) await repository.useTags(tx, form.gateId, [newTag], requestId);
          events.push({
            type: 'gate.containerRetagged',
            data: { containerId: container.id, containerNumber: number, oldTag: container.rfidTagId, newTag },
          });
          const result: RetagResult = { responsestatus: 'success', message: messages.retagSuccessful };
          await repository.answer(tx, requestId, result, null);
          return result;
        },
        { number, answers: gateAnswers([newTag], null) },
      );
    },

    // GET gate/entry-tag, exit-tag, trailer-tag, exit-trailer-tag: the latest fresh read of the
    // gate's reader of that type not used by a committed transaction; for trailer tags the PLA card
    // and the permanent trailer's number (spec 1 §7, spec 3 §3).
    async latestTag(gateId: number, kind: GateTagKind): Promise<GateTagAnswer> {
      const gate = await repository.gate(db, gateId);
      if (!gate) throw notFound(messages.unknownGate);
      const none: GateTagAnswer = {
        responseMap: { tagid: null, plaCard: null, trailerNumber: null, readAt: null, readerId: null },
      };
      const { readerType, gateType } = TAG_READERS[kind];
      if (gateType !== null && gate.type !== gateType) return none;
      const read = await repository.latestUnusedRead(
        db,
        gateId,
        readerType,
        new Date(Date.now() - GATE_TAG_FRESH_MS),
        GATE_TAG_FRESH_MS,
      );
      if (!read) return none;
      const trailer = kind === 'trailer' || kind === 'exitTrailer';
      const [plaCard, permanent] = trailer
        ? await Promise.all([
            visitsRepository.plaCardOf(db, read.tagId),
            visitsRepository.permanentTrailerOf(db, read.tagId),
          ])
        : [undefined, undefined];
      return {
        responseMap: {
          tagid: read.tagId,
          plaCard: plaCard?.plaCardNumber ?? null,
          trailerNumber: permanent?.trailerNumber ?? null,
          readAt: read.readAt.getTime(),
          readerId: read.readerId,
        },
      };
    },

    // GET containers/tag-valid: whether a tag may be bound now (to this container, when named).
    async tagValid(tagId: string, containerNumber?: string): Promise<TagValidAnswer> {
      const tag = tagId.trim();
      const allowExpired = deps.allowExpiredContainerTag;
      const answer = (valid: boolean, expired: boolean, boundTo: string | null, message: string | null) => ({
        responseMap: { valid, expired, allowExpired, boundTo, message },
      });
      if (!isValidContainerTag(tag)) return answer(false, false, null, messages.tagInvalid);
      if (isSpecialTag(tag)) return answer(true, false, null, null);
      const own = containerNumber ? normalizeContainerNumber(containerNumber) : null;
      const holder = (await inventory.activeContainers(db, [], [tag])).find((row) => row.containerNumber !== own);
      if (holder)
        return answer(false, false, holder.containerNumber, messages.gateTagBound(tag, holder.containerNumber));
      const [life] = await repository.tagLives(db, [tag]);
      if (life && isTagExpired(tag, life.firstUsedAt.getTime(), deps.tagLifetimeDays, Date.now()))
        return answer(
          allowExpired,
          true,
          null,
          allowExpired ? messages.tagExpiredAllowed(tag) : messages.tagExpired(tag),
        );
      return answer(true, false, null, null);
    },

    // GET gate/trucks-inside: the visits not yet out, with their tasks (truck turn time).
    async trucksInside(gateId?: number): Promise<TrucksInside> {
      const rows = await visitsRepository.inside(db, gateId);
      const counts = await tasks.countsOfVisits(rows.map((row) => row.id));
      return { visits: rows.map((row) => toTruckVisit(row, counts.get(row.id))), now: Date.now() };
    },
  };
}

export type GateOperationsService = ReturnType<typeof createGateOperationsService>;
