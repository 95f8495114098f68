import { memo, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Center, Group, Loader, Stack } from '@mantine/core';
import type { YardLayout } from '@openyard/contracts';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { YardGrid } from '../../inventory/components/YardGrid';
import { useAreaSummaries } from '../../inventory/hooks/useAreaSummaries';
import { useInventoryLayout } from '../../inventory/hooks/useInventoryLayout';
import { useInventoryLive } from '../../inventory/hooks/useInventoryLive';
import type { GridFilters } from '../../inventory/utils/gridFilters';
import { GridFrames } from '../../inventory/utils/GridFrames';
import { yardGeometry, type YardGeometry } from '../../inventory/utils/yardGeometry';
import { yardInventory } from '../../inventory/utils/yardInventory';
import { yardTotals } from '../../inventory/utils/yardTotals';
import { WallFigure } from './WallFigure';
import { WallTileFrame } from './WallTileFrame';

const NO_FILTERS: GridFilters = { areas: {}, igmItem: null };
const NONE: readonly number[] = [];
const IGNORE = () => undefined;

// The live yard grid of the inventory screen (its component and store, not a copy), with the yard's
// figures above it.
export function YardTile() {
  const layout = useInventoryLayout();
  const geometry = useMemo(() => (layout.data ? yardGeometry(layout.data) : null), [layout.data]);
  // Read at most once an animation frame (the store tells its listeners so); the body below does not
  // render again for it.
  const liveAt = useSyncExternalStore(yardInventory.subscribe, () => yardInventory.liveAt);
  return (
    <WallTileFrame title="Yard" testId="wall-tile-yard" liveAt={liveAt}>
      {layout.data && geometry ? (
        <YardTileBody layout={layout.data} geometry={geometry} />
      ) : (
        <Center h="100%">
          <Loader />
        </Center>
      )}
    </WallTileFrame>
  );
}

const YardTileBody = memo(function YardTileBody({ layout, geometry }: { layout: YardLayout; geometry: YardGeometry }) {
  const store = yardInventory;
  useLayoutEffect(() => store.setGeometry(geometry), [store, geometry]);
  const live = useInventoryLive(store, true);
  const summaries = useAreaSummaries(store);
  const totals = useMemo(() => yardTotals(summaries, geometry), [summaries, geometry]);
  const [frames] = useState(() => new GridFrames());
  return (
    <Stack gap="sm" h="100%">
      <LiveUnavailableNotice refusal={live.refusal} compact />
      <Group gap="clamp(16px, 4vw, 96px)" wrap="nowrap">
        <WallFigure label="Boxes in the yard" value={totals.containers} testId="wall-yard-containers" />
        <WallFigure
          label="Occupancy"
          value={`${totals.occupancy} %`}
          tone={totals.occupancy >= 90 ? 'bad' : totals.occupancy >= 75 ? 'warning' : 'normal'}
          testId="wall-yard-occupancy"
        />
        <WallFigure label="Free slots" value={totals.total - totals.filled} testId="wall-yard-free" />
      </Group>
      <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>
        <YardGrid
          store={store}
          geometry={geometry}
          filters={NO_FILTERS}
          rules={null}
          highlighted={NONE}
          selectedContainerId={null}
          markedSlot={null}
          focus={null}
          frames={frames}
          slotFormat={layout.slotFormat}
          cursorHeld={false}
          onPick={IGNORE}
        />
      </div>
    </Stack>
  );
});
