import type { Rule, YardLayout } from '@openyard/contracts';

export interface RuleLookup {
  // The rule of a layout cell (`CellLayout.id`), or null.
  ruleOfCell: (cellId: number) => Rule | null;
  // The rule at a grid position, as the inventory snapshot gives it (area name, rowIndex, columnIndex).
  ruleAt: (area: string, rowIndex: number, columnIndex: number) => Rule | null;
}

const positionKey = (area: string, rowIndex: number, columnIndex: number) =>
  `${area}\u0000${rowIndex}\u0000${columnIndex}`;

// Lookups from cells and grid positions to the rule that colours them (a cell has at most one).
export function ruleLookupOf(rules: readonly Rule[], layout: YardLayout | undefined): RuleLookup {
  const byCell = new Map<number, Rule>();
  for (const rule of rules) for (const cell of rule.cells) byCell.set(cell.id, rule);
  const byPosition = new Map<string, Rule>();
  for (const area of layout?.areaLayouts ?? []) {
    for (const row of area.rowLayouts) {
      for (const cell of row.cellLayouts) {
        const rule = byCell.get(cell.id);
        if (rule) byPosition.set(positionKey(area.name, row.index, cell.columnIndex), rule);
      }
    }
  }
  return {
    ruleOfCell: (cellId) => byCell.get(cellId) ?? null,
    ruleAt: (area, rowIndex, columnIndex) => byPosition.get(positionKey(area, rowIndex, columnIndex)) ?? null,
  };
}
