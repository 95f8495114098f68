import { useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { metadataState } from '../../../app/states/metadataState';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { clockSecondState } from '../../gate-readers/states/clockSecondState';
import { MarkersMap } from '../../machines/components/MarkersMap';
import { useItvLocations } from '../hooks/useItvLocations';
import { useItvLocationsLive } from '../hooks/useItvLocationsLive';
import { itvMarkers } from '../utils/itvMarkers';

// The Locations tab: every ITV on the yard map, live from its positions, in its status colour at
// this moment (spec 2 §2 "a map with marker information").
export function ItvsLocations() {
  const itvs = useItvLocations();
  const liveRefusal = useItvLocationsLive();
  const now = useAtomValue(clockSecondState);
  const staleAfterMs = useAtomValue(metadataState)?.machineStaleAfterMs;
  const list = itvs.data?.itvs;
  const markers = useMemo(() => itvMarkers(list ?? [], now, staleAfterMs), [list, now, staleAfterMs]);
  const placed = markers.filter((marker) => marker.position !== null).length;
  return (
    <Stack gap="xs">
      <LiveUnavailableNotice refusal={liveRefusal} />
      <MarkersMap
        markers={markers}
        kind="itv"
        loading={itvs.isPending}
        error={itvs.error}
        emptyText="No ITVs yet"
        toolbar={
          <Text size="sm" c="dimmed" data-testid="itvs-map-count">
            {placed} of {markers.length} ITVs on the map
          </Text>
        }
      />
    </Stack>
  );
}
