import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import { useAreaSummaries } from '../hooks/useAreaSummaries';
import type { InventoryStore } from '../utils/InventoryStore';
import type { YardGeometry } from '../utils/yardGeometry';

// The yard's occupancy, boxes and filled slots, from the area summaries (its own component: the
// screen around it does not render again when the figures change).
export function OccupancyBadge({ store, geometry }: { store: InventoryStore; geometry: YardGeometry }) {
  const summaries = useAreaSummaries(store);
  const totals = useMemo(() => {
    let filled = 0;
    let containers = 0;
    for (const summary of summaries.values()) {
      filled += summary.filledSlots;
      containers += summary.containers20 + summary.containers40;
    }
    const total = geometry.areas.reduce((sum, area) => sum + area.totalSlots, 0);
    return { filled, containers, total, occupancy: total ? Math.floor((100 * filled) / total) : 0 };
  }, [summaries, geometry]);
  return (
    <Badge variant="light" color="gray" radius="sm" size="lg" data-testid="inventory-total-occupancy">
      {totals.occupancy}% · {totals.containers.toLocaleString()} boxes · {totals.filled.toLocaleString()}/
      {totals.total.toLocaleString()} slots
    </Badge>
  );
}
