import { formatSlotName } from '@openyard/contracts';
import type { AreaGeometry } from './yardGeometry';

// The slot name (area_row_column_height in the configured format) of a place on the grid.
export function slotName(
  area: AreaGeometry,
  rowIndex: number,
  columnIndex: number,
  tier: number,
  slotFormat: string,
): string | null {
  const row = area.rowOrdinal.get(rowIndex);
  const column = area.columnOrdinal.get(columnIndex);
  const height = area.heightNames[tier - 1];
  if (row === undefined || column === undefined || height === undefined) return null;
  return formatSlotName(
    { area: area.name, row: area.rowNames[row]!, column: area.columnNames[column]!, height },
    slotFormat,
  );
}
