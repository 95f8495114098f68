import { ScrollArea, Stack } from '@mantine/core';
import { useAreaSummaries } from '../hooks/useAreaSummaries';
import { NO_AREA_FILTER, type AreaFilter, type GridFilters } from '../utils/gridFilters';
import type { GridFrames } from '../utils/GridFrames';
import type { InventoryStore } from '../utils/InventoryStore';
import type { AreaGeometry, YardGeometry } from '../utils/yardGeometry';
import { AreaCard } from './AreaCard';

// The areas' cards beside the grid. It follows the area summaries itself, and a card renders again
// only when its area's figures or filter changed.
export function AreaCardList({
  store,
  geometry,
  filters,
  gridFrames,
  onFilter,
  onZoom,
  width,
}: {
  store: InventoryStore;
  geometry: YardGeometry;
  filters: GridFilters;
  // The grid's frames, which the cards' new figures keep out of.
  gridFrames: GridFrames;
  onFilter: (areaId: number, filter: AreaFilter) => void;
  onZoom: (area: AreaGeometry) => void;
  width: number | string;
}) {
  const summaries = useAreaSummaries(store, { staggerAround: gridFrames });
  return (
    <ScrollArea w={width} style={{ flexShrink: 0 }} type="auto" offsetScrollbars data-testid="inventory-areas">
      <Stack gap="xs">
        {geometry.areas.map((area) => (
          <AreaCard
            key={area.areaId}
            area={area}
            summary={summaries.get(area.areaId)}
            liners={store.liners}
            filter={filters.areas[area.areaId] ?? NO_AREA_FILTER}
            onFilter={onFilter}
            onZoom={onZoom}
          />
        ))}
      </Stack>
    </ScrollArea>
  );
}
