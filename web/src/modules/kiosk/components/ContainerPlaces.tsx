import { useRef } from 'react';
import type { DeckGLRef } from '@deck.gl/react';
import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { sizeClass, type PublicContainerLocation } from '@openyard/contracts';
import { YardPlanMap } from '../../containers/components/YardPlanMap';
import { useYardLayout } from '../../containers/hooks/useYardLayout';
import { useTouchSize } from '../utils/touchSize';
import { PublicNotice } from './PublicNotice';

// Where the searched containers stand, for the public pages (the kiosk's locations, the mobile
// view, a status link): each container's slot in words, then the yard map with their slots marked.
// `missing` are those asked for that have no place (unknown, dispatched, or not yet grounded).
export function ContainerPlaces({
  containers,
  missing,
  missingText,
  testId,
}: {
  containers: readonly PublicContainerLocation[];
  missing: readonly string[];
  missingText: string;
  testId: string;
}) {
  const size = useTouchSize();
  const kiosk = size === 'xl';
  const layout = useYardLayout();
  const deckRef = useRef<DeckGLRef>(null);
  const located = containers.filter((container) => container.location !== null);
  const unplaced = [
    ...missing,
    ...containers.filter((container) => container.location === null).map((container) => container.containerNumber),
  ];
  return (
    <Stack gap={kiosk ? 'lg' : 'sm'} data-testid={testId}>
      {located.map((container, index) => (
        <Paper
          key={container.containerNumber}
          withBorder
          p={kiosk ? 'lg' : 'sm'}
          style={{ borderLeft: '6px solid #ffc400' }}
          data-testid={`${testId}-found`}
        >
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              {/* The number of its marker on the map below. */}
              <Badge size={kiosk ? 'xl' : 'lg'} circle color="yellow" c="dark.9" aria-label={`Marker ${index + 1}`}>
                {index + 1}
              </Badge>
              <Text ff="monospace" fw={700} fz={kiosk ? 32 : 20}>
                {container.containerNumber}
              </Text>
            </Group>
            <Badge size={kiosk ? 'xl' : 'lg'} variant="light" color="gray">
              {sizeClass(container.size)} ft
            </Badge>
          </Group>
          <Text fz={kiosk ? 26 : 17} mt={4} data-testid={`${testId}-place`}>
            Area {container.area} · Row {container.row} · Column {container.column} · Tier {container.stackIndex}
          </Text>
        </Paper>
      ))}
      {unplaced.map((number) => (
        <PublicNotice key={number} color="orange" icon={<IconMapPinOff />} testId={`${testId}-missing`}>
          <Text ff="monospace" fw={700} fz={kiosk ? 26 : 17} span>
            {number}
          </Text>
          {' · '}
          {missingText}
        </PublicNotice>
      ))}
      {located.length > 0 && layout.data && (
        <Box data-testid={`${testId}-map`}>
          <YardPlanMap
            layout={layout.data}
            containers={located}
            deckRef={deckRef}
            focus="containers"
            maxHeight={kiosk ? 760 : 420}
            // A kiosk is read from a step back: its slots stay large.
            minSlotPixels={kiosk ? 80 : 28}
            labelOf={(_container, index) => String(index + 1)}
            labelSize={kiosk ? 30 : 18}
          />
        </Box>
      )}
    </Stack>
  );
}
