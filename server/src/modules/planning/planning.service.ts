import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PLANNING_TASK,
  jobRequest,
  messages,
  normalizeContainerNumber,
  sizeClass,
  TRAILER_LOCATION,
  type DigOutBody,
  type DigOutPlan,
  type DigOutStep,
  type EngineJob,
  type EnginePlanBody,
  type EnginePlacement,
  type GateTaskInput,
  type GeoPoint,
  type Plan,
  type PlanDeleted,
  type PlanNameAvailable,
  type PlanningContainer,
  type PlanningParam,
  type PlanSaveBody,
  type PlanSaved,
  type QueuedContainer,
  type QueuedQuery,
  type SlotGroupData,
  type SlotSuggestion,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import type { JobRequest } from '../../adapters/queue';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { DatabaseAnswers } from '../../lib/database-errors';
import { keptByVersion } from '../../lib/kept-by-version';
import type { Principal } from '../auth';
import { loadGrid, type Actor, type InventoryService, type NewContainerRow } from '../inventory';
import { commitWithEvents, type AfterCommit, type NewEvent } from '../outbox';
import type { Grid } from '../yard';
import { departureEstimate, dwellEstimator } from './departures';
import { digOut, planPlacements, type DigOutInstance, type EngineBox } from './engine';
import {
  planningRepository as repository,
  type ContainerFacts,
  type EngineRunRow,
  type QueuedRow,
} from './planning.repository';
import {
  buildYardModel,
  cellKey,
  stackCellOf,
  type SlotGroupRule,
  type StackFrame,
  type StandingBox,
  type YardModel,
} from './yard-model';

export interface PlanningDependencies {
  inventory: InventoryService;
  afterCommit: AfterCommit;
  // The worker queue the engine's runs go to (runtime/src/process.ts hands the process's main queue
  // in); without one the engine cannot be asked to plan.
  jobs?: { addBulk(jobs: readonly JobRequest[]): Promise<void> } | undefined;
  // How far back the gate history the departure estimates read goes.
  dwellHistoryDays?: number;
  // How long the yard a gate-in's advice is made on is kept (adviceYard; PLANNING_ADVICE_YARD_MS);
  // none: read at every advice.
  adviceYardMs?: number;
}

// The selector lists at most this many queued containers; a plan holds at most as many.
const QUEUED_LIMIT = 5000;
// The dwell figures are read again after this long (they move with every dispatch, slowly).
const DWELL_CACHE_MS = 5 * 60_000;
// The engine's copy of the yard's boxes: read whole again after this long, or when more containers
// than this changed since it was read (rereading them one by one would cost more).
const BOXES_FULL_READ_MS = 60_000;
const BOXES_DELTA_LIMIT = 500;
// The slots ranked for a container advised alone before its gate-in (heldAdvice): as many gate-ins
// advised on one yard each find one the others left alone.
const ADVICE_ALTERNATIVES = 64;
// An advice is checked against at most this many containers changed since its yard (their boxes
// and drops read inside the lock: a few milliseconds, against tens for the engine); more, and the
// engine is asked again.
const ADVICE_DELTA_LIMIT = 2_000;
const BOXES_REFRESH_AFTER = 32;
const SUGGESTION_CLOCK_MS = 60_000;
const DWELL_HISTORY_DAYS = 180;
// The engine places queued containers this many at a time, so that its progress reaches the
// websocket between batches (the engine itself runs without giving the event loop back).
const ENGINE_BATCH = 100;
// A run's progress is written at most this often.
const PROGRESS_EVERY_MS = 300;
// How long a dig-out may search.
const DIG_OUT_TIME_LIMIT_MS = 2000;

// What the engine is told besides the yard: the time, where machines come from (stack positions are
// metres from the gate, so the gate is the origin), and the depot's dwell for the boxes to come.
const engineOptions = (now: number, origin: GeoPoint | null, dwell: { medianMs: number; sigma: number }) => ({
  now,
  dwell,
  ...(origin ? { origin: { x: 0, y: 0 } } : {}),
});

const planChanged = (planId: number): NewEvent => ({ type: 'planning.planChanged', data: { planId } });

// A planner's reservation of slots is recorded as the planner's move of the reservations (source
// 'planning': the movement reports leave it out).
const plannerActor = (principal: Principal | null): Actor => ({
  username: principal?.username ?? null,
  source: 'planning',
});

const toEngineJob = (row: EngineRunRow): EngineJob => ({
  jobId: row.id,
  status: row.status as EngineJob['status'],
  progress: row.progress,
  planId: row.planId,
  placements: row.placements as EnginePlacement[],
  unplaced: row.unplaced as EngineJob['unplaced'],
  error: row.error,
  startedAt: row.startedAt?.getTime() ?? null,
  finishedAt: row.finishedAt?.getTime() ?? null,
});

// What a box is grouped by (liner / IGM / category, issue 19): one manifest's boxes, else one
// liner's of a category, go together.
const groupOf = (box: { igm: string | null; linerId: number | null; categoryId?: number | null }) =>
  box.igm ? `igm:${box.igm}` : box.linerId !== null ? `liner:${box.linerId}:${box.categoryId ?? ''}` : undefined;

// Planning (issue 19; spec 2 §2–§5 and §6, spec 1 §3 and §5, spec 3 §7): queued containers, plans
// that reserve slots (saved, deleted, rolled back in one transaction each, through the inventory's
// change so the yard's lock orders them with the gate's), the planning params and slot groups, the
// engine's suggestions, runs and dig-outs.
export function createPlanningService(db: Database, deps: PlanningDependencies) {
  const { inventory } = deps;
  const namer = inventory.namer;
  const historyDays = deps.dwellHistoryDays ?? DWELL_HISTORY_DAYS;

  let dwell: { at: number; estimate: ReturnType<typeof dwellEstimator> } | null = null;
  // The dwell figures of the gate history, read at most every few minutes per process.
  async function estimator(database: Database) {
    if (!dwell || Date.now() - dwell.at > DWELL_CACHE_MS) {
      const statistics = await repository.dwellStatistics(database, historyDays);
      dwell = { at: Date.now(), estimate: dwellEstimator(statistics) };
    }
    return dwell.estimate;
  }

  // The names of a reservation's slot (where its planned row stands), or null.
  const slotOfRow = (grid: Grid, row: Pick<QueuedRow, 'areaId' | 'rowIndex' | 'columnIndex' | 'tier'>) =>
    row.areaId === null || row.rowIndex === null || row.columnIndex === null || row.tier === null
      ? null
      : namer.names(grid, {
          areaId: row.areaId,
          rowIndex: row.rowIndex,
          columnIndex: Number(row.columnIndex),
          tier: row.tier,
        });

  function toQueued(grid: Grid, row: QueuedRow): QueuedContainer {
    return {
      containerNumber: row.containerNumber,
      igmNumber: row.igm,
      jobOrderNumber: row.jobOrderNumber,
      liner: row.liner,
      category: row.category,
      size: row.size,
      slotFullName: slotOfRow(grid, row)?.location ?? null,
      cellId: row.cellId,
      planned: row.plannedId !== null,
      planningOrder: row.planningOrder,
      slotReason: row.slotReason,
      // A reservation without its pre-advice is a container record of the yard's own.
      source: row.expectedAt === null && row.plannedId !== null ? 'yard' : 'preAdvice',
      expectedAt: row.expectedAt?.getTime() ?? null,
      planId: row.planId,
    };
  }

  async function plansOf(database: Database, ids?: number[]): Promise<Plan[]> {
    const rows = (await repository.plans(database)).filter((row) => !ids || ids.includes(row.id));
    if (!rows.length) return [];
    const [grid, members] = await Promise.all([
      loadGrid(database, namer),
      repository.queued(database, { includePlanned: true, plannedOnly: true, limit: QUEUED_LIMIT * 10 }),
    ]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      plannedContainers: members.filter((member) => member.planId === row.id).map((member) => toQueued(grid, member)),
      searchedContainers: row.searchedContainers,
      source: row.source as Plan['source'],
      createdAt: row.createdAt.getTime(),
      createdBy: row.createdBy,
    }));
  }

  const nameAnswers = (name: string): DatabaseAnswers => ({
    unique: ({ constraint }) =>
      constraint === 'plans_name_unique' ? conflict(messages.planNameTaken(name), 'name') : undefined,
  });

  // A plan's assignments written in the caller's change (the plan row exists): new reservations for
  // queued containers, moved ones, and the plan's reservations not assigned any more released.
  async function assign(
    tx: Database,
    events: NewEvent[],
    planId: number,
    assignments: {
      containerNumber: string;
      slotFullName: string;
      slotReason?: string | null;
      expectedRehandles?: number | null;
    }[],
    actor: Actor,
  ) {
    const numbers = assignments.map((assignment) => normalizeContainerNumber(assignment.containerNumber));
    const twice = numbers.find((number, index) => numbers.indexOf(number) !== index);
    if (twice) throw badRequest(messages.planContainerTwice(twice));
    const [queued, members, grid] = await Promise.all([
      repository.queued(tx, { includePlanned: true, numbers, limit: numbers.length + 1 }),
      repository.members(tx, planId),
      loadGrid(tx, namer),
    ]);
    const byNumber = new Map(queued.map((row) => [row.containerNumber, row]));
    const add: { values: NewContainerRow; location: string }[] = [];
    const move: { containerId: number; location: string }[] = [];
    const addedNumbers: string[] = [];
    for (const [index, assignment] of assignments.entries()) {
      const number = numbers[index]!;
      const row = byNumber.get(number);
      if (!row) throw conflict(messages.planContainerNotQueued(number), 'assignments');
      if (row.plannedId !== null && row.planId !== null && row.planId !== planId)
        throw conflict(messages.planContainerInOtherPlan(number, row.planName ?? String(row.planId)), 'assignments');
      const location = assignment.slotFullName.trim();
      // The slot named as the yard names it (and refused in the yard's words when it is none).
      namer.resolve(grid, location);
      if (row.plannedId !== null) move.push({ containerId: row.plannedId, location });
      else {
        addedNumbers.push(number);
        add.push({
          location,
          values: {
            containerNumber: number,
            sizeId: row.sizeId,
            typeId: row.typeId,
            processId: row.processId,
            categoryId: row.categoryId,
            igm: row.igm,
            item: row.item,
            planned: true,
            locationUpdatedBy: null,
          },
        });
      }
    }
    const assigned = new Set(numbers);
    const release = members
      .filter((member) => member.planned && !member.voided && !assigned.has(member.containerNumber))
      .map((member) => member.containerId);
    const added = await inventory.reserve(tx, events, { add, move, release }, actor);
    const idOf = new Map<string, number>();
    for (const [index, number] of addedNumbers.entries()) idOf.set(number, added[index]!);
    for (const row of queued) if (row.plannedId !== null) idOf.set(row.containerNumber, row.plannedId);
    await repository.unlink(tx, planId, release);
    await repository.link(
      tx,
      assignments.map((assignment, index) => ({
        planId,
        containerId: idOf.get(numbers[index]!)!,
        planningOrder: index + 1,
        slotReason: assignment.slotReason ?? null,
        expectedRehandles: assignment.expectedRehandles ?? null,
      })),
    );
    events.push(planChanged(planId));
    return { released: release.length };
  }

  // A plan's reservations not used yet released (voided: they are history) and the plan gone, in
  // the caller's change.
  async function release(tx: Database, events: NewEvent[], planId: number, actor: Actor) {
    const members = await repository.members(tx, planId);
    const unused = members.filter((member) => member.planned && !member.voided).map((member) => member.containerId);
    await inventory.reserve(tx, events, { add: [], move: [], release: unused }, actor);
    await repository.deletePlan(tx, planId);
    events.push(planChanged(planId));
    return unused.length;
  }

  // --- the engine's view of the yard -------------------------------------------------------------

  interface Sizes {
    byName: Map<string, number>;
    byId: Map<number, { name: string; lengthFeet: number }>;
    names: { 20: string[]; 40: string[] };
  }
  function sizesFrom(rows: { id: number; name: string; lengthFeet: number }[]): Sizes {
    const names: Sizes['names'] = { 20: [], 40: [] };
    for (const row of rows) names[sizeClass(row.lengthFeet)].push(row.name);
    return {
      byName: new Map(rows.map((row) => [row.name.toUpperCase(), row.lengthFeet])),
      byId: new Map(rows.map((row) => [row.id, row])),
      names,
    };
  }

  // The layout's cells, read once per layout (the grid is one object per layout version).
  const cellsByGrid = new WeakMap<Grid, Awaited<ReturnType<typeof repository.cells>>>();
  async function cellsOf(database: Database, grid: Grid) {
    let cells = cellsByGrid.get(grid);
    if (!cells) cellsByGrid.set(grid, (cells = await repository.cells(database)));
    return cells;
  }

  // The boxes standing in the yard and the pending drops (containers on a trailer whose open task
  // goes to a slot), kept by container and brought up to date by rereading only the containers
  // changed since the version held (container_changes, migration 0036: changes of containers, their
  // slots and their open tasks' places): the whole yard (thousands of rows, tens of milliseconds on
  // PGlite) is read again only when the liner prefixes or the layout changed, when many containers
  // changed, and once a minute (a reservation's arrival follows the clock). A gate-in asks inside its
  // transaction, which sees its own uncommitted writes: what it reads there is used for it alone,
  // and the shared copy is brought up to date outside, after it (one refresh at a time).
  type Box = Awaited<ReturnType<typeof repository.boxes>>[number];
  type Drop = Awaited<ReturnType<typeof repository.pendingDrops>>[number];
  interface YardBoxes {
    version: number;
    masterVersion: number;
    layoutVersion: number;
    readAt: number;
    byContainer: Map<number, Box[]>;
    boxes: Box[];
    dropsByContainer: Map<number, Drop>;
    drops: Drop[];
    // How many containers were read again to make this copy from the one held.
    reread: number;
  }
  let yardBoxes: YardBoxes | null = null;
  // Suggestions made on a read of the yard (advise), by container number; `ranked`: each one's
  // slots in the engine's order (the suggestion first, then the next cheapest stacks as they stood).
  interface PlanningAdvice {
    yard: YardBoxes;
    grid: Grid;
    suggestions: Map<string, SlotSuggestion>;
    ranked: Map<string, SlotSuggestion[]>;
  }
  let refreshing: Promise<unknown> | null = null;

  async function readYardBoxes(database: Database, held: YardBoxes | null): Promise<YardBoxes> {
    const now = Date.now();
    const fresh = !held || now - held.readAt >= BOXES_FULL_READ_MS;
    const { changed, delta, ...state } = await repository.yardState(
      database,
      fresh ? null : held.version,
      BOXES_DELTA_LIMIT,
    );
    if (
      fresh ||
      held.masterVersion !== state.masterVersion ||
      held.layoutVersion !== state.layoutVersion ||
      (changed.length && !delta)
    ) {
      const [rows, drops] = await Promise.all([repository.boxes(database), repository.pendingDrops(database)]);
      const byContainer = new Map<number, Box[]>();
      for (const row of rows) byContainer.set(row.containerId, [...(byContainer.get(row.containerId) ?? []), row]);
      const dropsByContainer = new Map(drops.map((drop) => [drop.containerId, drop]));
      return { ...state, readAt: now, byContainer, boxes: rows, dropsByContainer, drops, reread: byContainer.size };
    }
    if (!delta) return { ...held, version: state.version, reread: 0 };
    const { boxes: rows, drops } = delta;
    // Containers that changed without standing in the yard or going to it before or now (a
    // gate-in's without a slot yet): the same arrays (what is worked out from them is kept).
    const standing = !rows.length && changed.every((id) => !held.byContainer.has(id));
    const dropping = !drops.length && changed.every((id) => !held.dropsByContainer.has(id));
    let { byContainer, boxes, dropsByContainer, drops: allDrops } = held;
    if (!standing) {
      byContainer = new Map(byContainer);
      for (const id of changed) byContainer.delete(id);
      for (const row of rows) byContainer.set(row.containerId, [...(byContainer.get(row.containerId) ?? []), row]);
      boxes = [...byContainer.values()].flat();
    }
    if (!dropping) {
      dropsByContainer = new Map(dropsByContainer);
      for (const id of changed) dropsByContainer.delete(id);
      for (const drop of drops) dropsByContainer.set(drop.containerId, drop);
      allDrops = [...dropsByContainer.values()];
    }
    return {
      ...state,
      readAt: held.readAt,
      byContainer,
      boxes,
      dropsByContainer,
      drops: allDrops,
      reread: changed.length,
    };
  }

  async function yardBoxesOf(database: Database): Promise<YardBoxes> {
    const read = await readYardBoxes(database, yardBoxes);
    if (database === db) {
      // Read outside any transaction: committed, so kept (unless a newer copy landed meanwhile).
      if (!yardBoxes || yardBoxes.version <= read.version) yardBoxes = read;
    } else if (read.reread >= BOXES_REFRESH_AFTER && !refreshing) {
      // Inside a transaction: its reads are its own; the shared copy is brought up to date once the
      // containers changed since it reach a few dozen (until then each reads them again itself).
      refreshing = readYardBoxes(db, yardBoxes)
        .then((next) => {
          if (!yardBoxes || yardBoxes.version <= next.version) yardBoxes = next;
        })
        .catch(() => {})
        .finally(() => (refreshing = null));
    }
    return read;
  }

  const standingByRow = new WeakMap<
    Box,
    { estimate: unknown; sizeParamName: string | undefined; standing: StandingBox }
  >();
  const cellIdsByGrid = new WeakMap<Grid, Map<string, number>>();
  function cellIdsOf(grid: Grid, cells: Awaited<ReturnType<typeof repository.cells>>) {
    let ids = cellIdsByGrid.get(grid);
    if (!ids) cellIdsByGrid.set(grid, (ids = new Map(cells.map((cell) => [cellKey(cell), cell.id]))));
    return ids;
  }
  // The stacks' places and rules (yard-model.ts StackFrame), per layout, rules and origin.
  const framesByGrid = new WeakMap<Grid, { signature: string; frames: Map<string, StackFrame> }>();
  function framesOf(grid: Grid, signature: string) {
    let held = framesByGrid.get(grid);
    if (held?.signature !== signature) framesByGrid.set(grid, (held = { signature, frames: new Map() }));
    return held.frames;
  }

  // What the engine is told besides the yard, read in one statement: the sizes, the rules, the gates.
  async function settingsOf(database: Database) {
    const settings = await repository.engineSettings(database);
    const sizes = sizesFrom(settings.sizes);
    return { sizes, rules: slotRules(settings.params, settings.groupCells, sizes), gates: settings.gates };
  }
  type Settings = Awaited<ReturnType<typeof settingsOf>>;

  // The standing boxes of one read of the yard's boxes, and the height of each column they make.
  const standingByRead = new WeakMap<
    Box[],
    { estimate: unknown; sizeParamName: string | undefined; standing: StandingBox[] }
  >();
  function standingOfAll(
    positions: Box[],
    standingOf: (row: Box) => StandingBox,
    estimate: unknown,
    sizeParamName: string | undefined,
  ) {
    const known = standingByRead.get(positions);
    // The same read with the same estimates and size rule: what was worked out from it stands.
    if (known && known.estimate === estimate && known.sizeParamName === sizeParamName) return known.standing;
    const standing = positions.map(standingOf);
    standingByRead.set(positions, { estimate, sizeParamName, standing });
    return standing;
  }
  const heightsByStanding = new WeakMap<StandingBox[], Map<string, number>>();
  function heightsOf(positions: Box[], boxes: StandingBox[]) {
    const standing = standingByRead.get(positions)!.standing;
    let heights = heightsByStanding.get(standing);
    if (!heights) {
      heights = new Map<string, number>();
      for (const box of boxes) {
        const span = sizeClass(box.lengthFeet) === 40 ? 2 : 1;
        for (let offset = 0; offset < span; offset += 1) {
          const key = cellKey({ ...box.position, columnIndex: box.position.columnIndex + offset });
          heights.set(key, Math.max(heights.get(key) ?? 0, box.position.tier));
        }
      }
      heightsByStanding.set(standing, heights);
    }
    return heights;
  }
  // The slots pending drops go to, by the task's location text, per layout.
  type DropTargets = Map<string, ReturnType<typeof namer.resolve> | null>;
  const dropTargetsByGrid = new WeakMap<Grid, DropTargets>();
  function dropTargetsOf(grid: Grid) {
    let targets = dropTargetsByGrid.get(grid);
    if (!targets) dropTargetsByGrid.set(grid, (targets = new Map() as DropTargets));
    return targets;
  }

  // The params as slot-group rules: the size param, and each CUSTOM one's values by cell.
  function slotRules(
    params: Awaited<ReturnType<typeof repository.params>>,
    groupCells: Awaited<ReturnType<typeof repository.slotGroupCells>>,
    sizes: Sizes,
  ) {
    const sizeParam = params.find((param) => param.dataProvider === 'CONTAINER_SIZE');
    const customParams: SlotGroupRule[] = params
      .filter((param) => param.dataProvider === 'CUSTOM')
      .map((param) => {
        const valuesByCell = new Map<number, string[]>();
        for (const entry of groupCells)
          if (entry.paramId === param.id)
            valuesByCell.set(entry.cellId, [...(valuesByCell.get(entry.cellId) ?? []), entry.value]);
        return { name: param.name, valuesByCell };
      });
    return {
      params,
      sizeParam: sizeParam ? { name: sizeParam.name, sizeNames: sizes.names } : null,
      customParams,
      // What the rules were made of, to tell when the stacks' rules must be worked out again.
      signature: JSON.stringify([params, groupCells, sizes.names]),
    };
  }

  // The yard now: every stack with its boxes (reservations and pending drops included), as the
  // engine takes it, with the departure estimates of the boxes.
  async function yardModel(database: Database, now: number, { sizes, rules, gates }: Settings) {
    const grid = await loadGrid(database, namer);
    const [cells, yard, estimate] = await Promise.all([
      cellsOf(database, grid),
      yardBoxesOf(database),
      estimator(database),
    ]);
    const { boxes: positions, drops } = yard;
    const sizeParamName = rules.sizeParam?.name;
    const sizeOf = (sizeId: number) => sizes.byId.get(sizeId) ?? { name: '20', lengthFeet: 20 };
    const boxOf = (row: ContainerFacts): EngineBox => {
      const group = groupOf(row);
      const size = sizeOf(row.sizeId);
      return {
        id: row.containerNumber,
        size: sizeClass(size.lengthFeet),
        ...departureEstimate(estimate(row), row.arrivedAt),
        ...(group ? { group } : {}),
        ...(sizeParamName ? { values: { [sizeParamName]: size.name } } : {}),
      };
    };
    // A box standing in the yard is worked out once for as long as its row is held (the rows of the
    // boxes' copy live until their container changes) and the estimates and the size rule stay.
    const standingOf = (row: Box): StandingBox => {
      const known = standingByRow.get(row);
      if (known && known.estimate === estimate && known.sizeParamName === sizeParamName) return known.standing;
      const standing = {
        position: { areaId: row.areaId, rowIndex: row.rowIndex, columnIndex: row.columnIndex, tier: row.tier },
        lengthFeet: sizeOf(row.sizeId).lengthFeet,
        box: boxOf(row),
      };
      standingByRow.set(row, { estimate, sizeParamName, standing });
      return standing;
    };
    const boxes: StandingBox[] = [...standingOfAll(positions, standingOf, estimate, sizeParamName)];
    // A pending drop holds its slot when it is the next free tier of its stack.
    const heights = new Map(heightsOf(positions, boxes));
    const targets = dropTargetsOf(grid);
    const sortedDrops = drops
      .map((drop) => {
        let target = targets.get(drop.toLocation);
        if (target === undefined) {
          try {
            target = namer.resolve(grid, drop.toLocation);
          } catch {
            target = null; // A task going elsewhere than a slot (a zone, the trailer).
          }
          targets.set(drop.toLocation, target);
        }
        return target ? { drop, target } : null;
      })
      .filter((entry) => entry !== null)
      .sort((a, b) => a.target.tier - b.target.tier);
    for (const { drop, target } of sortedDrops) {
      const lengthFeet = sizeOf(drop.sizeId).lengthFeet;
      const span = sizeClass(lengthFeet) === 40 ? 2 : 1;
      const keys = Array.from({ length: span }, (_, offset) =>
        cellKey({ ...target, columnIndex: target.columnIndex + offset }),
      );
      if (keys.some((key) => (heights.get(key) ?? 0) !== target.tier - 1)) continue;
      for (const key of keys) heights.set(key, target.tier);
      boxes.push({
        position: {
          areaId: target.areaId,
          rowIndex: target.rowIndex,
          columnIndex: target.columnIndex,
          tier: target.tier,
        },
        lengthFeet,
        box: boxOf(drop),
      });
    }
    const origin: GeoPoint | null = gates.length
      ? {
          latitude: gates.reduce((sum, gate) => sum + gate.latitude, 0) / gates.length,
          longitude: gates.reduce((sum, gate) => sum + gate.longitude, 0) / gates.length,
        }
      : null;
    const model = buildYardModel({
      grid,
      cellIds: cellIdsOf(grid, cells),
      boxes,
      sizeParam: rules.sizeParam,
      customParams: rules.customParams,
      origin,
      frames: framesOf(grid, JSON.stringify([rules.signature, origin])),
    });
    return { grid, model, origin, estimate, rules, yard };
  }

  async function settingsAndModel(database: Database, now: number) {
    const settings = await settingsOf(database);
    return { settings, ...(await yardModel(database, now, settings)) };
  }

  // The yard advice is asked on (outside any transaction), kept for adviceYardMs: an advice need
  // not be fresh, since heldAdvice checks every change since the yard it was made on, and a model of
  // the yard is tens of milliseconds of the process at 15,000 boxes (docs/performance.md), which a
  // busy gate would otherwise pay for each gate-in. A planner's suggestion and the gate-in's own,
  // inside its transaction, read the yard as it is.
  let adviceModel: { at: number; now: number; built: ReturnType<typeof settingsAndModel> } | null = null;
  function adviceYard(now: number) {
    const at = Date.now();
    if (!adviceModel || adviceModel.now !== now || at - adviceModel.at >= (deps.adviceYardMs ?? 0)) {
      const entry = { at, now, built: settingsAndModel(db, now) };
      entry.built.catch(() => {
        if (adviceModel === entry) adviceModel = null;
      });
      adviceModel = entry;
    }
    return adviceModel.built;
  }

  // The engine's run for one box advised on a kept yard (adviceYard), by what the engine reads of
  // the box (its size, departure, slot-group values and group; not its number, which only names
  // it): like boxes at a busy gate, advised on one yard, get the one ranking the engine gives that
  // box there, for one run a yard instead of one a gate-in (heldAdvice then gives them its slots in
  // turn). Kept with the yard's model, so as long as the model is.
  const adviceRuns = new WeakMap<YardModel, Map<string, ReturnType<typeof planPlacements>>>();
  function adviceRun(
    model: YardModel,
    box: EngineBox,
    options: [now: number, alternatives: number],
    run: () => ReturnType<typeof planPlacements>,
  ) {
    const { id, ...shape } = box;
    const key = JSON.stringify([shape, options]);
    let runs = adviceRuns.get(model);
    if (!runs) adviceRuns.set(model, (runs = new Map<string, ReturnType<typeof planPlacements>>()));
    let result = runs.get(key);
    if (!result) runs.set(key, (result = run()));
    return {
      ...result,
      placements: result.placements.map((placement) => ({ ...placement, boxId: id })),
      unplaced: result.unplaced.map((entry) => ({ ...entry, boxId: id })),
    };
  }

  const slotName = (grid: Grid, model: YardModel, stackKey: string, tier: number) => {
    const position = model.positionOf(stackKey, tier);
    return position ? namer.names(grid, position) : null;
  };

  // Every owner code's liner, kept with the master-data version of the yard a suggestion is made on
  // (read in the yard's statement): a gate-in's suggestion reads none.
  const linersByPrefix = keptByVersion((database) => repository.linersByPrefix(database));

  // The boxes of containers asking for a slot (the gate's, an ERP's): size, liner by the owner code,
  // slot-group values, departure from now.
  async function arrivalsOf(
    database: Database,
    containers: PlanningContainer[],
    sizes: Sizes,
    rules: Awaited<ReturnType<typeof slotRules>>,
    estimate: ReturnType<typeof dwellEstimator>,
    now: number,
    masterVersion: number,
  ): Promise<EngineBox[]> {
    const liners = await linersByPrefix(database, masterVersion);
    return containers.map((container) => {
      const number = normalizeContainerNumber(container.containerNumber);
      const lengthFeet = sizes.byName.get(container.containerSize.trim().toUpperCase());
      if (lengthFeet === undefined)
        throw badRequest(messages.unknownMasterData('size', container.containerSize), 'containerSize');
      const liner = liners.get(number.slice(0, 4)) ?? null;
      const values: Record<string, string> = {};
      if (rules.sizeParam) values[rules.sizeParam.name] = container.containerSize.trim();
      for (const given of container.params ?? []) {
        const param = rules.params.find((candidate) => candidate.id === given.paramId);
        if (!param) throw badRequest(messages.planningParamNotFound, 'params');
        values[param.name] = given.value;
      }
      const group = groupOf({ igm: container.igm?.trim() || null, linerId: liner?.id ?? null });
      return {
        id: number,
        size: sizeClass(lengthFeet),
        // At the gate now: the dwell of its liner (nothing else is known of it yet).
        ...departureEstimate(estimate({ linerId: liner?.id ?? null, processId: null, categoryId: null }), now),
        values,
        ...(group ? { group } : {}),
      };
    });
  }

  const defaultTask = (number: string, location: string | null, fullName: string | null): GateTaskInput => ({
    containerNumber: number,
    taskType: DEFAULT_PLANNING_TASK.taskType,
    deliveryMode: DEFAULT_PLANNING_TASK.deliveryMode,
    fromLocation: TRAILER_LOCATION,
    toLocation: location,
    toLocationDetails: fullName,
  });

  // A slot for each container (spec 1 §5 planning at gate-in): its reservation when a plan holds
  // one, else where the engine expects it to cause the fewest rehandles. Nothing is reserved.
  async function suggestOn(
    database: Database,
    containers: PlanningContainer[],
    options: { reservations: boolean },
  ): Promise<SlotSuggestion[]> {
    return (await suggestWithYard(database, containers, options)).suggestions;
  }
  async function suggestWithYard(
    database: Database,
    containers: PlanningContainer[],
    options: { reservations: boolean; alternatives?: number; adviceYard?: boolean },
  ): Promise<{ suggestions: SlotSuggestion[]; ranked: Map<string, SlotSuggestion[]>; yard: YardBoxes; grid: Grid }> {
    const numbers = containers.map((container) => normalizeContainerNumber(container.containerNumber));
    const reserved = new Map(
      options.reservations
        ? (
            await repository.queued(database, {
              includePlanned: true,
              plannedOnly: true,
              numbers,
              limit: numbers.length + 1,
            })
          ).map((row) => [row.containerNumber, row])
        : [],
    );
    // To the minute: departures are days long, and a standing box's departure is then worked out
    // once a minute, not at every suggestion (the engine keeps it per box and time).
    const now = Math.floor(Date.now() / SUGGESTION_CLOCK_MS) * SUGGESTION_CLOCK_MS;
    const { settings, grid, model, origin, estimate, rules, yard } = options.adviceYard
      ? await adviceYard(now)
      : await settingsAndModel(database, now);
    const { sizes } = settings;
    const open = containers.filter((_, index) => !reserved.has(numbers[index]!));
    const placed = new Map<string, { location: string; fullName: string; reason: string; rehandles: number }>();
    const ranked = new Map<string, SlotSuggestion[]>();
    const unplaced = new Map<string, string>();
    if (open.length) {
      const arrivals = await arrivalsOf(database, open, sizes, rules, estimate, now, yard.masterVersion);
      const run = () =>
        planPlacements(model.stacks, arrivals, {
          ...engineOptions(now, origin, estimate.depot),
          alternatives: options.alternatives ?? 1,
        });
      const result =
        options.adviceYard && arrivals.length === 1
          ? adviceRun(model, arrivals[0]!, [now, options.alternatives ?? 1], run)
          : run();
      for (const placement of result.placements) {
        const names = slotName(grid, model, placement.stackKey, placement.tier);
        if (names)
          placed.set(placement.boxId, {
            location: names.location,
            fullName: names.fullName,
            reason: placement.reason,
            rehandles: placement.expectedRehandles,
          });
        if (!placement.alternatives) continue;
        const slots = [placement, ...placement.alternatives].flatMap((choice) => {
          const choiceNames = slotName(grid, model, choice.stackKey, choice.tier);
          return choiceNames
            ? [
                {
                  containerNumber: placement.boxId,
                  slotFullName: choiceNames.location,
                  slotReason: choice.reason,
                  expectedRehandles: choice.expectedRehandles,
                  tasks: [defaultTask(placement.boxId, choiceNames.location, choiceNames.fullName)],
                },
              ]
            : [];
        });
        ranked.set(placement.boxId, slots);
      }
      for (const entry of result.unplaced) unplaced.set(entry.boxId, entry.reason);
    }
    const suggestions = numbers.map((number) => {
      const plan = reserved.get(number);
      if (plan) {
        const names = slotOfRow(grid, plan);
        return {
          containerNumber: number,
          slotFullName: names?.location ?? null,
          slotReason: plan.slotReason ?? `Reserved by plan ${plan.planName ?? plan.planId}`,
          expectedRehandles: plan.expectedRehandles ?? 0,
          tasks: [defaultTask(number, names?.location ?? null, names?.fullName ?? null)],
        };
      }
      const slot = placed.get(number);
      return {
        containerNumber: number,
        slotFullName: slot?.location ?? null,
        slotReason: slot?.reason ?? unplaced.get(number) ?? 'No slot fits',
        expectedRehandles: slot?.rehandles ?? 0,
        tasks: [defaultTask(number, slot?.location ?? null, slot?.fullName ?? null)],
      };
    });
    return { suggestions, ranked, yard, grid };
  }

  // Whether suggestions made outside a transaction (advise) still hold inside it, after the yard's
  // lock: the layout and master data are the same, and none of the containers changed since the
  // yard they were made on stands, stood or is going (a pending drop) in the stack of a suggested
  // slot — its column, or for a slot of a merged pair the pair (stackCellOf).
  //
  // Why the stack alone: every hard rule a suggestion must meet reads the slot's own stack and
  // nothing beside it. The engine's (engine/placement.ts, yard-model.ts): the size (a 20 ft box on a
  // column alone, a 40 ft on a merged pair: the layout), the height (the next free tier under the
  // area's height, counting the stack's boxes, the plans' reservations, which stand in their slots,
  // and the pending drops going to it, each counted when it is the next free tier of its own
  // columns), closed (a pair holding a 20 ft box takes nothing: mixing is within a pair, both of
  // whose columns are the stack) and the slot groups (per cell, from the params, not the boxes). The
  // yard's at the drop (applyMoves, migration 0003): one box a position, no hole under a box, the
  // area's height, a 40 ft box on both positions of its pair in one tier. There is no rule between
  // stacks: no equal heights of neighbouring stacks, no machine access past a neighbour. What other
  // stacks change is only the score (the dwell spread read off the yard's boxes when the depot has
  // no history; which stack is least bad), so the advice may be a little worse than a fresh run but
  // is never an illegal slot. Two gate-ins advised on one yard are never given one slot: the first
  // one's task to it is a pending drop recorded with its commit (container_changes), so the second,
  // after the lock, finds a changed container going to its slot's stack and asks the engine again.
  //
  // A container advised alone that finds its slot's stack changed takes the next of its ranked
  // slots whose stack nothing changed: gate-ins advised on one yard (a burst at the gate) are all
  // advised the same stack first, and each takes one the ones before it left alone. Each ranked
  // slot is one the engine weighed legal on that yard, in a stack as it then stood.
  //
  // Several advices checked in one transaction (gate-ins committed together, in the order given)
  // are checked as if one after the other: the stacks of the slots given to the earlier ones count
  // as changed for the later ones.
  //
  // Returns the suggestions to take by container number (the advice's own objects, the first or a
  // ranked one), or null: ask the engine again for all of them.
  async function heldAdvice(
    tx: Database,
    advices: readonly PlanningAdvice[],
  ): Promise<Map<string, SlotSuggestion> | null> {
    // The stacks changed since each advice's yard (advices asked on one kept yard share it), or
    // null when the layout or master data changed or too much did to check.
    const touchedByYard = new Map<YardBoxes, Set<string> | null>();
    const taken = new Set<string>();
    const chosen = new Map<string, SlotSuggestion>();
    for (const advice of advices) {
      const { yard, grid } = advice;
      if (!touchedByYard.has(yard)) touchedByYard.set(yard, await touchedSince(tx, advice));
      const touched = touchedByYard.get(yard);
      if (!touched) return null;
      const stackOf = (suggestion: SlotSuggestion) => {
        const place = suggestion.slotFullName ? placeIn(grid, suggestion.slotFullName) : null;
        return place ? stackCellOf(grid, place) : null;
      };
      const free = (suggestion: SlotSuggestion) => {
        const stack = stackOf(suggestion);
        return stack === null || (!touched.has(stack) && !taken.has(stack));
      };
      let picks = [...advice.suggestions];
      if (!picks.every(([, suggestion]) => free(suggestion))) {
        if (picks.length !== 1) return null;
        const [number] = picks[0]!;
        const next = advice.ranked.get(number)?.find((slot) => slot.slotFullName && free(slot));
        if (!next) return null;
        picks = [[number, next]];
      }
      for (const [number, suggestion] of picks) {
        chosen.set(number, suggestion);
        const stack = stackOf(suggestion);
        if (stack !== null) taken.add(stack);
      }
    }
    return chosen;
  }

  // A slot's place by its name (a task's location text) in a layout, kept per layout.
  function placeIn(grid: Grid, location: string) {
    const targets = dropTargetsOf(grid);
    let target = targets.get(location);
    if (target === undefined) {
      try {
        target = namer.resolve(grid, location);
      } catch {
        target = null;
      }
      targets.set(location, target);
    }
    return target;
  }

  // The stacks (stackCellOf) where a container changed since an advice's yard stands, stood or is
  // going; null when the layout or the master data changed since, or too many containers did.
  async function touchedSince(tx: Database, { yard, grid }: PlanningAdvice): Promise<Set<string> | null> {
    const { changed, delta, ...state } = await repository.yardState(tx, yard.version, ADVICE_DELTA_LIMIT);
    if (state.layoutVersion !== yard.layoutVersion || state.masterVersion !== yard.masterVersion) return null;
    if (!changed.length) return new Set();
    if (!delta) return null;
    const { boxes: rows, drops } = delta;
    return new Set(
      [
        ...rows,
        ...changed.flatMap((id) => yard.byContainer.get(id) ?? []),
        ...[...drops, ...changed.flatMap((id) => yard.dropsByContainer.get(id) ?? [])].flatMap((drop) => {
          const place = placeIn(grid, drop.toLocation);
          return place ? [place] : [];
        }),
      ].map((place) => stackCellOf(grid, place)),
    );
  }

  // --- engine runs ---------------------------------------------------------------------------------

  async function runChanged(row: EngineRunRow | undefined, extra: NewEvent[] = []) {
    if (!row) return;
    await commitWithEvents(db, deps.afterCommit, async (_tx, events) => {
      events.push({ type: 'planning.engineRunChanged', data: toEngineJob(row) }, ...extra);
    });
  }

  // A name of its own for an applied run that was given none.
  async function engineName(database: Database, given: string | null) {
    if (given) return given.trim();
    const base = `Engine plan ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
    for (let suffix = 1; ; suffix += 1) {
      const name = suffix === 1 ? base : `${base} (${suffix})`;
      if (!(await repository.nameTaken(database, name))) return name;
    }
  }

  return {
    // GET planning/available/{name} (spec 2 §5).
    async nameAvailable(name: string): Promise<PlanNameAvailable> {
      const taken = await repository.nameTaken(db, name);
      return { available: !taken, message: taken ? messages.planNameTaken(name.trim()) : null };
    },

    // GET planning/queued: the selector (spec 2 §2): open pre-advices, with their reservations on Edit
    // Plan (includePlanned).
    async queued(query: QueuedQuery): Promise<QueuedContainer[]> {
      const [grid, rows] = await Promise.all([
        loadGrid(db, namer),
        repository.queued(db, {
          searchBy: query.searchBy,
          query: query.query,
          includePlanned: query.includePlanned ?? false,
          limit: QUEUED_LIMIT,
        }),
      ]);
      return rows.map((row) => toQueued(grid, row));
    },

    plans: () => plansOf(db),

    // POST planning/save: a new plan (no id) or a plan's assignments replaced, every slot reserved in
    // one transaction or none (a slot taken meanwhile: slotReserved or slotTaken, 409).
    async save(body: PlanSaveBody, principal: Principal): Promise<PlanSaved> {
      const name = body.name.trim();
      if (!name) throw badRequest(messages.fieldRequired('name'), 'name');
      const actor = plannerActor(principal);
      const planId = await inventory.change(
        async (tx, events) => {
          let id = body.id ?? null;
          if (id !== null) {
            const current = await repository.plan(tx, id, true);
            if (!current) throw notFound(messages.planNotFound);
            if (await repository.nameTaken(tx, name, id)) throw conflict(messages.planNameTaken(name), 'name');
            await repository.updatePlan(tx, id, {
              name,
              ...(body.searchedContainers ? { searchedContainers: body.searchedContainers } : {}),
            });
          } else {
            if (await repository.nameTaken(tx, name)) throw conflict(messages.planNameTaken(name), 'name');
            id = (
              await repository.insertPlan(tx, {
                name,
                source: 'manual',
                searchedContainers: body.searchedContainers ?? [],
                createdBy: principal.username,
              })
            ).id;
          }
          await assign(tx, events, id, body.assignments, actor);
          return id;
        },
        { answers: nameAnswers(name) },
      );
      const [plan] = await plansOf(db, [planId]);
      return { responsestatus: 'success', message: messages.planSaved(name), plan: plan! };
    },

    // DELETE planning/{id}: the plan's unused reservations released, the plan gone; its containers
    // that gated in stay where they are.
    async delete(id: number, principal: Principal): Promise<PlanDeleted> {
      const { name, released } = await inventory.change(async (tx, events) => {
        const plan = await repository.plan(tx, id, true);
        if (!plan) throw notFound(messages.planNotFound);
        return { name: plan.name, released: await release(tx, events, id, plannerActor(principal)) };
      });
      return { responsestatus: 'success', message: messages.planDeleted(name), released };
    },

    // POST planning-engine/rollback: a plan taken back whole, which only a plan no container gated in
    // on yet can be; the engine runs that applied it say so.
    async rollback(planId: number, principal: Principal): Promise<PlanDeleted> {
      const { name, released } = await inventory.change(async (tx, events) => {
        const plan = await repository.plan(tx, planId, true);
        if (!plan) throw notFound(messages.planNotFound);
        const arrived = (await repository.members(tx, planId)).filter((member) => !member.planned && !member.voided);
        if (arrived.length)
          throw conflict(messages.planInUse(plan.name, arrived.map((member) => member.containerNumber).join(', ')));
        const runs: EngineRunRow[] = [];
        for (const run of await repository.runsOfPlan(tx, planId)) {
          const updated = await repository.updateRun(tx, run.id, { status: 'rolledBack' });
          if (updated) runs.push({ ...updated, planId: null });
        }
        for (const run of runs) events.push({ type: 'planning.engineRunChanged', data: toEngineJob(run) });
        return { name: plan.name, released: await release(tx, events, planId, plannerActor(principal)) };
      });
      return { responsestatus: 'success', message: messages.planRolledBack(name), released };
    },

    // GET enterprise/planning/params (spec 1 §3): the size param's values are the master data's sizes.
    async params(): Promise<PlanningParam[]> {
      const [rows, sizes] = await Promise.all([repository.params(db), repository.sizes(db)]);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        dataProvider: row.dataProvider as PlanningParam['dataProvider'],
        allowedStrings: row.dataProvider === 'CONTAINER_SIZE' ? sizes.map((size) => size.name) : row.allowedStrings,
        required: row.required,
      }));
    },

    // GET enterprise/planning/slot-groups/data/{paramId}: each value's cells and the free places left
    // in them for a box of the group (reservations take places).
    async slotGroups(paramId: number): Promise<SlotGroupData> {
      const param = await repository.param(db, paramId);
      if (!param) throw notFound(messages.planningParamNotFound);
      const grid = await loadGrid(db, namer);
      const [cells, stacks, groupCells, sizes] = await Promise.all([
        cellsOf(db, grid),
        repository.heights(db),
        repository.slotGroupCells(db),
        repository.sizes(db),
      ]);
      const heights = new Map(stacks.map((stack) => [cellKey(stack), Number(stack.height)]));
      const cellByKey = new Map(cells.map((cell) => [cellKey(cell), cell]));
      const free = (cell: (typeof cells)[number]) =>
        Math.max(0, (grid.areasById.get(cell.areaId)?.area.maxHeight ?? 0) - (heights.get(cellKey(cell)) ?? 0));
      const groupOfCells = (value: string, members: typeof cells, freeSlots: number) => ({
        value,
        areas: [...new Set(members.map((cell) => grid.areasById.get(cell.areaId)?.area.name ?? String(cell.areaId)))],
        cells: members.map((cell) => ({ id: cell.id, fullName: cell.fullName })),
        freeSlots,
      });
      if (param.dataProvider === 'CONTAINER_SIZE') {
        // Merged pairs take 40 and 45 ft boxes (both cells of the pair), the other columns 20 ft.
        const pairs: [(typeof cells)[number], (typeof cells)[number]][] = [];
        const singles: typeof cells = [];
        for (const cell of cells) {
          const area = grid.areasById.get(cell.areaId);
          const column = area?.columnsByIndex.get(cell.columnIndex);
          const previous = area?.columnsByIndex.get(cell.columnIndex - 1);
          if (column?.merged && area?.columnsByIndex.has(cell.columnIndex + 1)) {
            const second = cellByKey.get(cellKey({ ...cell, columnIndex: cell.columnIndex + 1 }));
            if (second) pairs.push([cell, second]);
          } else if (!previous?.merged) singles.push(cell);
        }
        const pairFree = pairs.reduce((sum, [first, second]) => sum + Math.min(free(first), free(second)), 0);
        const singleFree = singles.reduce((sum, cell) => sum + free(cell), 0);
        return {
          paramId,
          groups: sizes.map((size) =>
            sizeClass(size.lengthFeet) === 40
              ? groupOfCells(size.name, pairs.flat(), pairFree)
              : groupOfCells(size.name, singles, singleFree),
          ),
        };
      }
      const byId = new Map(cells.map((cell) => [cell.id, cell]));
      return {
        paramId,
        groups: param.allowedStrings.map((value) => {
          const members = groupCells
            .filter((entry) => entry.paramId === paramId && entry.value === value)
            .map((entry) => byId.get(entry.cellId))
            .filter((cell): cell is (typeof cells)[number] => cell !== undefined);
          return groupOfCells(
            value,
            members,
            members.reduce((sum, cell) => sum + free(cell), 0),
          );
        }),
      };
    },

    // POST planning/suggest and planning-engine/bin-locations.
    async suggest(containers: PlanningContainer[]) {
      return { suggestions: await suggestOn(db, containers, { reservations: true }) };
    },

    // The same inside the gate-in's transaction (after the inventory lock: two gate-ins in a row see
    // each other's pending drops), for containers that hold no reservation (the gate used those).
    suggestWithin: (tx: Database, containers: PlanningContainer[]) =>
      suggestOn(tx, containers, { reservations: false }),

    // The same, asked before the gate-in's transaction (the engine's time off the yard's lock), and
    // checked inside it after the lock (heldAdvice): the gate-in takes the advice when it holds, or
    // asks suggestWithin again.
    async advise(containers: PlanningContainer[], alternatives = ADVICE_ALTERNATIVES): Promise<PlanningAdvice> {
      const { suggestions, ranked, yard, grid } = await suggestWithYard(db, containers, {
        reservations: false,
        adviceYard: true,
        alternatives: containers.length === 1 ? alternatives : 1,
      });
      return {
        yard,
        grid,
        suggestions: new Map(suggestions.map((suggestion) => [suggestion.containerNumber, suggestion])),
        ranked,
      };
    },
    heldAdvice,

    // The plans holding these reservations (by container id), for the gate-in that uses them.
    plansOfReservations: (tx: Database, containerIds: number[]) => repository.plansOf(tx, containerIds),

    // POST enterprise/planning/engine/plan: a run queued for the workers (202); its progress comes
    // over the websocket (planning.engine.v1) and from GET planning-engine/{jobId}.
    async startEngine(body: EnginePlanBody, principal: Principal): Promise<EngineJob> {
      if (!deps.jobs) throw conflict(messages.planningEngineUnavailable);
      const name = body.planName?.trim() || null;
      if (name && body.apply && (await repository.nameTaken(db, name)))
        throw conflict(messages.planNameTaken(name), 'planName');
      const id = randomUUID();
      const row = await commitWithEvents(db, deps.afterCommit, async (tx, events) => {
        const inserted = await repository.insertRun(tx, {
          id,
          containerNumbers: body.containerNumbers?.map(normalizeContainerNumber) ?? null,
          planName: name,
          apply: body.apply ?? false,
          requestedBy: principal.username,
        });
        events.push({ type: 'planning.engineRunChanged', data: toEngineJob(inserted) });
        return inserted;
      });
      try {
        await deps.jobs.addBulk([jobRequest('PlanningEngine', { runId: id }, `planning-${id}`)]);
      } catch (error) {
        await runChanged(
          await repository.updateRun(db, id, {
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
            finishedAt: new Date(),
          }),
        );
        throw error;
      }
      return toEngineJob(row);
    },

    // GET enterprise/planning-engine/{jobId}.
    async engineJob(jobId: string): Promise<EngineJob> {
      const row = await repository.run(db, jobId);
      if (!row) throw notFound(messages.planningEngineJobNotFound);
      return toEngineJob(row);
    },

    // The PlanningEngine job: the queued containers asked for placed by the engine, batch by batch
    // with its progress told; applied as a plan (source engine) in one transaction when asked. A run
    // done or failed already (a redelivered job) is left as it is; one a crash left running runs again.
    async runEngine(runId: string): Promise<void> {
      const run = await repository.run(db, runId);
      if (!run || (run.status !== 'queued' && run.status !== 'running')) return;
      await runChanged(
        await repository.updateRun(db, runId, { status: 'running', progress: 0, startedAt: new Date() }),
      );
      try {
        const now = Date.now();
        const settings = await settingsOf(db);
        const { grid, model, origin, estimate, rules } = await yardModel(db, now, settings);
        const queued = (
          await repository.queued(db, {
            includePlanned: false,
            ...(run.containerNumbers ? { numbers: run.containerNumbers } : {}),
            limit: QUEUED_LIMIT,
          })
        ).sort(
          (a, b) =>
            (a.expectedAt?.getTime() ?? now) - (b.expectedAt?.getTime() ?? now) ||
            a.containerNumber.localeCompare(b.containerNumber),
        );
        const found = new Set(queued.map((row) => row.containerNumber));
        const unplaced = (run.containerNumbers ?? [])
          .filter((number) => !found.has(number))
          .map((containerNumber) => ({ containerNumber, reason: messages.planContainerNotQueued(containerNumber) }));
        const sizeParamName = rules.sizeParam?.name;
        const arrivals: EngineBox[] = queued.map((row) => {
          const group = groupOf(row);
          return {
            id: row.containerNumber,
            size: sizeClass(row.lengthFeet),
            // Expected at its pre-advice's window (now, when that has begun or passed).
            ...departureEstimate(estimate(row), Math.max(now, row.expectedAt?.getTime() ?? now)),
            ...(group ? { group } : {}),
            ...(sizeParamName ? { values: { [sizeParamName]: row.size } } : {}),
          };
        });
        // The run's own stacks: it adds each batch's boxes to them, and a model's stacks are shared
        // with later models (yard-model.ts).
        const ownStacks = model.stacks.map((stack) => ({ ...stack, boxes: [...stack.boxes] }));
        const stacks = new Map(ownStacks.map((stack) => [stack.key, stack]));
        const placements: EnginePlacement[] = [];
        let told = Date.now();
        for (let start = 0; start < arrivals.length; start += ENGINE_BATCH) {
          const batch = arrivals.slice(start, start + ENGINE_BATCH);
          const result = planPlacements(ownStacks, batch, engineOptions(now, origin, estimate.depot));
          const byId = new Map(batch.map((box) => [box.id, box]));
          for (const placement of result.placements) {
            const stack = stacks.get(placement.stackKey);
            const names = slotName(grid, model, placement.stackKey, placement.tier);
            if (!stack || !names) continue;
            // The next batch sees this one's boxes where they were put.
            stack.boxes.push(byId.get(placement.boxId)!);
            placements.push({
              containerNumber: placement.boxId,
              slotFullName: names.location,
              expectedRehandles: placement.expectedRehandles,
              slotReason: placement.reason,
            });
          }
          for (const entry of result.unplaced) unplaced.push({ containerNumber: entry.boxId, reason: entry.reason });
          const progress = Math.min(0.99, (start + batch.length) / arrivals.length);
          if (Date.now() - told >= PROGRESS_EVERY_MS) {
            told = Date.now();
            await runChanged(await repository.updateRun(db, runId, { progress }));
          }
        }
        let planId: number | null = null;
        if (run.apply && placements.length) {
          const name = await engineName(db, run.planName);
          planId = await inventory.change(
            async (tx, events) => {
              const plan = await repository.insertPlan(tx, {
                name,
                source: 'engine',
                searchedContainers: run.containerNumbers ?? [],
                createdBy: run.requestedBy,
              });
              await assign(
                tx,
                events,
                plan.id,
                placements.map((placement) => ({
                  containerNumber: placement.containerNumber,
                  slotFullName: placement.slotFullName,
                  slotReason: placement.slotReason,
                  expectedRehandles: placement.expectedRehandles,
                })),
                { username: run.requestedBy, source: 'planning' },
              );
              return plan.id;
            },
            { answers: nameAnswers(name) },
          );
        }
        await runChanged(
          await repository.updateRun(db, runId, {
            status: 'done',
            progress: 1,
            placements,
            unplaced,
            planId,
            error: null,
            finishedAt: new Date(),
          }),
        );
      } catch (error) {
        // A refusal (a slot taken while the engine ran, a name taken) ends the run with its reason;
        // the planner runs it again. Anything else is the server's fault: logged by the job too.
        await runChanged(
          await repository.updateRun(db, runId, {
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
            finishedAt: new Date(),
          }),
        );
        if (!(error instanceof AppError)) throw error;
      }
    },

    // POST planning-engine/dispatch: the dig-out of these containers from the yard as it stands —
    // per area and size (a box is relocated among stacks of its own size, under its area's height),
    // the fewest relocations the engine finds, as steps with the slots' names.
    async dispatch(body: DigOutBody): Promise<DigOutPlan> {
      const numbers = [...new Set(body.containerNumbers.map(normalizeContainerNumber))];
      const now = Date.now();
      const { grid, model } = await yardModel(db, now, await settingsOf(db));
      const inYard = new Set(await repository.inYard(db, numbers));
      const targets = numbers.filter((number) => inYard.has(number) && model.standingOf(number) !== null);
      const notInYard = numbers.filter((number) => !targets.includes(number));
      const stacksByKey = new Map(model.stacks.map((stack) => [stack.key, stack]));
      const groups = new Map<string, string[]>();
      for (const number of targets) {
        const stack = stacksByKey.get(model.standingOf(number)!.stackKey)!;
        const key = `${stack.area}|${stack.size}`;
        groups.set(key, [...(groups.get(key) ?? []), number]);
      }
      const steps: DigOutStep[] = [];
      let relocations = 0;
      for (const [key, members] of groups) {
        const [area, size] = key.split('|');
        const wanted = new Set(members);
        const stacks = model.stacks.filter((stack) => stack.area === area && String(stack.size) === size);
        const instance: DigOutInstance = {
          stacks: stacks.map((stack) => ({
            key: stack.key,
            boxes: stack.boxes.map((box) => ({ id: box.id, priority: wanted.has(box.id) ? 1 : Infinity })),
          })),
          maxHeight: stacks[0]?.maxHeight ?? 1,
        };
        const result = digOut(instance, { timeLimitMs: DIG_OUT_TIME_LIMIT_MS });
        relocations += result.relocations;
        // The slots named as the stacks stand at each step.
        const heights = new Map(instance.stacks.map((stack) => [stack.key, stack.boxes.length]));
        const nameAt = (stackKey: string, tier: number) =>
          slotName(grid, model, stackKey, tier)?.location ?? `${stackKey}:${tier}`;
        for (const move of result.moves) {
          const fromHeight = heights.get(move.from) ?? 0;
          const from = nameAt(move.from, fromHeight);
          heights.set(move.from, fromHeight - 1);
          let to: string | null = null;
          if (move.kind === 'relocate' && move.to !== null) {
            const toHeight = (heights.get(move.to) ?? 0) + 1;
            heights.set(move.to, toHeight);
            to = nameAt(move.to, toHeight);
          }
          steps.push({ kind: move.kind, containerNumber: move.boxId, from, to });
        }
      }
      return { steps, relocations, notInYard };
    },
  };
}

export type PlanningService = ReturnType<typeof createPlanningService>;
