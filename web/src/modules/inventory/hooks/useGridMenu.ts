import { useState, type RefObject, type SetStateAction } from 'react';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { notifyError } from '../../../ui/notifyError';
import { notifySuccess } from '../../../ui/notifySuccess';
import type { GridMenuTarget } from '../components/GridContextMenu';
import type { GridFilters } from '../utils/gridFilters';
import type { GridPick } from '../utils/GridPick';
import type { GridContainer, InventoryStore } from '../utils/InventoryStore';
import { slotName } from '../utils/slotName';
import type { YardGeometry } from '../utils/yardGeometry';
import type { GridSearch } from './useGridSearch';
import { useUpdateLocation } from './useUpdateLocation';

export type GridMenu = GridMenuTarget & { pick: GridPick | null };

// What a click on the grid does: a left click selects a box (and shows its details) or marks a
// slot, a right click opens the context menu (spec 2 §2) on a box or a slot; and what the menu's
// items do: the Update Location dialog, Move Container Here, the IGM/ITEM filter.
export function useGridMenu({
  store,
  geometry,
  slotFormat,
  enterprise,
  selected,
  selectedLocation,
  select,
  search,
  setFilters,
  gridRef,
}: {
  store: InventoryStore;
  geometry: YardGeometry;
  slotFormat: string;
  enterprise: boolean;
  selected: GridContainer | null;
  selectedLocation: string | null;
  select: (containerId: number) => void;
  search: Pick<GridSearch, 'setMarkedSlot' | 'setTooltip'>;
  setFilters: (update: SetStateAction<GridFilters>) => void;
  // The grid the menu was opened on: the keyboard goes back to it when the menu closes.
  gridRef: RefObject<HTMLDivElement | null>;
}) {
  const { setMarkedSlot, setTooltip } = search;
  const [menu, setMenu] = useState<GridMenu | null>(null);
  const [updating, setUpdating] = useState<GridContainer | null>(null);
  const update = useUpdateLocation(store);

  // The context menu closes: the keyboard goes back to the grid it was opened on (unless the user
  // went elsewhere), and so does a dialog opened from it when it closes (see AppModal).
  const close = () => {
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('[role="menu"]')) gridRef.current?.focus();
    setMenu(null);
  };

  const onPick = (pick: GridPick | null, button: 'left' | 'right') => {
    if (button === 'left') {
      setMenu(null);
      if (pick?.kind === 'container') {
        const containerId = store.containerIds[pick.index]!;
        select(containerId);
        setTooltip(enterprise ? { containerId, x: pick.x + 12, y: pick.y + 12 } : null);
      } else {
        setTooltip(null);
        if (pick?.kind === 'slot') setMarkedSlot(pick.slot);
      }
      return;
    }
    setTooltip(null);
    if (!pick) {
      setMenu(null);
      return;
    }
    if (pick.kind === 'container') {
      const container = store.container(pick.index);
      const igmItem = container && container.igmItem >= 0 ? store.igmItems[container.igmItem]! : null;
      setMenu({ x: pick.x, y: pick.y, containerNumber: container?.number ?? null, igmItem, slotName: null, pick });
    } else {
      const area = geometry.areasById.get(geometry.slotAreaIds[pick.slot]!)!;
      setMarkedSlot(pick.slot);
      setMenu({
        x: pick.x,
        y: pick.y,
        containerNumber: null,
        igmItem: null,
        slotName: slotName(
          area,
          geometry.slotRowIndexes[pick.slot]!,
          geometry.slotColumnIndexes[pick.slot]!,
          geometry.slotTiers[pick.slot]!,
          slotFormat,
        ),
        pick,
      });
    }
  };

  const moveHere = () => {
    if (!menu?.slotName || !selected) return;
    const target = menu.slotName;
    close();
    update.mutate(
      [
        {
          containerId: selected.containerId,
          number: selected.number,
          size: selected.size,
          previousLocation: selectedLocation,
          newLocation: target,
        },
      ],
      {
        onSuccess: (reply) => {
          notifySuccess(reply.message);
          setMarkedSlot(null);
        },
        onError: (failure) => notifyError('The container was not moved', errorMessageOf(failure)),
      },
    );
  };

  const updateLocation = () => {
    close();
    if (menu?.pick?.kind === 'container') setUpdating(store.container(menu.pick.index));
  };
  const filterIgm = (igmItem: string | null) => {
    setFilters((current) => ({ ...current, igmItem }));
    close();
  };

  return {
    menu,
    onPick,
    close,
    moveHere,
    updateLocation,
    showIgm: () => filterIgm(menu?.igmItem ?? null),
    clearIgm: () => filterIgm(null),
    // The container of the Update Location dialog, while it is open.
    updating,
    closeUpdate: () => setUpdating(null),
  };
}
