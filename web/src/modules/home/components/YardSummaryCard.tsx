import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconStack2 } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { yardLayoutState } from '../../../app/states/metadataState';

const numberFormat = new Intl.NumberFormat();

// The yard as loaded at bootstrap: its areas and slot counts.
export function YardSummaryCard() {
  const layout = useAtomValue(yardLayoutState);
  if (!layout) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title="Yard layout not loaded">
        The yard layout could not be loaded when Openyard started. Screens that draw the yard need it; reload the page
        once the server is reachable.
      </Alert>
    );
  }
  const totalSlots = layout.areaLayouts.reduce((sum, area) => sum + area.totalSlots, 0);
  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <IconStack2 size={18} stroke={1.6} />
            <Title order={4}>Yard</Title>
          </Group>
          <Text size="sm" c="dimmed">
            {layout.areaLayouts.length} {layout.areaLayouts.length === 1 ? 'area' : 'areas'} ·{' '}
            {numberFormat.format(totalSlots)} slots
          </Text>
        </Group>
        {layout.areaLayouts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No yard areas are configured yet.
          </Text>
        ) : (
          <Group gap={6}>
            {layout.areaLayouts.map((area) => (
              <Badge key={area.areaId} variant="default" size="lg" radius="sm" tt="none" fw={500}>
                {area.name}
                <Text span size="xs" c="dimmed" ml={6}>
                  {area.rowLayouts.length} rows · {area.maxHeight} high · {numberFormat.format(area.totalSlots)} slots
                </Text>
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
