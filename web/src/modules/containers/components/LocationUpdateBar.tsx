import { Button, Group, Text } from '@mantine/core';
import { IconDeviceFloppy, IconMapPin, IconX } from '@tabler/icons-react';
import type { ContainersScope } from '../utils/ContainersScope';

// Shown instead of the toolbar while locations are edited inline: what is going on, Cancel, Save.
export function LocationUpdateBar({
  scope,
  count,
  startHeight,
  saving,
  onCancel,
  onSave,
}: {
  scope: ContainersScope;
  count: number;
  startHeight: number;
  saving: boolean;
  onCancel: () => void;
  onSave: () => void;
}) {
  return (
    <Group
      justify="space-between"
      gap="xs"
      p="xs"
      bg="dark.6"
      style={{ borderRadius: 4, border: '1px solid var(--mantine-color-harbour-8)' }}
      data-testid={`location-update-${scope}-bar`}
    >
      <Group gap={6}>
        <IconMapPin size={16} color="var(--mantine-color-harbour-4)" />
        <Text size="sm">
          Updating the location of {count} container{count === 1 ? '' : 's'}: pick area, row, column and tier; a missing
          tier is tier {startHeight}.
        </Text>
      </Group>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconX size={14} />}
          onClick={onCancel}
          data-testid={`location-update-${scope}-cancel`}
        >
          Cancel
        </Button>
        <Button
          size="xs"
          leftSection={<IconDeviceFloppy size={14} />}
          loading={saving}
          onClick={onSave}
          data-testid={`location-update-${scope}-save`}
        >
          Save locations
        </Button>
      </Group>
    </Group>
  );
}
