import { containerNumberTerms, isWholeContainerNumber, parseSlotName } from '@openyard/contracts';
import type { InventoryStore } from './InventoryStore';
import { slotOfName } from './slotOfName';
import type { YardGeometry } from './yardGeometry';

export type GridSearchResult =
  | { kind: 'containers'; indexes: number[]; by: 'number' | 'igm' }
  | { kind: 'slot'; slot: number }
  | { kind: 'none'; message: string };

// The inventory search (spec 2 §2): container numbers (several, separated by commas or spaces) or
// the start of one (an owner prefix such as MSCU finds that owner's boxes), an IGM number or IGM
// item (IGM:ITEM), or a slot name to go to.
export function searchGrid(
  text: string,
  store: InventoryStore,
  geometry: YardGeometry,
  options: { slotFormat: string; startHeight: number },
): GridSearchResult {
  const value = text.trim();
  if (!value) return { kind: 'none', message: 'Type a container number, an IGM number or a slot' };
  const terms = containerNumberTerms(value);
  if (terms) {
    const indexes = store.findNumbers(terms);
    if (indexes.length) return { kind: 'containers', indexes, by: 'number' };
    // An IGM may look like the start of a container number.
    const igm = terms.length === 1 ? store.findIgm(value) : [];
    if (igm.length) return { kind: 'containers', indexes: igm, by: 'igm' };
    const [term] = terms as [string];
    return {
      kind: 'none',
      message:
        terms.length > 1
          ? 'None of these containers is in the yard'
          : isWholeContainerNumber(term)
            ? `Container ${term} is not in the yard`
            : `No container number starting with ${term} is in the yard`,
    };
  }
  // A slot name of one of the yard's areas: that slot, or the message that the layout has none.
  const named = parseSlotName(value, options.slotFormat);
  if (named && geometry.areasByName.has(named.area.toUpperCase())) {
    const slot = slotOfName(value, geometry, options);
    if (slot === null) return { kind: 'none', message: `Slot ${value} does not exist in the yard layout` };
    return { kind: 'slot', slot };
  }
  const indexes = store.findIgm(value);
  if (!indexes.length) return { kind: 'none', message: `No container of IGM ${value} is in the yard` };
  return { kind: 'containers', indexes, by: 'igm' };
}
