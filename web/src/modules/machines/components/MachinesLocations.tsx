import { useRef } from 'react';
import type { DeckGLRef } from '@deck.gl/react';
import { Button, Group, Text } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useYardMapPrint } from '../hooks/useYardMapPrint';
import type { MapMarker } from '../utils/MapMarker';
import { MarkersMap } from './MarkersMap';

// The Locations tab: the machines on the yard map in their status colours, live, with print and
// save as PNG (spec 2 §2).
export function MachinesLocations({
  markers,
  loading,
  error,
}: {
  markers: readonly MapMarker[];
  loading: boolean;
  error: unknown;
}) {
  const deckRef = useRef<DeckGLRef>(null);
  const output = useYardMapPrint(() => deckRef.current?.deck?.getCanvas() ?? null);
  const placed = markers.filter((marker) => marker.position !== null).length;
  return (
    <MarkersMap
      markers={markers}
      kind="machine"
      loading={loading}
      error={error}
      emptyText="No machines yet"
      deckRef={deckRef}
      toolbar={
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" data-testid="machines-map-count">
            {placed} of {markers.length} machines on the map
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPrinter size={14} />}
              loading={output.isPending && output.variables === 'print'}
              onClick={() => output.mutate('print')}
              data-testid="machines-map-print"
            >
              Print
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              loading={output.isPending && output.variables === 'png'}
              onClick={() => output.mutate('png')}
              data-testid="machines-map-png"
            >
              Save as PNG
            </Button>
          </Group>
        </Group>
      }
    />
  );
}
