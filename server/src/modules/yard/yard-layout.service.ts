import { formatSlotName, heightNames, type AreaLayout, type YardLayout } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { createSlotNamer, type SlotOptions } from './slot-namer';
import { yardRepository } from './yard.repository';

export type LayoutOptions = SlotOptions;

export function createYardLayoutService(db: Database, options: LayoutOptions) {
  const namer = createSlotNamer(options);
  return {
    async layout(): Promise<YardLayout> {
      const { areas, rows, columns, cells } = await yardRepository.layout(db);
      const cellsByRow = new Map<number, typeof cells>();
      for (const cell of cells) {
        const rowCells = cellsByRow.get(cell.rowId);
        if (rowCells) rowCells.push(cell);
        else cellsByRow.set(cell.rowId, [cell]);
      }
      const columnsById = new Map(columns.map((column) => [column.id, column]));
      const areaLayouts = areas.map((area): AreaLayout => {
        const areaColumns = columns.filter((column) => column.areaId === area.id);
        const areaRows = rows.filter((row) => row.areaId === area.id);
        const corners =
          area.lat1 !== null &&
          area.long1 !== null &&
          area.lat2 !== null &&
          area.long2 !== null &&
          area.lat3 !== null &&
          area.long3 !== null &&
          area.lat4 !== null &&
          area.long4 !== null
            ? [
                { latitude: area.lat1, longitude: area.long1 },
                { latitude: area.lat2, longitude: area.long2 },
                { latitude: area.lat3, longitude: area.long3 },
                { latitude: area.lat4, longitude: area.long4 },
              ]
            : null;
        return {
          areaId: area.id,
          name: area.name,
          maxHeight: area.maxHeight,
          totalSlots: areaRows.length * areaColumns.length * area.maxHeight,
          heightNames: heightNames(area.maxHeight, options.startHeight),
          cellNames: areaColumns.map((column) => ({
            name: namer.label(column),
            index: column.index,
            merged: column.merged,
          })),
          rowLayouts: areaRows.map((row) => ({
            id: row.id,
            name: row.name,
            index: row.index,
            cellLayouts: (cellsByRow.get(row.id) ?? [])
              .map((cell) => ({ cell, column: columnsById.get(cell.columnId)! }))
              .sort((a, b) => a.column.index - b.column.index)
              // Names follow the column labels and the slot format, as slot names do.
              .map(({ cell, column }) => ({
                id: cell.id,
                name: namer.label(column),
                fullName: formatSlotName(
                  { area: area.name, row: row.name, column: namer.label(column) },
                  options.slotFormat,
                ),
                columnIndex: column.index,
              })),
          })),
          corners,
        };
      });
      return {
        slotFormat: options.slotFormat,
        startHeight: options.startHeight,
        portStyleColumnNumbers: options.portStyleColumnNumbers,
        areaLayouts,
      };
    },
  };
}

export type YardLayoutService = ReturnType<typeof createYardLayoutService>;
