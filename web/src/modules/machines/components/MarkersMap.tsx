import type { ReactNode, Ref } from 'react';
import type { DeckGLRef } from '@deck.gl/react';
import { Alert, Box, Center, Group, Loader, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { metadataState } from '../../../app/states/metadataState';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { formatDateTime } from '../../../ui/formatDateTime';
import { YardGeoMap } from '../../containers/components/YardGeoMap';
import { useYardLayout } from '../../containers/hooks/useYardLayout';
import { markerLayers, markerTooltip } from '../utils/markerLayers';
import type { MapMarker } from '../utils/MapMarker';
import { MarkerLegend } from './MarkerLegend';

// A Locations tab (machines, ITVs): the yard's geographic map with the markers in their status
// colours, and the marker information beside it. `toolbar` sits above (print, save as PNG).
export function MarkersMap({
  markers,
  kind,
  loading,
  error,
  emptyText,
  deckRef,
  toolbar,
}: {
  markers: readonly MapMarker[];
  kind: 'machine' | 'itv';
  loading: boolean;
  error: unknown;
  emptyText: string;
  deckRef?: Ref<DeckGLRef>;
  toolbar?: ReactNode;
}) {
  const metadata = useAtomValue(metadataState);
  const layout = useYardLayout();
  if (loading || layout.isPending)
    return (
      <Center h={480}>
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  if (error || layout.error || !layout.data)
    return (
      <Alert color="red" icon={<IconAlertCircle size={16} />}>
        {errorMessageOf(error ?? layout.error)}
      </Alert>
    );
  const byId = new Map(markers.map((marker) => [marker.id, marker]));
  return (
    <Stack gap="xs">
      {toolbar}
      <Group align="stretch" gap="md" wrap="nowrap" h="calc(100vh - 230px)" mih={480}>
        <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <YardGeoMap
            layout={layout.data}
            tileUrl={metadata?.mapTileUrl ?? ''}
            center={metadata?.yardCenter ?? { latitude: 0, longitude: 0 }}
            overlays={markerLayers(markers, kind)}
            deckRef={deckRef}
            getTooltip={({ object }) => {
              const marker = object ? byId.get((object as MapMarker).id) : undefined;
              return markerTooltip(
                marker,
                marker?.lastDataReceived
                  ? `Last data ${formatDateTime(marker.lastDataReceived, metadata?.timeZone)}`
                  : 'No data yet',
              );
            }}
            testId={`${kind}s-map`}
          />
        </Box>
        <Box w={300} style={{ flex: 'none' }}>
          <MarkerLegend markers={markers} testId={`${kind}-marker`} emptyText={emptyText} />
        </Box>
      </Group>
    </Stack>
  );
}
