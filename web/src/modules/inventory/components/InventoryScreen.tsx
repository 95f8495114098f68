import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Badge, Box, CloseButton, Flex, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useAtom } from 'jotai';
import { hasRole, routes, slotSpan, type YardLayout } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { notifyError } from '../../../ui/notifyError';
import { notifySuccess } from '../../../ui/notifySuccess';
import { useColourRules } from '../hooks/useColourRules';
import { useInventoryLive } from '../hooks/useInventoryLive';
import { useUpdateLocation } from '../hooks/useUpdateLocation';
import { inventoryFiltersState } from '../states/inventoryFiltersState';
import { inventoryLiveState } from '../states/inventoryLiveState';
import { inventoryRulesShownState } from '../states/inventoryRulesShownState';
import { inventorySelectionState } from '../states/inventorySelectionState';
import type { AreaFilter } from '../utils/gridFilters';
import { ruleStacks } from '../utils/gridLayerData';
import { GridFrames } from '../utils/GridFrames';
import type { GridFocus, GridPick } from '../utils/GridPick';
import type { GridContainer } from '../utils/InventoryStore';
import { phoneQuery } from '../utils/phoneQuery';
import { searchGrid } from '../utils/searchGrid';
import { slotName } from '../utils/slotName';
import { slotBox, type AreaGeometry, type YardGeometry } from '../utils/yardGeometry';
import { yardInventory } from '../utils/yardInventory';
import { AreaCardList } from './AreaCardList';
import { InventoryAdminMenu } from './InventoryAdminMenu';
import { InventoryControls } from './InventoryControls';
import { InventoryNotices } from './InventoryNotices';
import { ContainerDetails } from './ContainerDetails';
import { GridContextMenu, type GridMenuTarget } from './GridContextMenu';
import { GridLegend } from './GridLegend';
import { OccupancyBadge } from './OccupancyBadge';
import { UpdateLocationModal } from './UpdateLocationModal';
import { YardGrid } from './YardGrid';

export function InventoryScreen({ layout, geometry }: { layout: YardLayout; geometry: YardGeometry }) {
  const store = yardInventory;
  useLayoutEffect(() => store.setGeometry(geometry), [store, geometry]);
  const phone = useMediaQuery(phoneQuery, false, { getInitialValueInEffect: false });
  const slotFormat = layout.slotFormat;
  const startHeight = layout.startHeight;
  // Spec 2 §6: crud when the landing page is this screen or the permissions allow it; the server's
  // location update checks the same rule.
  const access = useScreenAccess({ write: routes.inventory.updateLocation.access });
  const canWrite = access?.canWrite ?? false;
  const enterprise = access?.enterprise ?? false;
  const superadmin = access ? hasRole(access.user, 'superadmin') : false;

  const [live, setLive] = useAtom(inventoryLiveState);
  const [rulesShown, setRulesShown] = useAtom(inventoryRulesShownState);
  const [filters, setFilters] = useAtom(inventoryFiltersState);
  const [selectedId, setSelectedId] = useAtom(inventorySelectionState);
  const liveOn = live && enterprise;
  const loading = useInventoryLive(store, liveOn);
  const rules = useColourRules(rulesShown);
  const ruleColours = useMemo(
    () => (rulesShown && rules.data ? ruleStacks(geometry, rules.data) : null),
    [rulesShown, rules.data, geometry],
  );
  // The screen re-renders when the selected box changes or moves, not with every change of the yard
  // (the grid follows those by itself).
  const selectedKey = useSyncExternalStore(store.subscribe, () => {
    const index = selectedId === null ? null : store.indexOf(selectedId);
    const container = index === null ? null : store.container(index);
    return container
      ? `${container.containerId}:${container.areaId}:${container.rowIndex}:${container.columnIndex}:${container.tier}`
      : '';
  });
  const update = useUpdateLocation(store);
  // When the grid draws, for the area cards to keep their new figures out of those frames.
  const [gridFrames] = useState(() => new GridFrames());

  const [searchText, setSearchText] = useState('');
  const [highlighted, setHighlighted] = useState<number[]>([]);
  const [markedSlot, setMarkedSlot] = useState<number | null>(null);
  const [focus, setFocus] = useState<GridFocus | null>(null);
  const [tooltip, setTooltip] = useState<{ containerId: number; x: number; y: number } | null>(null);
  const [menu, setMenu] = useState<(GridMenuTarget & { pick: GridPick | null }) | null>(null);
  const [updating, setUpdating] = useState<GridContainer | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  // The context menu closes: the keyboard goes back to the grid it was opened on (unless the user
  // went elsewhere), and so does a dialog opened from it when it closes (see AppModal).
  const closeMenu = () => {
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('[role="menu"]')) gridRef.current?.focus();
    setMenu(null);
  };

  // Leaving the screen ends its transient state; filters and toggles stay for the next visit.
  useEffect(
    () => () => {
      setSelectedId(null);
    },
    [setSelectedId],
  );

  const indexOfSelected = selectedKey && selectedId !== null ? store.indexOf(selectedId) : null;
  const selected = indexOfSelected === null ? null : store.container(indexOfSelected);
  const locationOf = (container: GridContainer | null) => {
    const area = container ? geometry.areasById.get(container.areaId) : undefined;
    return container && area
      ? slotName(area, container.rowIndex, container.columnIndex, container.tier, slotFormat)
      : null;
  };
  const selectedLocation = locationOf(selected);

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

  const runSearch = () => {
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
        if (ids.length === 1) setSelectedId(ids[0]!);
        // A phone shows the found box's details under the grid at once (no pointer to hover with).
        if (ids.length === 1 && phone) setTooltip({ containerId: ids[0]!, x: 0, y: 0 });
        focusOn(boxOfIndexes(result.indexes));
      }
    }
  };
  const clearSearch = () => {
    setSearchText('');
    setHighlighted([]);
    setMarkedSlot(null);
  };

  const onPick = (pick: GridPick | null, button: 'left' | 'right') => {
    if (button === 'left') {
      setMenu(null);
      if (pick?.kind === 'container') {
        const containerId = store.containerIds[pick.index]!;
        setSelectedId(containerId);
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
    closeMenu();
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

  const filterArea = useCallback(
    (areaId: number, filter: AreaFilter) =>
      setFilters((current) => ({ ...current, areas: { ...current.areas, [areaId]: filter } })),
    [setFilters],
  );
  const zoomToArea = useCallback(
    (area: AreaGeometry) =>
      setFocus({
        box: [area.bounds.x, area.bounds.y, area.bounds.x + area.bounds.width, area.bounds.y + area.bounds.height],
        key: Date.now(),
      }),
    [],
  );

  const igmFilter = filters.igmItem;
  // Over the grid on a desk; under it on a phone, where they would cover most of it.
  const legend = <GridLegend rules={rulesShown ? (rules.data ?? []) : null} docked={phone} />;
  const details = tooltip && selected && selected.containerId === tooltip.containerId && (
    <ContainerDetails
      containerId={tooltip.containerId}
      revision={selectedKey}
      x={tooltip.x}
      y={tooltip.y}
      docked={phone}
      onClose={() => setTooltip(null)}
    />
  );

  return (
    <Stack
      gap="xs"
      h={phone ? undefined : 'calc(100dvh - 52px - 2 * var(--mantine-spacing-md))'}
      data-testid="inventory-page"
    >
      {/* A narrow window puts the controls under the title rather than cutting the badges. */}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap={phone ? 'wrap' : 'nowrap'}>
          <Text fw={600} size="lg" style={{ whiteSpace: 'nowrap' }}>
            Yard inventory
          </Text>
          <OccupancyBadge store={store} geometry={geometry} />
          {loading.loading && <Loader size="xs" />}
          {selected && (
            <Badge
              size="lg"
              radius="sm"
              variant="outline"
              color="gray"
              rightSection={
                <CloseButton size="xs" onClick={() => setSelectedId(null)} aria-label="Clear the selection" />
              }
              data-testid="inventory-selected"
              data-location={selectedLocation ?? ''}
            >
              <Text span ff="monospace" size="xs" fw={700}>
                {selected.number}
              </Text>{' '}
              <Text span size="xs" data-testid="inventory-selected-location">
                {selectedLocation}
              </Text>
            </Badge>
          )}
          {highlighted.length > 1 && (
            <Badge size="lg" radius="sm" color="cyan" variant="outline" data-testid="inventory-found">
              {highlighted.length} found
            </Badge>
          )}
          {igmFilter && (
            <Badge
              size="lg"
              radius="sm"
              color="cyan"
              variant="light"
              rightSection={
                <CloseButton
                  size="xs"
                  onClick={() => setFilters((current) => ({ ...current, igmItem: null }))}
                  aria-label="Clear IGM/ITEM filter"
                />
              }
              data-testid="inventory-igm-filter"
            >
              IGM/ITEM {igmFilter}
            </Badge>
          )}
        </Group>
        <Group gap="sm" wrap={phone ? 'wrap' : 'nowrap'} w={phone ? '100%' : undefined}>
          <InventoryControls
            phone={phone}
            enterprise={enterprise}
            searchText={searchText}
            onSearchTextChange={setSearchText}
            searching={searchText !== '' || highlighted.length > 0}
            onSearch={runSearch}
            onClearSearch={clearSearch}
            live={liveOn}
            onLiveChange={setLive}
            rulesShown={rulesShown}
            onRulesShownChange={setRulesShown}
            onReload={() => void loading.reload()}
          />
          {superadmin && <InventoryAdminMenu layout={layout} geometry={geometry} />}
        </Group>
      </Group>

      <InventoryNotices refusal={loading.refusal} error={loading.error} />

      <Flex
        direction={phone ? 'column' : 'row'}
        gap="xs"
        wrap="nowrap"
        align="stretch"
        style={phone ? undefined : { flex: 1, minHeight: 0 }}
      >
        <Box pos="relative" style={phone ? { height: '50dvh', minHeight: 300 } : { flex: 1, minWidth: 0 }}>
          <YardGrid
            store={store}
            geometry={geometry}
            filters={filters}
            rules={ruleColours}
            highlighted={highlighted}
            selectedContainerId={selectedId}
            markedSlot={markedSlot}
            focus={focus}
            frames={gridFrames}
            slotFormat={slotFormat}
            cursorHeld={menu !== null || updating !== null}
            onPick={onPick}
            ref={gridRef}
          />
          {!phone && legend}
          {!phone && details}
          {menu && (
            <GridContextMenu
              target={menu}
              enterprise={enterprise}
              canWrite={canWrite}
              movingNumber={selected?.number ?? null}
              igmFilter={igmFilter}
              onClose={closeMenu}
              onUpdateLocation={() => {
                closeMenu();
                if (menu.pick?.kind === 'container') setUpdating(store.container(menu.pick.index));
              }}
              onMoveHere={moveHere}
              onShowIgm={() => {
                setFilters((current) => ({ ...current, igmItem: menu.igmItem }));
                closeMenu();
              }}
              onClearIgm={() => {
                setFilters((current) => ({ ...current, igmItem: null }));
                closeMenu();
              }}
            />
          )}
        </Box>
        {phone && details}
        {phone && legend}
        <AreaCardList
          store={store}
          geometry={geometry}
          filters={filters}
          gridFrames={gridFrames}
          onFilter={filterArea}
          onZoom={zoomToArea}
          width={phone ? '100%' : 318}
        />
      </Flex>

      {updating && (
        <UpdateLocationModal
          container={updating}
          geometry={geometry}
          store={store}
          slotFormat={slotFormat}
          startHeight={startHeight}
          onClose={() => setUpdating(null)}
        />
      )}
    </Stack>
  );
}
