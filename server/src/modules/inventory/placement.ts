import {
  messages,
  normalizeContainerNumber,
  pairStart,
  sameSlot,
  slotSpan,
  type InventoryContainer,
  type MovementSource,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest, conflict, notFound } from '../../errors';
import { slotNamesOf, toInventoryContainer } from './container-views';
import { containersRepository, type PositionRow } from './containers.repository';
import type { NewEvent } from '../outbox';
import type { Grid, Position, SlotNamer } from '../yard';
import { yardRepository } from '../yard';

// Who or what moved a container: a user (manual), a gate transaction, a machine, an import.
export interface Actor {
  username: string | null;
  source: MovementSource;
  device?: string | null;
}

export interface MoveRequest {
  containerId: number;
  // When given, it must be the container's number (the id and the number were read together).
  number?: string;
  // When given (null: not in the yard), the container must still be there: else someone else
  // moved it meanwhile and this request loses.
  previousLocation?: string | null;
  // A slot name, or null to take the container out of the yard.
  newLocation: string | null;
}

export interface Moved {
  containerId: number;
  previousLocation: string | null;
  previousArea: string | null;
}

const stackKey = (position: { areaId: number; rowIndex: number; columnIndex: number }) =>
  `${position.areaId}:${position.rowIndex}:${position.columnIndex}`;

// The slot grid of each namer, kept until the layout version moves on: a lookup or a move reads one
// number instead of the three layout tables, and does not index them again.
const grids = new WeakMap<SlotNamer, { layoutVersion: number; grid: Grid }>();

// The layout as the given transaction (or connection) sees it. The version is read first: a layout
// committed between that read and the table reads is newer than its key, and no later reader
// sees that key again. A grid read inside a layout change that rolls back has a key (from the
// sequence) that no committed layout will ever have.
export async function loadGrid(db: Database, namer: SlotNamer): Promise<Grid> {
  return loadGridAt(db, namer, await containersRepository.layoutVersion(db));
}

// The same when the layout version is known already (read with the container it names).
export async function loadGridAt(db: Database, namer: SlotNamer, layoutVersion: number): Promise<Grid> {
  const cached = grids.get(namer);
  if (cached && cached.layoutVersion === layoutVersion) return cached.grid;
  const { areas, rows, columns } = await yardRepository.grid(db);
  const grid = namer.grid(areas, rows, columns);
  grids.set(namer, { layoutVersion, grid });
  return grid;
}

// Moves containers in one transaction the caller opened (after containersRepository.lockInventory):
// checks every request against the yard as it will be after all of them (slots vacated by one move
// are free for another), then writes positions, movements and the containers' last move. Any
// invalid request refuses all of them with the first reason found. Unchanged requests are skipped.
export async function applyMoves(
  tx: Database,
  namer: SlotNamer,
  requests: MoveRequest[],
  actor: Actor,
): Promise<{ moved: Moved[]; grid: Grid }> {
  const ids = [...new Set(requests.map((request) => request.containerId))];
  if (ids.length !== requests.length) {
    const twice = requests.find(
      (request, index) => requests.findIndex((r) => r.containerId === request.containerId) !== index,
    )!;
    throw badRequest(`Container ${twice.number ?? twice.containerId} appears more than once`);
  }
  // Sent together on the transaction's connection (one round trip), run in this order.
  const [grid, , detailRows, standingRows, positionRows] = await Promise.all([
    loadGrid(tx, namer),
    containersRepository.lockContainers(tx, ids),
    containersRepository.byIds(tx, ids),
    containersRepository.standing(tx, ids),
    containersRepository.positionsOf(tx, ids),
  ]);
  const details = new Map(detailRows.map((row) => [row.container.id, row]));
  const standing = new Map(standingRows.map((row) => [row.containerId, row]));
  const slotOptions = { slotFormat: namer.options.slotFormat, startHeight: namer.options.startHeight };

  interface Change {
    containerId: number;
    number: string;
    span: 1 | 2;
    from: Position | null;
    fromLocation: string | null;
    fromArea: string | null;
    to: Position | null;
    toLocation: string | null;
  }
  const changes: Change[] = [];
  for (const request of requests) {
    const row = details.get(request.containerId);
    // A voided container is history (containersService.delete): it is not moved again.
    if (!row || row.container.voidedAt)
      throw notFound(messages.containerNotFound(request.number ?? String(request.containerId)));
    const number = row.container.containerNumber;
    if (request.number !== undefined && normalizeContainerNumber(request.number) !== number)
      throw badRequest(messages.containerIdNumberMismatch(request.containerId, request.number));
    if (row.container.dispatchedAt && request.newLocation !== null)
      throw conflict(messages.containerDispatched(number));
    const current = standing.get(request.containerId);
    const currentNames = slotNamesOf(namer, grid, current);
    if (request.previousLocation !== undefined) {
      const expected = request.previousLocation?.trim() || null;
      const same =
        expected === null || currentNames === null
          ? expected === currentNames
          : sameSlot(expected, currentNames.location, slotOptions);
      if (!same) throw conflict(messages.containerMovedMeanwhile(number, currentNames?.location ?? 'not in the yard'));
    }
    const target = request.newLocation === null ? null : namer.resolve(grid, request.newLocation);
    const span = slotSpan(row.lengthFeet);
    if (target && span === 2) {
      const columns = [...target.area.columnsByIndex.values()];
      if (pairStart(columns, target.columnIndex) !== target.columnIndex)
        throw badRequest(messages.fortyFootNeedsPair(number, namer.names(grid, target).location));
    }
    const to = target
      ? { areaId: target.areaId, rowIndex: target.rowIndex, columnIndex: target.columnIndex, tier: target.tier }
      : null;
    const unchanged =
      (to === null && current === undefined) ||
      (to !== null &&
        current !== undefined &&
        to.areaId === current.areaId &&
        to.rowIndex === current.rowIndex &&
        to.columnIndex === current.columnIndex &&
        to.tier === current.tier);
    if (unchanged) continue;
    changes.push({
      containerId: row.container.id,
      number,
      span,
      from: current ?? null,
      fromLocation: currentNames?.location ?? null,
      fromArea: currentNames?.area ?? null,
      to,
      toLocation: to ? namer.names(grid, to).location : null,
    });
  }
  if (!changes.length) throw badRequest(messages.nothingToUpdate);

  // The stacks involved, as they are now, then as they will be.
  const moving = new Set(changes.map((change) => change.containerId));
  const currentPositions = positionRows.filter((position) => moving.has(position.containerId));
  const targetsOf = (change: Change): PositionRow[] =>
    change.to
      ? Array.from({ length: change.span }, (_, offset) => ({
          ...change.to!,
          columnIndex: change.to!.columnIndex + offset,
          containerId: change.containerId,
        }))
      : [];
  const newPositions = changes.flatMap(targetsOf);
  const stackList = new Map<string, { areaId: number; rowIndex: number; columnIndex: number }>();
  for (const position of [...currentPositions, ...newPositions]) stackList.set(stackKey(position), position);
  const stacks = new Map<string, Map<number, number>>();
  for (const key of stackList.keys()) stacks.set(key, new Map());
  // A plan's reservations stand in their slots like boxes (issue 19); the one refused says so.
  const reserved = new Set<number>();
  for (const position of await containersRepository.stacks(tx, [...stackList.values()])) {
    if (moving.has(position.containerId)) continue;
    stacks.get(stackKey(position))!.set(position.tier, position.containerId);
    if (position.planned) reserved.add(position.containerId);
  }
  const vacatedBy = new Map<string, Change>();
  for (const position of currentPositions) {
    vacatedBy.set(
      `${stackKey(position)}:${position.tier}`,
      changes.find((c) => c.containerId === position.containerId)!,
    );
  }
  const placedBy = new Map<string, Change>();
  for (const change of changes) {
    for (const position of targetsOf(change)) {
      const stack = stacks.get(stackKey(position))!;
      const occupant = stack.get(position.tier);
      if (occupant !== undefined) {
        const location = namer.names(grid, position).location;
        throw conflict(
          moving.has(occupant)
            ? messages.slotTakenTwice(change.toLocation!)
            : reserved.has(occupant)
              ? messages.slotReserved(location)
              : messages.slotTaken(location),
        );
      }
      stack.set(position.tier, change.containerId);
      placedBy.set(`${stackKey(position)}:${position.tier}`, change);
    }
  }
  for (const [key, stack] of stacks) {
    const top = Math.max(0, ...stack.keys());
    for (let tier = 1; tier < top; tier += 1) {
      if (stack.has(tier)) continue;
      const vacating = vacatedBy.get(`${key}:${tier}`);
      if (vacating) throw conflict(messages.slotLeavesHole(vacating.number, vacating.fromLocation!));
      const above = [...stack.keys()].filter((t) => t > tier).sort((a, b) => a - b)[0]!;
      const placed = placedBy.get(`${key}:${above}`);
      const [areaId, rowIndex, columnIndex] = key.split(':').map(Number) as [number, number, number];
      throw badRequest(
        messages.slotHole(
          placed?.toLocation ?? namer.names(grid, { areaId, rowIndex, columnIndex, tier: above }).location,
        ),
      );
    }
  }

  // The old positions go first (a container may move within its own stack); the rest is sent
  // together. The deferred triggers check the stacks and the history at commit.
  await containersRepository.deletePositions(tx, [...moving]);
  await Promise.all([
    containersRepository.insertPositions(tx, newPositions),
    containersRepository.insertMovements(
      tx,
      changes.map((change) => ({
        containerId: change.containerId,
        containerNumber: change.number,
        fromLocation: change.fromLocation,
        toLocation: change.toLocation,
        toAreaId: change.to?.areaId ?? null,
        toRowIndex: change.to?.rowIndex ?? null,
        toColumnIndex: change.to?.columnIndex ?? null,
        toTier: change.to?.tier ?? null,
        source: actor.source,
        movedBy: actor.username,
        device: actor.device ?? null,
      })),
    ),
    containersRepository.markMoved(tx, [...moving], actor.username ?? actor.device ?? null),
  ]);
  return {
    moved: changes.map((change) => ({
      containerId: change.containerId,
      previousLocation: change.fromLocation,
      previousArea: change.fromArea,
    })),
    grid,
  };
}

// The inventory views of containers as they are inside the transaction.
export async function inventoryViews(tx: Database, namer: SlotNamer, grid: Grid, ids: number[]) {
  const [rows, standing] = await Promise.all([
    containersRepository.byIds(tx, ids),
    containersRepository.standing(tx, ids),
  ]);
  const standingById = new Map(standing.map((row) => [row.containerId, row]));
  const views = new Map<number, InventoryContainer>();
  for (const row of rows) {
    const where = standingById.get(row.container.id);
    views.set(row.container.id, toInventoryContainer(row, where, slotNamesOf(namer, grid, where)));
  }
  return ids.map((id) => views.get(id)).filter((view): view is InventoryContainer => view !== undefined);
}

// One `container.moved` per container (the projection puts it on the yard topic and the topics of the
// areas it left and entered).
export function slotEvents(
  views: InventoryContainer[],
  previous: Map<number, { previousLocation: string | null; previousArea: string | null }>,
  actor: Actor,
  version: number,
): NewEvent[] {
  return views.map((container) => {
    const before = previous.get(container.containerId) ?? {
      previousLocation: container.location,
      previousArea: container.area,
    };
    const data = {
      container,
      previousLocation: before.previousLocation,
      previousArea: before.previousArea,
      source: actor.source,
      movedBy: actor.username ?? actor.device ?? null,
      version,
    };
    return { type: 'container.moved', data } satisfies NewEvent;
  });
}
