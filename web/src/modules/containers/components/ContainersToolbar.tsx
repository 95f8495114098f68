import { ActionIcon, Badge, Button, Divider, Group, Menu, Tooltip } from '@mantine/core';
import {
  IconBell,
  IconBellOff,
  IconBellRinging,
  IconChevronDown,
  IconFileExport,
  IconHistory,
  IconMapPin,
  IconMapSearch,
  IconPencil,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { ReadOnlyBadge, WriteGuard } from '../../../ui/WriteGuard';
import type { ContainerActions } from '../hooks/useContainerActions';
import type { ContainersScope } from '../utils/ContainersScope';
import { maxYardSelection } from '../utils/maxYardSelection';

// The list's actions: the writes behind WriteGuard (disabled with the reason when read-only),
// then the reads anyone here may use, the selection count and Reload.
export function ContainersToolbar({
  scope,
  actions,
  readOnlyReason,
  reloading,
  onReload,
}: {
  scope: ContainersScope;
  actions: ContainerActions;
  readOnlyReason: string | null;
  reloading: boolean;
  onReload: () => void;
}) {
  const selectedCount = actions.selected.length;
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={actions.editSelected}
            data-testid={`containers-${scope}-edit`}
          >
            Edit
          </Button>
        </WriteGuard>
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTrash size={14} />}
            loading={actions.deleting}
            onClick={actions.deleteSelected}
            data-testid={`containers-${scope}-delete`}
          >
            Delete
          </Button>
        </WriteGuard>
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMapPin size={14} />}
            onClick={actions.startLocationUpdate}
            data-testid={`containers-${scope}-update-location`}
          >
            Update location
          </Button>
        </WriteGuard>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <WriteGuard reason={readOnlyReason}>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconBell size={14} />}
                rightSection={<IconChevronDown size={12} />}
                loading={actions.settingMovementAlert}
                data-testid={`containers-${scope}-movement-alert`}
              >
                Movement alert
              </Button>
            </WriteGuard>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconBellRinging size={14} />}
              onClick={() => actions.setMovementAlert(true)}
              data-testid={`containers-${scope}-movement-alert-on`}
            >
              Alert on movement
            </Menu.Item>
            <Menu.Item
              leftSection={<IconBellOff size={14} />}
              onClick={() => actions.setMovementAlert(false)}
              data-testid={`containers-${scope}-movement-alert-off`}
            >
              No alert
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Divider orientation="vertical" />
        <Button
          size="xs"
          variant="default"
          leftSection={<IconMapSearch size={14} />}
          onClick={actions.showOnMap}
          data-testid={`containers-${scope}-map`}
        >
          Yard map
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconHistory size={14} />}
          onClick={actions.movementsOfSelected}
          data-testid={`containers-${scope}-movements`}
        >
          Movements
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileExport size={14} />}
          onClick={actions.openExport}
          data-testid={`containers-${scope}-export`}
        >
          Export
        </Button>
      </Group>
      <Group gap="xs">
        <ReadOnlyBadge reason={readOnlyReason} testId={`containers-${scope}-read-only`} />
        {selectedCount > 0 && (
          <Badge variant="light" size="lg" tt="none" data-testid={`containers-${scope}-selected-count`}>
            {selectedCount}
            {scope === 'yard' ? ` of ${maxYardSelection}` : ''} selected
          </Badge>
        )}
        <Tooltip label="Reload">
          <ActionIcon
            variant="subtle"
            aria-label="Reload containers"
            loading={reloading}
            onClick={onReload}
            data-testid={`containers-${scope}-refresh`}
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
