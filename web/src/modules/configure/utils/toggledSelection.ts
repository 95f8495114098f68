import type { GridCell } from './yardGridOf';

// Adds the selectable ones of `cells` to the selection, or takes them all out when every one of
// them is selected already (a second click on a row clears that row). Cells of another rule are
// never added (spec 1 §4).
export function toggledSelection(
  selection: ReadonlySet<number>,
  cells: readonly GridCell[],
  selectable: (cellId: number) => boolean,
): Set<number> {
  const targets = cells.filter((cell) => selectable(cell.id));
  const next = new Set(selection);
  if (targets.length === 0) return next;
  const allSelected = targets.every((cell) => selection.has(cell.id));
  for (const cell of targets) {
    if (allSelected) next.delete(cell.id);
    else next.add(cell.id);
  }
  return next;
}
