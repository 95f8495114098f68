import { useRef, useState } from 'react';
import type { DeckGLRef } from '@deck.gl/react';
import { Alert, Badge, Box, Button, Center, Group, Loader, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconMap2, IconPrinter, IconSatellite } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { messages, sizeClass } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import { AppModal } from '../../../ui/AppModal';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { notifyError } from '../../../ui/notifyError';
import { useYardLayout } from '../hooks/useYardLayout';
import { useYardMap } from '../hooks/useYardMap';
import { downloadCanvasPng } from '../utils/downloadCanvasPng';
import { printCanvas } from '../utils/printCanvas';
import { SatelliteMap } from './SatelliteMap';
import { YardPlanMap } from './YardPlanMap';

type MapTab = 'yard' | 'satellite';

// View on the yard map (spec 1 §2): tabs Yard map and Satellite, the containers' slots listed
// beside them; what the map shows can be printed or saved as PNG.
export function YardMapModal({ containerNumbers, onClose }: { containerNumbers: string[]; onClose: () => void }) {
  const metadata = useAtomValue(metadataState);
  const layout = useYardLayout();
  const yardMap = useYardMap(containerNumbers);
  const [tab, setTab] = useState<MapTab>('yard');
  const planRef = useRef<DeckGLRef>(null);
  const satelliteRef = useRef<DeckGLRef>(null);

  const located = (yardMap.data?.containers ?? []).filter((container) => container.location !== null);
  const missing = [
    ...(yardMap.data?.notFound ?? []),
    ...(yardMap.data?.containers ?? [])
      .filter((container) => container.location === null)
      .map((c) => c.containerNumber),
  ];
  const title = `Yard map · ${containerNumbers.join(', ')}`;

  const canvas = () => (tab === 'yard' ? planRef : satelliteRef).current?.deck?.getCanvas() ?? null;
  const savePng = () => {
    const shown = canvas();
    if (shown) downloadCanvasPng(shown, `yard-map-${containerNumbers.join('-')}.png`);
  };
  const print = () => {
    const shown = canvas();
    if (shown && !printCanvas(shown, title)) notifyError('The browser blocked the print window');
  };

  let body;
  if (yardMap.isPending || layout.isPending) {
    body = (
      <Center h={460}>
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  } else if (yardMap.error || layout.error || !layout.data) {
    body = (
      <Alert color="red" icon={<IconAlertCircle size={16} />}>
        {errorMessageOf(yardMap.error ?? layout.error)}
      </Alert>
    );
  } else if (!located.length) {
    body = (
      <Alert color="orange" icon={<IconAlertCircle size={16} />} data-testid="yard-map-not-available">
        {messages.locationNotAvailable}
      </Alert>
    );
  } else {
    body = (
      <Group align="stretch" gap="md" wrap="nowrap" h={560}>
        <Tabs
          value={tab}
          onChange={(value) => setTab(value === 'satellite' ? 'satellite' : 'yard')}
          keepMounted={false}
          style={{ flex: 1, display: 'flex', flexDirection: 'column' }}
        >
          <Tabs.List mb="xs">
            <Tabs.Tab value="yard" leftSection={<IconMap2 size={14} />} data-testid="yard-map-tab-yard">
              Yard map
            </Tabs.Tab>
            <Tabs.Tab value="satellite" leftSection={<IconSatellite size={14} />} data-testid="yard-map-tab-satellite">
              Satellite
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="yard" style={{ flex: 1 }} data-testid="yard-map-plan">
            <YardPlanMap layout={layout.data} containers={located} deckRef={planRef} />
          </Tabs.Panel>
          <Tabs.Panel value="satellite" style={{ flex: 1 }} data-testid="yard-map-satellite">
            <SatelliteMap
              layout={layout.data}
              containers={located}
              tileUrl={metadata?.mapTileUrl ?? ''}
              yardCenter={metadata?.yardCenter ?? { latitude: 0, longitude: 0 }}
              deckRef={satelliteRef}
            />
          </Tabs.Panel>
        </Tabs>
        <Stack w={250} gap="xs">
          <Text size="sm" fw={600}>
            Containers
          </Text>
          <ScrollArea.Autosize mah={440}>
            <Stack gap={6}>
              {located.map((container) => (
                <Box
                  key={container.containerNumber}
                  p="xs"
                  bg="dark.6"
                  style={{ borderRadius: 4, borderLeft: '3px solid #ffc400' }}
                  data-testid="yard-map-container"
                >
                  <Text size="sm" ff="monospace" fw={600}>
                    {container.containerNumber}
                  </Text>
                  <Group gap={6} mt={2}>
                    <Badge size="xs" variant="light" color="gray">
                      {sizeClass(container.size)} ft
                    </Badge>
                    <Text size="xs" c="dimmed">
                      Area {container.area} · Row {container.row} · Col {container.column} · Tier {container.stackIndex}
                    </Text>
                  </Group>
                </Box>
              ))}
              {missing.map((number) => (
                <Box key={number} p="xs" bg="dark.6" style={{ borderRadius: 4 }}>
                  <Text size="sm" ff="monospace">
                    {number}
                  </Text>
                  <Text size="xs" c="orange">
                    {messages.locationNotAvailable}
                  </Text>
                </Box>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Group>
    );
  }

  return (
    <AppModal opened onClose={onClose} title={title} size="85rem" centered>
      <Stack gap="sm">
        {body}
        <Group justify="flex-end" gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPrinter size={14} />}
            disabled={!located.length}
            onClick={print}
            data-testid="yard-map-print"
          >
            Print
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            disabled={!located.length}
            onClick={savePng}
            data-testid="yard-map-png"
          >
            Save as PNG
          </Button>
          <Button size="xs" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
