import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Badge, Box, CloseButton, Flex, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useAtom } from 'jotai';
import { hasRole, routes, type YardLayout } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { useColourRules } from '../hooks/useColourRules';
import { useGridMenu } from '../hooks/useGridMenu';
import { useGridSearch } from '../hooks/useGridSearch';
import { useInventoryLive } from '../hooks/useInventoryLive';
import { inventoryFiltersState } from '../states/inventoryFiltersState';
import { inventoryLiveState } from '../states/inventoryLiveState';
import { inventoryRulesShownState } from '../states/inventoryRulesShownState';
import { inventorySelectionState } from '../states/inventorySelectionState';
import type { AreaFilter } from '../utils/gridFilters';
import { ruleStacks } from '../utils/gridLayerData';
import { GridFrames } from '../utils/GridFrames';
import type { GridContainer } from '../utils/InventoryStore';
import { phoneQuery } from '../utils/phoneQuery';
import { slotName } from '../utils/slotName';
import type { YardGeometry } from '../utils/yardGeometry';
import { yardInventory } from '../utils/yardInventory';
import { AreaCardList } from './AreaCardList';
import { InventoryAdminMenu } from './InventoryAdminMenu';
import { InventoryControls } from './InventoryControls';
import { InventoryNotices } from './InventoryNotices';
import { ContainerDetails } from './ContainerDetails';
import { GridContextMenu } from './GridContextMenu';
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
  // When the grid draws, for the area cards to keep their new figures out of those frames.
  const [gridFrames] = useState(() => new GridFrames());

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

  const yard = { store, geometry, slotFormat, enterprise, select: setSelectedId };
  const search = useGridSearch({ ...yard, startHeight, phone });
  const { highlighted, tooltip } = search;
  const gridRef = useRef<HTMLDivElement>(null);
  const menu = useGridMenu({ ...yard, selected, selectedLocation, search, setFilters, gridRef });

  const filterArea = useCallback(
    (areaId: number, filter: AreaFilter) =>
      setFilters((current) => ({ ...current, areas: { ...current.areas, [areaId]: filter } })),
    [setFilters],
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
      onClose={() => search.setTooltip(null)}
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
            searchText={search.searchText}
            onSearchTextChange={search.setSearchText}
            searching={search.searching}
            onSearch={search.run}
            onClearSearch={search.clear}
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
            markedSlot={search.markedSlot}
            focus={search.focus}
            frames={gridFrames}
            slotFormat={slotFormat}
            cursorHeld={menu.menu !== null || menu.updating !== null}
            onPick={menu.onPick}
            ref={gridRef}
          />
          {!phone && legend}
          {!phone && details}
          {menu.menu && (
            <GridContextMenu
              target={menu.menu}
              enterprise={enterprise}
              canWrite={canWrite}
              movingNumber={selected?.number ?? null}
              igmFilter={igmFilter}
              onClose={menu.close}
              onUpdateLocation={menu.updateLocation}
              onMoveHere={menu.moveHere}
              onShowIgm={menu.showIgm}
              onClearIgm={menu.clearIgm}
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
          onZoom={search.zoomToArea}
          width={phone ? '100%' : 318}
        />
      </Flex>

      {menu.updating && (
        <UpdateLocationModal
          container={menu.updating}
          geometry={geometry}
          store={store}
          slotFormat={slotFormat}
          startHeight={startHeight}
          onClose={menu.closeUpdate}
        />
      )}
    </Stack>
  );
}
