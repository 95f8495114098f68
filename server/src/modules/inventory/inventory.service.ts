import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { gzip } from 'node:zlib';
import {
  containerSearch,
  igmItemKey,
  messages,
  occupancy,
  sizeClass,
  slotAtGeoPosition,
  slotGeoPosition,
  tierOfHeightName,
  slotSpan,
  type AreaOccupancy,
  type ContainerLocation,
  type PublicContainerLocation,
  type YardMapMedium,
  type InventoryContainer,
  type InventoryGrid,
  type InventorySnapshot,
  type LocationUpdateItem,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { createBatcher } from '../../lib/batcher';
import { AppError, badRequest, notFound } from '../../errors';
import type { Principal } from '../auth';
import { slotNamesOf, toInventoryContainer } from './container-views';
import { containersRepository, type NewContainerRow } from './containers.repository';
import { commitWithEvents, type AfterCommit, type NewEvent } from '../outbox';
import { combineAnswers, databaseError, yardChangeAnswers, type DatabaseAnswers } from '../../lib/database-errors';
import type { InventoryVersion } from './inventory-version';
import { createSlotNamer, type Grid, type SlotOptions } from '../yard';
import { yardRepository } from '../yard';
import {
  applyMoves,
  inventoryViews,
  loadGrid,
  loadGridAt,
  slotEvents,
  type Actor,
  type MoveRequest,
} from './placement';

// A delta answer reaches this far behind lastUpdated: a transaction that began before the last
// snapshot but committed after it has movement times earlier than that snapshot.
const DELTA_MARGIN_MS = 10_000;
// Moves written together in one transaction at most (group commit, below).
const MOVE_COMMIT_SET = 32;

type InYardRow = Awaited<ReturnType<typeof containersRepository.inYard>>[number];

const gzipAsync = promisify(gzip);

// One serialised grid snapshot: the JSON, the same gzipped (browsers always accept it), its ETag.
export interface GridBody {
  version: number;
  etag: string;
  json: Buffer;
  gzipped: Buffer;
}

// The grid snapshot as one array per field (see InventoryGrid in contracts).
function toGrid(version: number, lastUpdated: number, rows: InYardRow[]): InventoryGrid {
  const liners: InventoryGrid['liners'] = [];
  const linerIndex = new Map<string, number>();
  const igmItems: string[] = [];
  const igmItemIndex = new Map<string, number>();
  const grid: InventoryGrid = {
    version,
    lastUpdated,
    liners,
    igmItems,
    containerIds: [],
    numbers: [],
    areaIds: [],
    rowIndexes: [],
    columnIndexes: [],
    tiers: [],
    sizes: [],
    linerIndexes: [],
    igmItemIndexes: [],
    planned: [],
  };
  for (const row of rows) {
    let liner = -1;
    if (row.linerName !== null) {
      liner = linerIndex.get(row.linerName) ?? -1;
      if (liner < 0) {
        liner = liners.push({ name: row.linerName, color: row.linerColor }) - 1;
        linerIndex.set(row.linerName, liner);
      }
    }
    const key = igmItemKey(row.container.igm, row.container.item);
    let igmItem = -1;
    if (key !== null) {
      igmItem = igmItemIndex.get(key) ?? -1;
      if (igmItem < 0) {
        igmItem = igmItems.push(key) - 1;
        igmItemIndex.set(key, igmItem);
      }
    }
    grid.containerIds.push(row.container.id);
    grid.numbers.push(row.container.containerNumber);
    grid.areaIds.push(row.areaId);
    grid.rowIndexes.push(row.rowIndex);
    grid.columnIndexes.push(row.columnIndex);
    grid.tiers.push(row.tier);
    grid.sizes.push(sizeClass(row.lengthFeet));
    grid.linerIndexes.push(liner);
    grid.igmItemIndexes.push(igmItem);
    grid.planned.push(row.container.planned ? 1 : 0);
  }
  return grid;
}

export function createInventoryService(
  db: Database,
  deps: {
    slots: SlotOptions;
    afterCommit: AfterCommit;
    version: InventoryVersion;
    // The yard's lock, timed (openyard_inventory_lock_*): how long a writer waited for it, and how
    // long a change() held it, from taking it to its commit (or rollback).
    lockTimed?: (phase: 'wait' | 'held', seconds: number) => void;
  },
) {
  const namer = createSlotNamer(deps.slots);
  // The current inventory version: from memory while it is known (InventoryVersion), else read.
  const currentVersion = async () =>
    deps.version.known ?? deps.version.read(async () => (await containersRepository.version(db)).version);
  // The full snapshot, serialised once per inventory version (the wall display and every open
  // inventory screen load it; it only changes when the yard does).
  const cache = new Map<boolean, { version: number; body: string }>();
  const building = new Map<boolean, Promise<string>>();
  // The grid snapshot likewise, serialised and gzipped once per inventory version.
  const gridCache = new Map<boolean, GridBody>();
  const gridBuilding = new Map<boolean, Promise<GridBody>>();

  // The yard's lock: every writer of the yard takes it first (change() for its own transactions).
  // Returns when it was taken (performance.now()).
  async function lockInventory(tx: Database) {
    const asked = performance.now();
    await containersRepository.lockInventory(tx);
    const taken = performance.now();
    deps.lockTimed?.('wait', (taken - asked) / 1000);
    return taken;
  }

  // One transaction per change, taking the inventory lock first; events go to the outbox in it.
  // `answers` go before the yard's own (a gate names its constraints in its own words).
  async function change<T>(
    work: (tx: Database, events: NewEvent[]) => Promise<T>,
    context: { number?: string; answers?: DatabaseAnswers } = {},
  ) {
    let taken: number | null = null;
    try {
      return await commitWithEvents(db, deps.afterCommit, async (tx, events) => {
        taken = await lockInventory(tx);
        return work(tx, events);
      });
    } catch (error) {
      throw databaseError(error, combineAnswers(context.answers ?? {}, yardChangeAnswers(context)));
    } finally {
      if (taken !== null) deps.lockTimed?.('held', (performance.now() - taken) / 1000);
    }
  }

  // Group commit of moves (issue 18: the wall at 25 moves a second). A change holds the yard's lock
  // from its first statement to its commit, and most of that time the database waits for this
  // process to send the next statement; at a busy yard the moves queue behind each other's round
  // trips. Moves that arrive while a set of them is written go together in the next transaction,
  // each in a savepoint of its own: each sees the ones before it as if they had committed, and a
  // refused one rolls back alone, with its own words, while the others commit. The set takes the
  // lock, writes the outbox and commits once. A set that fails as a whole is retried one move at a
  // time (createBatcher).
  type GroupedMove = {
    requests: MoveRequest[];
    actor: Actor;
    views?: InventoryContainer[];
    failure?: { error: unknown };
  };
  const moves = createBatcher<GroupedMove>({
    maxItems: MOVE_COMMIT_SET,
    maxWaitMs: 0,
    flush: (items) =>
      change(async (tx, events) => {
        // A move alone needs no savepoint: a refusal rolls its own transaction back.
        if (items.length === 1) {
          const [item] = items;
          item!.views = await moveWithin(tx, events, item!.requests, item!.actor);
          return;
        }
        for (const item of items) {
          const own: NewEvent[] = [];
          try {
            item.views = await tx.transaction(async (savepoint) => {
              const views = await moveWithin(savepoint, own, item.requests, item.actor);
              // The yard's checks deferred to the commit (migration 0003) run at the end of each move
              // of a set, so a move that breaks one rolls back alone.
              await savepoint.execute(sql`set constraints all immediate`);
              await savepoint.execute(sql`set constraints all deferred`);
              return views;
            });
            delete item.failure;
            events.push(...own);
          } catch (error) {
            item.failure = { error: databaseError(error, yardChangeAnswers()) };
          }
        }
      }),
  });

  // The containers' views as they now are, and their container.moved events (where each was before:
  // `previous`, else where it is).
  async function announce(
    tx: Database,
    events: NewEvent[],
    ids: number[],
    previous: Map<number, { previousLocation: string | null; previousArea: string | null }>,
    actor: Actor,
  ) {
    const grid = await loadGrid(tx, namer);
    const [views, { version }] = await Promise.all([
      inventoryViews(tx, namer, grid, ids),
      containersRepository.version(tx),
    ]);
    events.push(...slotEvents(views, previous, actor, version));
    return views;
  }

  const view = (grid: Grid, row: InYardRow): InventoryContainer => {
    const standing = { areaId: row.areaId, rowIndex: row.rowIndex, columnIndex: row.columnIndex, tier: row.tier };
    return toInventoryContainer(row, standing, namer.names(grid, standing));
  };

  function areaSummaries(grid: Grid, rows: InYardRow[], filled: Map<number, number>): AreaOccupancy[] {
    return [...grid.areasById.values()].map(({ area, rowsByIndex, columnsByIndex }) => {
      const totalSlots = rowsByIndex.size * columnsByIndex.size * area.maxHeight;
      const filledSlots = filled.get(area.id) ?? 0;
      const liners = new Map<string | null, { liner: string | null; linerColor: string | null; count: number }>();
      let containers20 = 0;
      let containers40 = 0;
      for (const row of rows) {
        if (row.areaId !== area.id) continue;
        if (sizeClass(row.lengthFeet) === 40) containers40 += 1;
        else containers20 += 1;
        const entry = liners.get(row.linerName) ?? { liner: row.linerName, linerColor: row.linerColor, count: 0 };
        entry.count += 1;
        liners.set(row.linerName, entry);
      }
      return {
        area: area.name,
        areaId: area.id,
        totalSlots,
        filledSlots,
        occupancy: occupancy(filledSlots, totalSlots),
        containers20,
        containers40,
        byLiner: [...liners.values()].sort((a, b) => b.count - a.count),
      };
    });
  }

  async function buildSnapshot(includePlanned: boolean): Promise<{ version: number; snapshot: InventorySnapshot }> {
    return db.transaction(
      async (tx) => {
        const lastUpdated = Date.now();
        const { version } = await containersRepository.version(tx);
        const [grid, rows, filled] = await Promise.all([
          loadGrid(tx, namer),
          containersRepository.inYard(tx, { includePlanned }),
          containersRepository.occupancy(tx, includePlanned),
        ]);
        return {
          version,
          snapshot: {
            lastUpdated,
            version,
            full: true,
            containers: rows.map((row) => view(grid, row)),
            areas: areaSummaries(grid, rows, new Map(filled.map((entry) => [entry.areaId, entry.filledSlots]))),
          },
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  // One container (by id or number, or by number only) with where it stands and the yard's grid to
  // name its slot.
  async function lookUp(key: string, by: 'key' | 'number' = 'key') {
    const found = await containersRepository.lookup(db, key, by);
    if (!found) throw notFound(messages.containerNotFound(key));
    return { row: found.row, where: found.standing, grid: await loadGridAt(db, namer, found.layoutVersion) };
  }

  // The same inside the caller's transaction (a machine's drop, with the event that caused it),
  // after lockInventory; a refusal throws as move's does.
  async function moveWithin(tx: Database, events: NewEvent[], requests: MoveRequest[], actor: Actor) {
    const { moved, grid } = await applyMoves(tx, namer, requests, actor);
    const [views, { version }] = await Promise.all([
      inventoryViews(
        tx,
        namer,
        grid,
        moved.map((entry) => entry.containerId),
      ),
      containersRepository.version(tx),
    ]);
    events.push(...slotEvents(views, new Map(moved.map((entry) => [entry.containerId, entry])), actor, version));
    return views;
  }

  return {
    namer,

    // POST updateLocation: all items or none; only changed rows count; 'Nothing to update' when
    // none changed. Returns the moved containers as they now stand.
    async updateLocations(items: LocationUpdateItem[], principal: Principal, source: Actor['source'] = 'manual') {
      if (!items.length) throw badRequest(messages.nothingToUpdate);
      if (items.some((item) => !item.containerId || !item.number.trim() || !item.newLocation.trim()))
        throw badRequest(messages.locationUpdateIncomplete);
      const requests: MoveRequest[] = items.map((item) => ({
        containerId: item.containerId,
        number: item.number,
        ...(item.previousLocation === undefined ? {} : { previousLocation: item.previousLocation }),
        newLocation: item.newLocation,
      }));
      return this.move(requests, { username: principal.username, source });
    },

    // The one way containers move: used by location updates, and by gate and machine processing.
    async move(requests: MoveRequest[], actor: Actor): Promise<InventoryContainer[]> {
      const item: GroupedMove = { requests, actor };
      await moves.submit(item);
      if (item.failure) throw item.failure.error;
      return item.views!;
    },

    moveWithin,

    // The inventory lock every change takes first (change() takes it for its own transactions).
    async lockInventory(tx: Database) {
      await lockInventory(tx);
    },

    // The slot under a point of the yard at a height (a height name as the yard writes it): by the
    // areas' corners and the yard's slot names; null when the point is outside every area.
    async slotAt(tx: Database, point: { latitude: number; longitude: number }, height: number | null) {
      const grid = await loadGrid(tx, namer);
      for (const entry of grid.areasById.values()) {
        const { lat1, long1, lat2, long2, lat3, long3, lat4, long4 } = entry.area;
        if ([lat1, long1, lat2, long2, lat3, long3, lat4, long4].some((value) => value === null)) continue;
        const rows = Math.max(0, ...entry.rowsByIndex.keys());
        const columns = Math.max(0, ...entry.columnsByIndex.keys());
        const cell = slotAtGeoPosition(
          [
            { latitude: lat1!, longitude: long1! },
            { latitude: lat2!, longitude: long2! },
            { latitude: lat3!, longitude: long3! },
            { latitude: lat4!, longitude: long4! },
          ],
          { rows, columns },
          point,
        );
        if (!cell) continue;
        const tier = height === null ? 1 : tierOfHeightName(String(height), deps.slots.startHeight);
        if (tier === null) return null;
        return namer.names(grid, { areaId: entry.area.id, rowIndex: cell.row, columnIndex: cell.column, tier })
          .location;
      }
      return null;
    },

    change,

    // The inventory version (raised by every change of containers or positions, in its transaction),
    // as the given connection or transaction sees it: what caches of the yard's boxes are keyed by.
    version: (database: Database) => containersRepository.version(database),
    // The version as this process knows it (from memory while the notifications are live, else read).
    currentVersion,

    // The active containers (not dispatched or voided) in the yard with these numbers or RFID tags;
    // a plan's reservations are not in the yard (plannedContainers names them).
    activeContainers: (database: Database, numbers: string[], tags: string[]) =>
      containersRepository.activeByNumbersOrTags(database, numbers, tags),

    // The planned containers (a plan's reservations, issue 19) with these numbers.
    plannedContainers: (database: Database, numbers: string[]) =>
      containersRepository.activeByNumbersOrTags(database, numbers, [], true),

    // Planned containers arriving (their gate-in, issue 19), inside the caller's change: each row
    // becomes the container in the yard (planned off, the gate's details written) where it stands —
    // its planned slot — with a movement row ending there from nowhere, as a gate-in placed in a slot
    // has, and a container.moved from nowhere, so the screens without planned slots see it arrive.
    async arrive(
      tx: Database,
      events: NewEvent[],
      arrivals: { containerId: number; values: Partial<NewContainerRow> }[],
      actor: Actor,
    ): Promise<InventoryContainer[]> {
      if (!arrivals.length) return [];
      const ids = arrivals.map((arrival) => arrival.containerId);
      await containersRepository.lockContainers(tx, ids);
      const [grid, standing] = await Promise.all([loadGrid(tx, namer), containersRepository.standing(tx, ids)]);
      for (const arrival of arrivals)
        await containersRepository.update(tx, arrival.containerId, { ...arrival.values, planned: false });
      const numbers = new Map(
        (await containersRepository.byIds(tx, ids)).map((row) => [row.container.id, row.container.containerNumber]),
      );
      await containersRepository.insertMovements(
        tx,
        standing.map((where) => ({
          containerId: where.containerId,
          containerNumber: numbers.get(where.containerId)!,
          fromLocation: null,
          toLocation: namer.names(grid, where).location,
          toAreaId: where.areaId,
          toRowIndex: where.rowIndex,
          toColumnIndex: where.columnIndex,
          toTier: where.tier,
          source: actor.source,
          movedBy: actor.username,
          device: actor.device ?? null,
        })),
      );
      await containersRepository.markMoved(
        tx,
        standing.map((where) => where.containerId),
        actor.username ?? actor.device ?? null,
      );
      return announce(
        tx,
        events,
        ids,
        new Map(ids.map((id) => [id, { previousLocation: null, previousArea: null }])),
        actor,
      );
    },

    // A plan's reservations (issue 19), inside the caller's change: new planned containers placed at
    // their slots, planned ones moved to other slots, released ones taken out and voided (history is
    // never deleted). All are checked together (applyMoves), so a slot one releases is free for
    // another, and a slot taken meanwhile refuses the change (slotReserved when a plan holds it).
    // Returns the new rows' ids, in the order given.
    async reserve(
      tx: Database,
      events: NewEvent[],
      changes: {
        add: { values: NewContainerRow; location: string }[];
        move: { containerId: number; location: string }[];
        release: number[];
      },
      actor: Actor,
    ): Promise<number[]> {
      const added: number[] = [];
      for (const entry of changes.add)
        added.push((await containersRepository.insert(tx, { ...entry.values, planned: true })).id);
      const existing = [...changes.release, ...changes.move.map((entry) => entry.containerId)];
      const grid = await loadGrid(tx, namer);
      const standing = new Map(
        (await containersRepository.standing(tx, existing)).map((row) => [row.containerId, row]),
      );
      const same = (containerId: number, location: string) => {
        const where = standing.get(containerId);
        const target = namer.resolve(grid, location);
        return (
          where !== undefined &&
          where.areaId === target.areaId &&
          where.rowIndex === target.rowIndex &&
          where.columnIndex === target.columnIndex &&
          where.tier === target.tier
        );
      };
      const requests: MoveRequest[] = [
        ...changes.release
          .filter((containerId) => standing.has(containerId))
          .map((containerId) => ({ containerId, newLocation: null })),
        ...changes.move
          .filter((entry) => !same(entry.containerId, entry.location))
          .map((entry) => ({ containerId: entry.containerId, newLocation: entry.location })),
        ...changes.add.map((entry, index) => ({ containerId: added[index]!, newLocation: entry.location })),
      ];
      const moved = requests.length ? (await applyMoves(tx, namer, requests, actor)).moved : [];
      for (const containerId of changes.release)
        await containersRepository.markVoided(tx, containerId, actor.username ?? actor.source);
      const touched = [...new Set([...moved.map((entry) => entry.containerId), ...changes.release])];
      if (touched.length)
        await announce(tx, events, touched, new Map(moved.map((entry) => [entry.containerId, entry])), actor);
      return added;
    },

    // Containers entering the yard (a gate-in), inside the caller's change: inserted, placed at
    // their slot when one is given (applyMoves: a slot taken meanwhile refuses the change), with
    // one container.moved each from nowhere, so the inventory and containers screens see them arrive.
    async admit(
      tx: Database,
      events: NewEvent[],
      entries: { values: NewContainerRow; location: string | null }[],
      actor: Actor,
    ): Promise<InventoryContainer[]> {
      if (!entries.length) return [];
      const ids = (
        await containersRepository.insertMany(
          tx,
          entries.map((entry) => entry.values),
        )
      ).map((row) => row.id);
      const placements = entries.flatMap((entry, index) =>
        entry.location ? [{ containerId: ids[index]!, newLocation: entry.location }] : [],
      );
      if (placements.length) await applyMoves(tx, namer, placements, actor);
      return announce(
        tx,
        events,
        ids,
        new Map(ids.map((id) => [id, { previousLocation: null, previousArea: null }])),
        actor,
      );
    },

    // The planner's figures of the yard's tables taken again after a bulk change (a large batch
    // file): PGlite runs no autovacuum, and until its next analyze PostgreSQL's planner takes the
    // yard for what it was (the seed's): a lookup of a chunk's numbers then read every container
    // in the yard through the in-yard index (13 ms a chunk at 10,000 in the yard, not 0.7).
    refreshStatistics: () => containersRepository.analyze(db),

    // Containers leaving the yard (dispatches), inside the caller's change: out of their slots with
    // a movement row each (applyMoves to nowhere, all together, so the stack and history rules
    // hold), then dispatched, each at its time; their RFID tags are free again (the one-tag index
    // covers active containers only). Where each was, in the order given.
    async release(
      tx: Database,
      events: NewEvent[],
      leaving: readonly { containerId: number; at: Date }[],
      actor: Actor,
    ) {
      if (!leaving.length) return [];
      const ids = leaving.map((entry) => entry.containerId);
      const placed = [...new Set((await containersRepository.positionsOf(tx, ids)).map((row) => row.containerId))];
      const moved = placed.length
        ? (
            await applyMoves(
              tx,
              namer,
              placed.map((containerId) => ({ containerId, newLocation: null })),
              actor,
            )
          ).moved
        : [];
      await containersRepository.dispatchMany(
        tx,
        leaving.map((entry) => ({ id: entry.containerId, at: entry.at })),
      );
      await announce(tx, events, ids, new Map(moved.map((entry) => [entry.containerId, entry])), actor);
      const previous = new Map(moved.map((entry) => [entry.containerId, entry.previousLocation]));
      return ids.map((containerId) => ({ containerId, previousLocation: previous.get(containerId) ?? null }));
    },

    // A container's details changed in place (its RFID tag at a retag), inside the caller's change.
    async updateDetails(
      tx: Database,
      events: NewEvent[],
      containerId: number,
      values: Partial<NewContainerRow>,
      actor: Actor,
    ) {
      await containersRepository.update(tx, containerId, values);
      const [view] = await announce(tx, events, [containerId], new Map(), actor);
      return view!;
    },

    // The full snapshot as JSON text, rebuilt only when the inventory version moved on.
    async snapshotJson(includePlanned: boolean): Promise<string> {
      const version = await currentVersion();
      const cached = cache.get(includePlanned);
      if (cached && cached.version === version) return cached.body;
      const pending = building.get(includePlanned);
      if (pending) return pending;
      const build = buildSnapshot(includePlanned)
        .then(({ version: built, snapshot }) => {
          const body = JSON.stringify(snapshot);
          cache.set(includePlanned, { version: built, body });
          return body;
        })
        .finally(() => building.delete(includePlanned));
      building.set(includePlanned, build);
      return build;
    },

    // The compact grid snapshot, rebuilt only when the inventory version moved on. A client that saw
    // a live message before asking gets at least that version (InventoryVersion says why).
    async gridBody(includePlanned: boolean): Promise<GridBody> {
      const version = await currentVersion();
      const cached = gridCache.get(includePlanned);
      if (cached && cached.version >= version) return cached;
      const pending = gridBuilding.get(includePlanned);
      if (pending) {
        // A build that began before this version was read may predate it: then build again.
        const body = await pending;
        if (body.version >= version) return body;
        return this.gridBody(includePlanned);
      }
      const build = db
        .transaction(
          async (tx) => {
            const lastUpdated = Date.now();
            const { version: current } = await containersRepository.version(tx);
            const rows = await containersRepository.inYard(tx, { includePlanned });
            return toGrid(current, lastUpdated, rows);
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        )
        .then(async (grid) => {
          const json = Buffer.from(JSON.stringify(grid));
          const body: GridBody = {
            version: grid.version,
            etag: `"inventory-${includePlanned ? 'p' : 'a'}-${grid.version}"`,
            json,
            gzipped: await gzipAsync(json),
          };
          const latest = gridCache.get(includePlanned);
          if (!latest || latest.version <= body.version) gridCache.set(includePlanned, body);
          return body;
        })
        .finally(() => gridBuilding.delete(includePlanned));
      gridBuilding.set(includePlanned, build);
      return build;
    },

    // What changed since an earlier snapshot: containers moved, edited or gone from the yard.
    async changesSince(lastUpdated: number, includePlanned: boolean): Promise<InventorySnapshot> {
      return db.transaction(
        async (tx) => {
          const now = Date.now();
          const { version } = await containersRepository.version(tx);
          const ids = await containersRepository.changedSince(tx, new Date(lastUpdated - DELTA_MARGIN_MS));
          const grid = await loadGrid(tx, namer);
          const [inYard, filled, all] = await Promise.all([
            containersRepository.inYard(tx, { includePlanned }),
            containersRepository.occupancy(tx, includePlanned),
            inventoryViews(tx, namer, grid, ids),
          ]);
          return {
            lastUpdated: now,
            version,
            full: false,
            // A planned container the caller does not want is reported as not in the yard.
            containers: all.map((container) =>
              container.planned && !includePlanned
                ? {
                    ...container,
                    location: null,
                    fullName: null,
                    area: null,
                    stackIndex: null,
                    rowIndex: null,
                    columnIndex: null,
                    tier: null,
                  }
                : container,
            ),
            areas: areaSummaries(grid, inYard, new Map(filled.map((entry) => [entry.areaId, entry.filledSlots]))),
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    async yardContainers(includePlanned: boolean) {
      const [grid, rows] = await Promise.all([
        loadGrid(db, namer),
        containersRepository.inYard(db, { includePlanned }),
      ]);
      return rows.map((row) => view(grid, row));
    },

    async areaContainers(areaKey: string, includePlanned: boolean) {
      const area = await yardRepository.areaByKey(db, /^\d+$/.test(areaKey) ? Number(areaKey) : areaKey);
      if (!area) throw notFound(messages.areaNotFound(areaKey));
      const [grid, rows] = await Promise.all([
        loadGrid(db, namer),
        containersRepository.inYard(db, { areaId: area.id, includePlanned }),
      ]);
      return rows.map((row) => view(grid, row));
    },

    // Active containers of an IGM, or of an IGM item written IGM:ITEM; in the yard or not.
    async igmContainers(igmKey: string) {
      const [igm, item] = igmKey.split(':').map((part) => part.trim());
      if (!igm) throw badRequest(messages.igmStatusIncomplete);
      const rows = await containersRepository.byIgm(db, igm, item || undefined, true);
      const grid = await loadGrid(db, namer);
      return inventoryViews(
        db,
        namer,
        grid,
        rows.map((row) => row.container.id),
      );
    },

    // One container as the inventory shows it: its details are read once, its place and the names
    // of its slot alongside.
    async container(key: string): Promise<InventoryContainer> {
      const { row, where, grid } = await lookUp(key);
      return toInventoryContainer(row, where, slotNamesOf(namer, grid, where));
    },

    // Where the searched containers stand, for the yard map of the web, kiosk and mobile pages. The
    // route is public (spec 1 §2): it takes container numbers or an IGM item (spec 2 §5), never the
    // containers' ids, which anyone could count out; an all-digit entry is a number nobody has. The
    // answer names no id either (PublicContainerLocation, issue 21): what was not found is given
    // back as it was asked.
    async yardMap(text: string, medium: YardMapMedium | undefined) {
      const search = containerSearch(text);
      if (search.kind === 'error') throw badRequest(search.error);
      // An IGM item's active containers, by the numbers read for it here.
      const numbers =
        search.kind === 'numbers'
          ? search.numbers
          : (await containersRepository.byIgm(db, search.igm, search.item, true))
              // A plan's reservation (issue 19) is no box in the yard for the public pages.
              .filter((row) => !row.container.planned)
              .map((row) => row.container.containerNumber);
      const found: PublicContainerLocation[] = [];
      const notFound: string[] = [];
      for (const number of numbers) {
        const location = await this.publicLocation(number, 'number');
        if (location) found.push(location);
        else notFound.push(number);
      }
      if (search.kind === 'igm' && !numbers.length) notFound.push(`${search.igm}:${search.item}`);
      return { responsestatus: 'success', medium: medium ?? null, containers: found, notFound };
    },

    // Where a container stands without its id (public pages, issue 21), or null when there is none.
    async publicLocation(key: string, by: 'key' | 'number'): Promise<PublicContainerLocation | null> {
      try {
        const { containerId: _id, ...location } = await this.location(key, by, false);
        return location;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    },

    // Where a container stands. A plan's reservation (issue 19) stands at its planned slot; where only
    // boxes in the yard count (the public yard map, the gate's out-containers) it is not found.
    async location(key: string, by: 'key' | 'number' = 'key', includePlanned = true): Promise<ContainerLocation> {
      const { row, where, grid } = await lookUp(key, by);
      if (row.container.planned && !includePlanned) throw notFound(messages.containerNotFound(key));
      const names = slotNamesOf(namer, grid, where);
      let geo: { latitude: number; longitude: number } | null = null;
      const area = where ? grid.areasById.get(where.areaId) : undefined;
      if (where && area) {
        const { lat1, long1, lat2, long2, lat3, long3, lat4, long4 } = area.area;
        if (
          lat1 !== null &&
          long1 !== null &&
          lat2 !== null &&
          long2 !== null &&
          lat3 !== null &&
          long3 !== null &&
          lat4 !== null &&
          long4 !== null
        ) {
          geo = slotGeoPosition(
            [
              { latitude: lat1, longitude: long1 },
              { latitude: lat2, longitude: long2 },
              { latitude: lat3, longitude: long3 },
              { latitude: lat4, longitude: long4 },
            ],
            { rows: Math.max(0, ...area.rowsByIndex.keys()), columns: Math.max(0, ...area.columnsByIndex.keys()) },
            { row: where.rowIndex, column: where.columnIndex, span: slotSpan(row.lengthFeet) },
          );
        }
      }
      return {
        containerId: row.container.id,
        containerNumber: row.container.containerNumber,
        size: sizeClass(row.lengthFeet),
        location: names?.location ?? null,
        fullName: names?.fullName ?? null,
        area: names?.area ?? null,
        row: names?.row ?? null,
        column: names?.column ?? null,
        stackIndex: names?.stackIndex ?? null,
        latitude: geo?.latitude ?? null,
        longitude: geo?.longitude ?? null,
      };
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
