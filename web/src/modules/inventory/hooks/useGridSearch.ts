import { useCallback, useState } from 'react';
import { slotSpan } from '@openyard/contracts';
import { notifyError } from '../../../ui/notifyError';
import { areaFocus, type GridFocus } from '../utils/GridPick';
import type { InventoryStore } from '../utils/InventoryStore';
import { searchGrid } from '../utils/searchGrid';
import { slotBox, type AreaGeometry, type YardGeometry } from '../utils/yardGeometry';

// The details box of a container, at a place on the grid (0, 0 when docked under it on a phone).
export interface GridTooltip {
  containerId: number;
  x: number;
  y: number;
}

// What the grid shows pointed at: the search box and its answer (highlighted boxes or a marked
// slot), where the view goes, and the details box. Picks on the grid (useGridMenu) mark slots and
// open details too.
export function useGridSearch({
  store,
  geometry,
  slotFormat,
  startHeight,
  enterprise,
  phone,
  select,
}: {
  store: InventoryStore;
  geometry: YardGeometry;
  slotFormat: string;
  startHeight: number;
  enterprise: boolean;
  phone: boolean;
  select: (containerId: number) => void;
}) {
  const [searchText, setSearchText] = useState('');
  const [highlighted, setHighlighted] = useState<number[]>([]);
  const [markedSlot, setMarkedSlot] = useState<number | null>(null);
  const [focus, setFocus] = useState<GridFocus | null>(null);
  const [tooltip, setTooltip] = useState<GridTooltip | null>(null);

  const boxOfIndexes = (indexes: number[]) => {
    let box: [number, number, number, number] | null = null;
    for (const index of indexes) {
      const container = store.container(index);
      const area = container ? geometry.areasById.get(container.areaId) : undefined;
      const one =
        container && area
          ? slotBox(area, container.rowIndex, container.columnIndex, container.tier, slotSpan(container.size))
          : null;
      if (!one) continue;
      box = box
        ? [Math.min(box[0], one[0]), Math.min(box[1], one[1]), Math.max(box[2], one[2]), Math.max(box[3], one[3])]
        : one;
    }
    return box;
  };
  const focusOn = (box: readonly [number, number, number, number] | null) => {
    if (box) setFocus({ box: [box[0] - 12, box[1] - 10, box[2] + 12, box[3] + 10], key: Date.now() });
  };

  const run = () => {
    if (!enterprise) return;
    const result = searchGrid(searchText, store, geometry, { slotFormat, startHeight });
    setTooltip(null);
    switch (result.kind) {
      case 'none':
        setHighlighted([]);
        notifyError(result.message);
        return;
      case 'slot': {
        setMarkedSlot(result.slot);
        const area = geometry.areasById.get(geometry.slotAreaIds[result.slot]!)!;
        focusOn(
          slotBox(
            area,
            geometry.slotRowIndexes[result.slot]!,
            geometry.slotColumnIndexes[result.slot]!,
            geometry.slotTiers[result.slot]!,
          ),
        );
        return;
      }
      case 'containers': {
        const ids = result.indexes.map((index) => store.containerIds[index]!);
        setHighlighted(ids);
        setMarkedSlot(null);
        if (ids.length === 1) select(ids[0]!);
        // A phone shows the found box's details under the grid at once (no pointer to hover with).
        if (ids.length === 1 && phone) setTooltip({ containerId: ids[0]!, x: 0, y: 0 });
        focusOn(boxOfIndexes(result.indexes));
      }
    }
  };
  const clear = () => {
    setSearchText('');
    setHighlighted([]);
    setMarkedSlot(null);
  };

  const zoomToArea = useCallback((area: AreaGeometry) => setFocus(areaFocus(area)), []);

  return {
    searchText,
    setSearchText,
    searching: searchText !== '' || highlighted.length > 0,
    highlighted,
    markedSlot,
    setMarkedSlot,
    focus,
    tooltip,
    setTooltip,
    run,
    clear,
    zoomToArea,
  };
}

export type GridSearch = ReturnType<typeof useGridSearch>;
