import type { AreaLayout, CellLayout, CellName, RowLayout } from '@openyard/contracts';

export interface GridCell extends CellLayout {
  area: string;
  rowName: string;
  rowIndex: number;
  // Place in the drawn grid (0-based), which differs from the indices when rows or columns are missing.
  x: number;
  y: number;
}

export interface AreaGrid {
  area: AreaLayout;
  rows: RowLayout[];
  columns: CellName[];
  // cells[y][x], undefined where the layout has no cell.
  cells: (GridCell | undefined)[][];
  all: GridCell[];
}

// An area of the layout as a rows x columns matrix for drawing and hit-testing.
export function areaGridOf(area: AreaLayout): AreaGrid {
  const rows = [...area.rowLayouts].sort((a, b) => a.index - b.index);
  const columns = [...area.cellNames].sort((a, b) => a.index - b.index);
  const xByColumn = new Map(columns.map((column, x) => [column.index, x]));
  const cells: (GridCell | undefined)[][] = rows.map(() => new Array<GridCell | undefined>(columns.length));
  const all: GridCell[] = [];
  rows.forEach((row, y) => {
    for (const cell of row.cellLayouts) {
      const x = xByColumn.get(cell.columnIndex);
      if (x === undefined) continue;
      const gridCell: GridCell = { ...cell, area: area.name, rowName: row.name, rowIndex: row.index, x, y };
      cells[y]![x] = gridCell;
      all.push(gridCell);
    }
  });
  return { area, rows, columns, cells, all };
}
