import { normalizeContainerNumber, parseSlotName, tierOfHeightName } from '@openyard/contracts';
import type { InventoryStore } from './InventoryStore';
import { slotIndexOf, type YardGeometry } from './yardGeometry';

export type GridSearchResult =
  | { kind: 'containers'; indexes: number[]; by: 'number' | 'igm' }
  | { kind: 'slot'; slot: number }
  | { kind: 'none'; message: string };

const CONTAINER_NUMBER = /^[A-Z]{4}\d{6,7}$/;

// The inventory search (spec 2 §2): container numbers (several, separated by commas or spaces), an
// IGM number or IGM item (IGM:ITEM), or a slot name to go to.
export function searchGrid(
  text: string,
  store: InventoryStore,
  geometry: YardGeometry,
  options: { slotFormat: string; startHeight: number },
): GridSearchResult {
  const value = text.trim();
  if (!value) return { kind: 'none', message: 'Type a container number, an IGM number or a slot' };
  const terms = value
    .split(/[\s,]+/)
    .map(normalizeContainerNumber)
    .filter(Boolean);
  if (terms.length && terms.every((term) => CONTAINER_NUMBER.test(term))) {
    const indexes = store.findNumbers(terms);
    if (!indexes.length)
      return {
        kind: 'none',
        message:
          terms.length === 1 ? `Container ${terms[0]} is not in the yard` : 'None of these containers is in the yard',
      };
    return { kind: 'containers', indexes, by: 'number' };
  }
  const slot = parseSlotName(value, options.slotFormat);
  const area = slot ? geometry.areasByName.get(slot.area.toUpperCase()) : undefined;
  if (slot && area) {
    const rowOrdinal = area.rowNames.indexOf(slot.row);
    const columnOrdinal = area.columnNames.indexOf(slot.column);
    const tier = slot.height === null ? 1 : tierOfHeightName(slot.height, options.startHeight);
    const index =
      rowOrdinal >= 0 && columnOrdinal >= 0 && tier !== null
        ? slotIndexOf(area, area.rowIndexes[rowOrdinal]!, area.columnIndexes[columnOrdinal]!, tier)
        : null;
    if (index === null) return { kind: 'none', message: `Slot ${value} does not exist in the yard layout` };
    return { kind: 'slot', slot: index };
  }
  const indexes = store.findIgm(value);
  if (!indexes.length) return { kind: 'none', message: `No container of IGM ${value} is in the yard` };
  return { kind: 'containers', indexes, by: 'igm' };
}
