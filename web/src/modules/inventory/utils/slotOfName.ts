import { parseSlotName, tierOfHeightName } from '@openyard/contracts';
import { slotIndexOf, type YardGeometry } from './yardGeometry';

// The grid's slot of a slot name written in the configured format (a name without its height is
// the ground tier), or null when the name does not fit the format or the yard has no such slot.
// The inventory search goes to it; planning draws the slots a plan names.
export function slotOfName(
  name: string,
  geometry: YardGeometry,
  options: { slotFormat: string; startHeight: number },
): number | null {
  const slot = parseSlotName(name, options.slotFormat);
  const area = slot ? geometry.areasByName.get(slot.area.toUpperCase()) : undefined;
  if (!slot || !area) return null;
  const rowOrdinal = area.rowNames.indexOf(slot.row);
  const columnOrdinal = area.columnNames.indexOf(slot.column);
  const tier = slot.height === null ? 1 : tierOfHeightName(slot.height, options.startHeight);
  return rowOrdinal >= 0 && columnOrdinal >= 0 && tier !== null
    ? slotIndexOf(area, area.rowIndexes[rowOrdinal]!, area.columnIndexes[columnOrdinal]!, tier)
    : null;
}
