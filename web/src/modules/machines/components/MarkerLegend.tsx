import { Box, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { LastHeard } from '../../gate-readers/components/LastHeard';
import { MARKER_COLOURS } from '../utils/markerColours';
import type { MapMarker } from '../utils/MapMarker';

// The marker information beside the map (spec 2 §2 "a map with marker information"): each marker's
// label and colour, name, what it is and when it was last heard from; those without a position too.
export function MarkerLegend({
  markers,
  testId,
  emptyText,
}: {
  markers: readonly MapMarker[];
  testId: string;
  emptyText: string;
}) {
  return (
    <ScrollArea h="100%" type="auto" scrollbars="y" offsetScrollbars>
      <Stack gap={6} data-testid={testId}>
        {!markers.length && (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        )}
        {markers.map((marker) => {
          const colour = MARKER_COLOURS[marker.colour];
          return (
            <Group
              key={marker.id}
              gap="xs"
              wrap="nowrap"
              p={6}
              bg="dark.6"
              style={{ borderRadius: 4 }}
              data-testid={`${testId}-${marker.id}`}
              data-colour={marker.colour}
              data-label={marker.label}
              data-position={marker.position ? `${marker.position[1]},${marker.position[0]}` : ''}
            >
              <Box
                w={24}
                h={24}
                bg={colour.mantine}
                title={colour.meaning}
                style={{
                  borderRadius: '50%',
                  flex: 'none',
                  display: 'grid',
                  placeItems: 'center',
                  border: '2px solid white',
                }}
              >
                <Text size="xs" fw={700} c="white" lh={1}>
                  {marker.label}
                </Text>
              </Box>
              <Box style={{ minWidth: 0, flex: 1 }}>
                <Group gap={6} wrap="nowrap" justify="space-between">
                  <Text size="sm" fw={600} truncate>
                    {marker.name}
                  </Text>
                  <Text size="xs" c={colour.mantine} style={{ flex: 'none' }}>
                    <LastHeard at={marker.lastDataReceived} />
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {marker.detail}
                  {marker.position === null && ' · no position yet'}
                </Text>
              </Box>
            </Group>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
