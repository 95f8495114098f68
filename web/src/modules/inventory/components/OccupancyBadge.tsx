import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import { useAreaSummaries } from '../hooks/useAreaSummaries';
import type { InventoryStore } from '../utils/InventoryStore';
import type { YardGeometry } from '../utils/yardGeometry';
import { yardTotals } from '../utils/yardTotals';

// The yard's occupancy, boxes and filled slots, from the area summaries (its own component: the
// screen around it does not render again when the figures change).
export function OccupancyBadge({ store, geometry }: { store: InventoryStore; geometry: YardGeometry }) {
  const summaries = useAreaSummaries(store);
  const totals = useMemo(() => yardTotals(summaries, geometry), [summaries, geometry]);
  return (
    <Badge variant="light" color="gray" radius="sm" size="lg" data-testid="inventory-total-occupancy">
      {totals.occupancy}% · {totals.containers.toLocaleString()} boxes · {totals.filled.toLocaleString()}/
      {totals.total.toLocaleString()} slots
    </Badge>
  );
}
