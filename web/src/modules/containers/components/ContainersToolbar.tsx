import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Divider, Group, Menu, Tooltip } from '@mantine/core';
import {
  IconBell,
  IconBellOff,
  IconBellRinging,
  IconChevronDown,
  IconFileExport,
  IconFileSpreadsheet,
  IconHistory,
  IconMail,
  IconMapPin,
  IconMapSearch,
  IconPencil,
  IconQrcode,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { ReadOnlyBadge, WriteGuard } from '../../../ui/WriteGuard';
import type { ContainerActions } from '../hooks/useContainerActions';
import { BatchFilesModal } from './BatchFilesModal';
import type { ContainersScope } from '../utils/ContainersScope';
import { maxYardSelection } from '../utils/maxYardSelection';

interface ToolbarAction {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  loading?: boolean;
}

// One of the toolbar's plain buttons; `containers-${scope}-${key}` is its test id. `disabled` is
// WriteGuard's, for a write the user may not make.
function ToolbarButton({
  scope,
  action,
  disabled,
}: {
  scope: ContainersScope;
  action: ToolbarAction;
  disabled?: boolean;
}) {
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={action.icon}
      loading={action.loading}
      disabled={disabled}
      onClick={action.onClick}
      data-testid={`containers-${scope}-${action.key}`}
    >
      {action.label}
    </Button>
  );
}

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
  const [batchOpen, setBatchOpen] = useState(false);
  const writes: ToolbarAction[] = [
    { key: 'edit', label: 'Edit', icon: <IconPencil size={14} />, onClick: actions.editSelected },
    {
      key: 'delete',
      label: 'Delete',
      icon: <IconTrash size={14} />,
      onClick: actions.deleteSelected,
      loading: actions.deleting,
    },
    {
      key: 'update-location',
      label: 'Update location',
      icon: <IconMapPin size={14} />,
      onClick: actions.startLocationUpdate,
    },
    { key: 'survey-mail', label: 'Survey mail', icon: <IconMail size={14} />, onClick: actions.mailSurveys },
    { key: 'status-link', label: 'Status link', icon: <IconQrcode size={14} />, onClick: actions.showStatusLink },
    // Batch gate-in, batch dispatch and the ERP's sync file (spec 1 §2).
    { key: 'batch', label: 'Batch files', icon: <IconFileSpreadsheet size={14} />, onClick: () => setBatchOpen(true) },
  ];
  const reads: ToolbarAction[] = [
    { key: 'map', label: 'Yard map', icon: <IconMapSearch size={14} />, onClick: actions.showOnMap },
    { key: 'movements', label: 'Movements', icon: <IconHistory size={14} />, onClick: actions.movementsOfSelected },
    { key: 'export', label: 'Export', icon: <IconFileExport size={14} />, onClick: actions.openExport },
  ];
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        {writes.map((action) => (
          <WriteGuard key={action.key} reason={readOnlyReason}>
            <ToolbarButton scope={scope} action={action} />
          </WriteGuard>
        ))}
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
        {reads.map((action) => (
          <ToolbarButton key={action.key} scope={scope} action={action} />
        ))}
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
      <BatchFilesModal opened={batchOpen} onClose={() => setBatchOpen(false)} onDone={onReload} />
    </Group>
  );
}
