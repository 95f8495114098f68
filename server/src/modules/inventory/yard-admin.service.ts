import {
  mergeTargetColumns,
  messages,
  pairStart,
  slotSpan,
  splitAreaError,
  splitTargetColumns,
  type BulkLocationModel,
  type GeoPoint,
  type SlotsModel,
  type SplitAreaModel,
  type YardOperationResult,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest, conflict, notFound } from '../../errors';
import type { Principal } from '../auth';
import { containersRepository } from './containers.repository';
import type { InventoryService } from './inventory.service';
import { loadGrid } from './placement';
import type { NewEvent } from '../outbox';
import { yardAdminRepository, yardRepository, type YardAreaRow } from '../yard';

const AREA_NAME = /^[A-Za-z0-9-]{1,60}$/;

type Reason = 'merge-slots' | 'split-slots' | 'split-area' | 'bulk-location';

function layoutEvents(reason: Reason, areas: string[]): NewEvent[] {
  return [{ type: 'yard.layoutChanged', data: { reason, areas } }];
}

function cornersOf(area: YardAreaRow): [GeoPoint, GeoPoint, GeoPoint, GeoPoint] | null {
  const { lat1, long1, lat2, long2, lat3, long3, lat4, long4 } = area;
  if (
    lat1 === null ||
    long1 === null ||
    lat2 === null ||
    long2 === null ||
    lat3 === null ||
    long3 === null ||
    lat4 === null ||
    long4 === null
  )
    return null;
  return [
    { latitude: lat1, longitude: long1 },
    { latitude: lat2, longitude: long2 },
    { latitude: lat3, longitude: long3 },
    { latitude: lat4, longitude: long4 },
  ];
}

// The part of an area's quadrilateral between two fractions of its length (column direction).
function subQuad(corners: [GeoPoint, GeoPoint, GeoPoint, GeoPoint], u0: number, u1: number) {
  const lerp = (a: GeoPoint, b: GeoPoint, t: number) => ({
    latitude: a.latitude + (b.latitude - a.latitude) * t,
    longitude: a.longitude + (b.longitude - a.longitude) * t,
  });
  const [c1, c2, c3, c4] = corners;
  const [p1, p2, p3, p4] = [lerp(c1, c2, u0), lerp(c1, c2, u1), lerp(c4, c3, u1), lerp(c4, c3, u0)];
  return {
    lat1: p1.latitude,
    long1: p1.longitude,
    lat2: p2.latitude,
    long2: p2.longitude,
    lat3: p3.latitude,
    long3: p3.longitude,
    lat4: p4.latitude,
    long4: p4.longitude,
  };
}

// The inventory admin menu (spec 2 §2, §5): split area, merge slots, split slots, bulk locations.
// Each is one transaction under the inventory lock; the database refuses any layout change that
// would strand a container (a 40 ft box on an unpaired slot, a slot outside the layout).
export function createYardAdminService(db: Database, deps: { inventory: InventoryService }) {
  const { inventory } = deps;
  const namer = inventory.namer;

  async function area(tx: Database, key: string | number) {
    const row = await yardRepository.areaByKey(tx, key);
    if (!row) throw notFound(messages.areaNotFound(String(key)));
    return row;
  }

  return {
    async mergeSlots(model: SlotsModel): Promise<YardOperationResult> {
      return inventory.change(async (tx, events) => {
        const target = await area(tx, model.area);
        const columns = await yardRepository.columnsOf(tx, target.id);
        if (!mergeTargetColumns(columns, model.fromCol).includes(model.toCol))
          throw badRequest(messages.mergeSlotsInvalid);
        const starts: number[] = [];
        for (let start = model.fromCol; start < model.toCol; start += 2) starts.push(start);
        await yardAdminRepository.setMerged(tx, target.id, starts, true);
        events.push(...layoutEvents('merge-slots', [target.name]));
        return { responsestatus: 'success', message: messages.yardLayoutUpdated };
      });
    },

    async splitSlots(model: SlotsModel): Promise<YardOperationResult> {
      return inventory.change(async (tx, events) => {
        const target = await area(tx, model.area);
        const columns = await yardRepository.columnsOf(tx, target.id);
        const last = pairStart(columns, model.toCol);
        const runs = splitTargetColumns(columns, model.fromCol);
        if (last === null || !runs.includes(last)) throw badRequest(messages.splitSlotsInvalid);
        const starts = runs.filter((start) => start <= last);
        // A 40 ft box on a pair keeps it merged: the service says so before the database would.
        const grid = await loadGrid(tx, namer);
        const standing = await containersRepository.inYard(tx, { areaId: target.id, includePlanned: true });
        const blocked = standing.filter((row) => slotSpan(row.lengthFeet) === 2 && starts.includes(row.columnIndex));
        if (blocked.length) {
          const labels = [...new Set(blocked.map((row) => namer.names(grid, row).column))].join(', ');
          throw conflict(messages.splitSlotsOccupied(labels));
        }
        await yardAdminRepository.setMerged(tx, target.id, starts, false);
        events.push(...layoutEvents('split-slots', [target.name]));
        return { responsestatus: 'success', message: messages.yardLayoutUpdated };
      });
    },

    // Columns from..to become a new area. Containers on them go along (their slot names change,
    // so each gets a movement row). With adjustFurtherColumns the columns after the part close
    // the gap and are renumbered; without it they keep their numbers and the area keeps a gap.
    async splitArea(model: SplitAreaModel, principal: Principal): Promise<YardOperationResult> {
      const newName = model.newAreaName.trim();
      if (!newName || !model.fromCol || !model.toCol) throw badRequest(messages.splitAreaRequired);
      if (!AREA_NAME.test(newName)) throw badRequest(messages.splitAreaRequired);
      const firstLabel =
        model.startColumnLabel === undefined || model.startColumnLabel === null || model.startColumnLabel === ''
          ? 1
          : Number(model.startColumnLabel);
      if (!Number.isInteger(firstLabel) || firstLabel < 1) throw badRequest(messages.splitAreaColumnsInvalid);
      return inventory.change(async (tx, events) => {
        const source = await area(tx, model.fromArea);
        if (await yardRepository.areaByKey(tx, newName)) throw conflict(messages.areaNameTaken(newName));
        const columns = await yardRepository.columnsOf(tx, source.id);
        const error = splitAreaError(columns, model.fromCol, model.toCol);
        if (error) throw badRequest(error);

        const before = await containersRepository.inYard(tx, { areaId: source.id, includePlanned: true });
        const gridBefore = await loadGrid(tx, namer);
        const lastIndex = Math.max(...columns.map((column) => column.index));
        const corners = cornersOf(source);
        const created = await yardAdminRepository.insertArea(tx, {
          name: newName,
          sortOrder: source.sortOrder,
          maxHeight: source.maxHeight,
          ...(corners ? subQuad(corners, (model.fromCol - 1) / lastIndex, model.toCol / lastIndex) : {}),
        });
        await yardAdminRepository.copyRows(tx, source.id, created.id);
        await yardAdminRepository.moveColumns(tx, {
          fromAreaId: source.id,
          toAreaId: created.id,
          fromCol: model.fromCol,
          toCol: model.toCol,
          firstLabel,
        });
        if (model.adjustFurtherColumns)
          await yardAdminRepository.closeGap(tx, source.id, model.toCol, model.toCol - model.fromCol + 1);
        await yardAdminRepository.syncCells(tx, [created.id, source.id]);

        // Every container whose slot changed gets its movement row (the database checks that the
        // last movement ends where each container stands).
        const gridAfter = await loadGrid(tx, namer);
        const ids = before.map((row) => row.container.id);
        const after = new Map((await containersRepository.standing(tx, ids)).map((row) => [row.containerId, row]));
        const movements = before.flatMap((row) => {
          const now = after.get(row.container.id)!;
          if (now.areaId === row.areaId && now.columnIndex === row.columnIndex) return [];
          return [
            {
              containerId: row.container.id,
              containerNumber: row.container.containerNumber,
              fromLocation: namer.names(gridBefore, row).location,
              toLocation: namer.names(gridAfter, now).location,
              toAreaId: now.areaId,
              toRowIndex: now.rowIndex,
              toColumnIndex: now.columnIndex,
              toTier: now.tier,
              source: 'manual',
              movedBy: principal.username,
              device: null,
            },
          ];
        });
        await containersRepository.insertMovements(tx, movements);
        events.push(...layoutEvents('split-area', [source.name, created.name]));
        return {
          responsestatus: 'success',
          message: messages.yardLayoutUpdated,
          movedContainers: movements.length,
        };
      });
    },

    async bulkLocation(model: BulkLocationModel): Promise<YardOperationResult> {
      return inventory.change(async (tx, events) => {
        const target = await area(tx, model.areaName);
        const points = [
          [model.lat1, model.long1],
          [model.lat2, model.long2],
          [model.lat3, model.long3],
          [model.lat4, model.long4],
        ];
        if (points.some(([latitude, longitude]) => !Number.isFinite(latitude) || !Number.isFinite(longitude)))
          throw badRequest(messages.bulkLocationInvalid);
        // Four distinct corners: a degenerate area cannot place slots on a map.
        if (new Set(points.map((point) => point.join(','))).size < 4) throw badRequest(messages.bulkLocationInvalid);
        const { areaName: _areaName, ...corners } = model;
        await yardAdminRepository.setCorners(tx, target.id, corners);
        events.push(...layoutEvents('bulk-location', [target.name]));
        return {
          responsestatus: 'success',
          message: messages.yardLayoutUpdated,
          corners: points.map(([latitude, longitude]) => ({ latitude: latitude!, longitude: longitude! })),
        };
      });
    },
  };
}

export type YardAdminService = ReturnType<typeof createYardAdminService>;
