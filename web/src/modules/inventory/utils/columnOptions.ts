import type { AreaGeometry } from './yardGeometry';

// Select options for columns of an area: the label the yard paints, the index as value.
export function columnOptions(area: AreaGeometry | undefined, only?: readonly number[]) {
  if (!area) return [];
  return area.columnIndexes
    .map((index, ordinal) => ({ value: String(index), label: area.columnNames[ordinal]! }))
    .filter((option) => !only || only.includes(Number(option.value)));
}

export function columnInfos(area: AreaGeometry | undefined) {
  return (area?.columnIndexes ?? []).map((index) => ({ index, merged: area!.mergedStarts.has(index) }));
}
