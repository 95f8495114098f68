import {
  columnLabel,
  formatSlotName,
  heightName,
  messages,
  parseSlotName,
  tierOfHeightName,
} from '@openyard/contracts';
import { badRequest } from '../../errors';
import type { yardAreas, yardColumns, yardRows } from './yard.table';

export interface SlotOptions {
  slotFormat: string;
  startHeight: number;
  portStyleColumnNumbers: boolean;
}

type AreaRow = typeof yardAreas.$inferSelect;
type RowRow = typeof yardRows.$inferSelect;
type ColumnRow = typeof yardColumns.$inferSelect;

export interface Position {
  areaId: number;
  rowIndex: number;
  columnIndex: number;
  tier: number;
}

export interface SlotNames {
  location: string;
  fullName: string;
  area: string;
  row: string;
  column: string;
  stackIndex: string;
}

export interface GridArea {
  area: AreaRow;
  rowsByIndex: Map<number, RowRow>;
  rowsByName: Map<string, RowRow>;
  columnsByIndex: Map<number, ColumnRow>;
  columnsByLabel: Map<string, ColumnRow>;
}

// The layout indexed for naming and resolving slots; built once per request from three small tables.
export interface Grid {
  areasById: Map<number, GridArea>;
  areasByName: Map<string, GridArea>;
}

export function createSlotNamer(options: SlotOptions) {
  const label = (column: ColumnRow) => columnLabel(column.name, options.portStyleColumnNumbers);

  function grid(areas: AreaRow[], rows: RowRow[], columns: ColumnRow[]): Grid {
    const areasById = new Map<number, GridArea>();
    const areasByName = new Map<string, GridArea>();
    for (const area of areas) {
      const entry: GridArea = {
        area,
        rowsByIndex: new Map(),
        rowsByName: new Map(),
        columnsByIndex: new Map(),
        columnsByLabel: new Map(),
      };
      areasById.set(area.id, entry);
      areasByName.set(area.name.toUpperCase(), entry);
    }
    for (const row of rows) {
      const entry = areasById.get(row.areaId);
      entry?.rowsByIndex.set(row.index, row);
      entry?.rowsByName.set(row.name.toUpperCase(), row);
    }
    for (const column of columns) {
      const entry = areasById.get(column.areaId);
      entry?.columnsByIndex.set(column.index, column);
      entry?.columnsByLabel.set(label(column).toUpperCase(), column);
      // A port-style yard also understands the plain column number.
      if (options.portStyleColumnNumbers) entry?.columnsByLabel.set(column.name.toUpperCase(), column);
    }
    return { areasById, areasByName };
  }

  function names(layout: Grid, position: Position): SlotNames {
    const area = layout.areasById.get(position.areaId);
    const areaName = area?.area.name ?? String(position.areaId);
    const row = area?.rowsByIndex.get(position.rowIndex)?.name ?? String(position.rowIndex);
    const columnRow = area?.columnsByIndex.get(position.columnIndex);
    const column = columnRow ? label(columnRow) : String(position.columnIndex);
    const stackIndex = heightName(position.tier, options.startHeight);
    return {
      location: formatSlotName({ area: areaName, row, column, height: stackIndex }, options.slotFormat),
      fullName: formatSlotName({ area: areaName, row, column }, options.slotFormat),
      area: areaName,
      row,
      column,
      stackIndex,
    };
  }

  // A slot name to a position of the layout; a missing height is the start height (spec 1 §5).
  function resolve(layout: Grid, text: string): Position & { area: GridArea } {
    const parts = parseSlotName(text, options.slotFormat);
    if (!parts) throw badRequest(messages.slotNameInvalid(text));
    const area = layout.areasByName.get(parts.area.toUpperCase());
    const row = area?.rowsByName.get(parts.row.toUpperCase());
    const column = area?.columnsByLabel.get(parts.column.toUpperCase());
    const tier = tierOfHeightName(parts.height ?? String(options.startHeight), options.startHeight);
    if (!area || !row || !column || tier === null) throw badRequest(messages.slotUnknown(text));
    const position = { areaId: area.area.id, rowIndex: row.index, columnIndex: column.index, tier };
    if (tier > area.area.maxHeight)
      throw badRequest(messages.slotAboveHeight(names(layout, position).location, area.area.maxHeight));
    return { ...position, area };
  }

  return { grid, names, resolve, label, options };
}

export type SlotNamer = ReturnType<typeof createSlotNamer>;
