import type { AreaGrid, GridCell } from './yardGridOf';
import type { SelectBy } from './SelectBy';

// The cells a click on `cell` addresses: the cell itself, its row, its column or its whole area.
export function cellsToSelect(grid: AreaGrid, cell: GridCell, by: SelectBy): GridCell[] {
  switch (by) {
    case 'cell':
      return [cell];
    case 'row':
      return grid.cells[cell.y]!.filter((entry): entry is GridCell => entry !== undefined);
    case 'column':
      return grid.cells.flatMap((row) => (row[cell.x] ? [row[cell.x]!] : []));
    case 'area':
      return grid.all;
  }
}
