import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Divider, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconBell,
  IconBellOff,
  IconBellRinging,
  IconChevronDown,
  IconDeviceFloppy,
  IconFileExport,
  IconHistory,
  IconMapPin,
  IconMapSearch,
  IconPencil,
  IconRefresh,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useAtomValue } from 'jotai';
import {
  CONTAINER_SORT_FIELDS,
  locationUpdateItems,
  messages,
  parseSlotName,
  sizeClass,
  type Container,
  type ContainerSortField,
  type LocationDraft,
} from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import { confirmDialog } from '../../../ui/confirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { ExportDialog } from '../../../ui/ExportDialog';
import { formatDateTime } from '../../../ui/formatDateTime';
import type { ListSort } from '../../../ui/ListSort';
import { notifyAlert } from '../../../ui/notifyAlert';
import { notifyError } from '../../../ui/notifyError';
import { notifySuccess } from '../../../ui/notifySuccess';
import { useContainers } from '../hooks/useContainers';
import { useDeleteContainer } from '../hooks/useDeleteContainer';
import { useExportContainers } from '../hooks/useExportContainers';
import { useUpdateLocations } from '../hooks/useUpdateLocations';
import { useUpdateMovementAlert } from '../hooks/useUpdateMovementAlert';
import { useYardLayout } from '../hooks/useYardLayout';
import type { ContainerSearch } from '../utils/ContainerSearch';
import type { ContainersScope } from '../utils/ContainersScope';
import { maxYardSelection } from '../utils/maxYardSelection';
import { ContainerEditModal } from './ContainerEditModal';
import { LocationEditor } from './LocationEditor';
import { MovementsModal } from './MovementsModal';
import { YardMapModal } from './YardMapModal';

const SELECT_TO_MOVE = 'Select the containers to move first';
const SELECT_FOR_MAP = 'Select up to 10 containers to show on the map';
const NO_RIGHTS = 'Your role may not create or update here';

function draftOf(container: Container, slotFormat: string | undefined): LocationDraft {
  const parts = container.location ? parseSlotName(container.location, slotFormat) : null;
  return {
    containerId: container.id,
    number: container.containerNumber,
    previousLocation: container.location,
    area: parts?.area ?? null,
    row: parts?.row ?? null,
    column: parts?.column ?? null,
    height: parts?.height ?? null,
  };
}

// One tab of a scope: a search's paged containers with the screen's actions (spec 1 §2).
export function ContainersList({
  scope,
  search,
  page,
  pageSize,
  onPageChange,
  canWrite,
}: {
  scope: ContainersScope;
  search: ContainerSearch;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  canWrite: boolean;
}) {
  const metadata = useAtomValue(metadataState);
  const timeZone = metadata?.timeZone;
  const slotOptions = { slotFormat: metadata?.slotFormat, startHeight: metadata?.startHeight ?? 1 };
  // The columns sort every page on the server (their ids are the call's sortBy names).
  const [sort, setSort] = useState<ListSort<ContainerSortField> | null>(null);
  const containers = useContainers(scope, search, page, pageSize, sort);
  const layout = useYardLayout();
  const deleteContainer = useDeleteContainer();
  const movementAlert = useUpdateMovementAlert();
  const updateLocations = useUpdateLocations();
  const exportContainers = useExportContainers(scope, search, sort);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [editing, setEditing] = useState<Container | null>(null);
  const [movementsOf, setMovementsOf] = useState<string | null>(null);
  const [mapOf, setMapOf] = useState<string[] | null>(null);
  const [exportOpened, setExportOpened] = useState(false);
  // The rows whose location is being edited inline, by container id; null when not editing.
  const [drafts, setDrafts] = useState<Map<number, LocationDraft> | null>(null);

  const rows = useMemo(() => containers.data?.entities ?? [], [containers.data]);
  const totalCount = containers.data?.totalCount ?? 0;
  const selected = rows.filter((container) => selectedKeys.includes(String(container.id)));

  const changePage = (next: number) => {
    setSelectedKeys([]);
    setDrafts(null);
    onPageChange(next);
  };

  const changeSort = (next: ListSort | null) => {
    const field = CONTAINER_SORT_FIELDS.find((name) => name === next?.sortBy);
    setSort(next && field ? { sortBy: field, sortOrder: next.sortOrder } : null);
    changePage(1);
  };

  const selectedOne = (): Container | null => {
    const [first] = selected;
    if (selected.length !== 1 || !first) {
      notifyError(messages.selectOneRow);
      return null;
    }
    return first;
  };

  const deleteOne = async (container: Container) => {
    const confirmed = await confirmDialog({
      title: `Delete container ${container.containerNumber}`,
      message: messages.confirmDeleteContainer,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    deleteContainer.mutate(container.id, {
      onSuccess: (reply) => {
        notifySuccess(reply.message ?? messages.containerDeleted);
        setSelectedKeys([]);
        if (rows.length === 1 && page > 1) onPageChange(page - 1);
      },
      onError: (error) => notifyAlert(errorMessageOf(error)),
    });
  };

  const onMovementAlert = (on: boolean) => {
    if (!selected.length) {
      notifyError(messages.selectOneRow);
      return;
    }
    movementAlert.mutate(
      { containerIds: selected.map((container) => container.id), movementAlert: on },
      {
        onSuccess: () =>
          notifySuccess(
            `Movement alert ${on ? 'on' : 'off'} for ${selected.length} container${selected.length === 1 ? '' : 's'}`,
          ),
        onError: (error) => notifyAlert(errorMessageOf(error)),
      },
    );
  };

  const startLocationUpdate = () => {
    const movable = selected.filter((container) => !container.dispatched);
    if (!movable.length) {
      notifyError(SELECT_TO_MOVE);
      return;
    }
    setDrafts(new Map(movable.map((container) => [container.id, draftOf(container, slotOptions.slotFormat)])));
  };

  const saveLocations = () => {
    if (!drafts) return;
    const result = locationUpdateItems([...drafts.values()], slotOptions);
    if (!result.ok) {
      notifyError(result.error);
      return;
    }
    updateLocations.mutate(result.items, {
      onSuccess: (reply) => {
        notifySuccess(reply.message);
        setDrafts(null);
      },
      onError: (error) => notifyAlert(errorMessageOf(error)),
    });
  };

  const showOnMap = () => {
    if (!selected.length) {
      notifyError(SELECT_FOR_MAP);
      return;
    }
    if (selected.every((container) => container.location === null)) {
      notifyAlert(messages.locationNotAvailable);
      return;
    }
    setMapOf(selected.slice(0, maxYardSelection).map((container) => container.containerNumber));
  };

  const columns = useMemo<ColumnDef<Container>[]>(() => {
    const list: ColumnDef<Container>[] = [
      {
        id: 'containerNumber',
        header: 'Container',
        accessorFn: (container) => container.containerNumber,
        cell: ({ row }) => (
          <Group gap={6} wrap="nowrap">
            <Text inherit ff="monospace" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {row.original.containerNumber}
            </Text>
            {row.original.movementAlert && (
              <Tooltip label="Movement alert on">
                <IconBellRinging size={14} color="var(--mantine-color-yellow-5)" aria-label="Movement alert on" />
              </Tooltip>
            )}
            {row.original.hazardous && (
              <Badge size="xs" color="red" variant="light">
                HAZ
              </Badge>
            )}
          </Group>
        ),
      },
      {
        id: 'size',
        header: 'Size',
        accessorFn: (container) => container.size,
        cell: ({ row }) => (
          <Badge size="sm" variant="light" color={sizeClass(row.original.size) === 40 ? 'indigo' : 'gray'}>
            {row.original.sizeName}
          </Badge>
        ),
      },
      {
        id: 'containerType',
        header: 'Type',
        accessorFn: (container) => container.containerType ?? '',
        cell: ({ row }) => row.original.containerType ?? '',
      },
      {
        id: 'liner',
        header: 'Liner',
        accessorFn: (container) => container.liner ?? '',
        cell: ({ row }) =>
          row.original.liner ? (
            <Group gap={6} wrap="nowrap">
              <span
                aria-hidden
                style={{
                  width: 9,
                  height: 9,
                  borderRadius: 2,
                  flex: 'none',
                  background: row.original.linerColor ?? 'var(--mantine-color-gray-6)',
                }}
              />
              <Text inherit style={{ whiteSpace: 'nowrap' }}>
                {row.original.liner}
              </Text>
            </Group>
          ) : (
            ''
          ),
      },
      {
        id: 'process',
        header: 'Process',
        accessorFn: (container) => container.process ?? '',
        cell: ({ row }) => row.original.process ?? '',
      },
      {
        id: 'customer',
        header: 'Customer',
        accessorFn: (container) => container.customer ?? '',
        cell: ({ row }) => (
          <Text inherit lineClamp={1} maw={180} title={row.original.customer ?? undefined}>
            {row.original.customer ?? ''}
          </Text>
        ),
      },
      {
        id: 'igm',
        header: 'IGM:Item',
        accessorFn: (container) => `${container.igm ?? ''}:${container.item ?? ''}`,
        cell: ({ row }) =>
          row.original.igm ? (
            <Text inherit ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {row.original.igm}
              {row.original.item ? `:${row.original.item}` : ''}
            </Text>
          ) : (
            ''
          ),
      },
      {
        id: 'location',
        header: 'Location',
        accessorFn: (container) => container.location ?? '',
        cell: ({ row }) => {
          const draft = drafts?.get(row.original.id);
          if (draft && layout.data)
            return (
              <LocationEditor
                draft={draft}
                size={row.original.size}
                layout={layout.data}
                onChange={(next) => setDrafts((current) => new Map(current).set(row.original.id, next))}
                testId={`location-editor-${row.original.containerNumber}`}
              />
            );
          if (row.original.location)
            return (
              <Text inherit ff="monospace" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {row.original.location}
              </Text>
            );
          return (
            <Text inherit c="dimmed">
              —
            </Text>
          );
        },
      },
      {
        id: 'addeddate',
        header: 'Gate-in',
        accessorFn: (container) => container.addeddate,
        cell: ({ row }) => (
          <Text inherit style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(row.original.addeddate, timeZone)}
          </Text>
        ),
      },
      {
        id: 'lastMovedDate',
        header: 'Last moved',
        accessorFn: (container) => container.lastMovedDate ?? 0,
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text inherit style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(row.original.lastMovedDate, timeZone)}
            </Text>
            {row.original.locationUpdatedBy && (
              <Text size="xs" c="dimmed">
                by {row.original.locationUpdatedBy}
              </Text>
            )}
          </Stack>
        ),
      },
    ];
    if (scope === 'all')
      list.push({
        id: 'dispatched',
        header: 'Status',
        accessorFn: (container) => (container.dispatched ? 1 : 0),
        cell: ({ row }) =>
          row.original.dispatched ? (
            <Tooltip label={`Dispatched ${formatDateTime(row.original.dispatchDate, timeZone)}`}>
              <Badge size="sm" variant="outline" color="gray">
                Dispatched
              </Badge>
            </Tooltip>
          ) : (
            <Badge size="sm" variant="light" color="green">
              In yard
            </Badge>
          ),
      });
    return list;
  }, [drafts, layout.data, scope, timeZone]);

  const writeTip = (button: React.ReactElement) =>
    canWrite ? button : <Tooltip label={NO_RIGHTS}>{<span>{button}</span>}</Tooltip>;

  return (
    <Stack gap="sm">
      {drafts ? (
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
              Updating the location of {drafts.size} container{drafts.size === 1 ? '' : 's'}: pick area, row, column and
              tier; a missing tier is tier {slotOptions.startHeight}.
            </Text>
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconX size={14} />}
              onClick={() => setDrafts(null)}
              data-testid={`location-update-${scope}-cancel`}
            >
              Cancel
            </Button>
            <Button
              size="xs"
              leftSection={<IconDeviceFloppy size={14} />}
              loading={updateLocations.isPending}
              onClick={saveLocations}
              data-testid={`location-update-${scope}-save`}
            >
              Save locations
            </Button>
          </Group>
        </Group>
      ) : (
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            {writeTip(
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} />}
                disabled={!canWrite}
                onClick={() => {
                  const container = selectedOne();
                  if (container) setEditing(container);
                }}
                data-testid={`containers-${scope}-edit`}
              >
                Edit
              </Button>,
            )}
            {writeTip(
              <Button
                size="xs"
                variant="default"
                leftSection={<IconTrash size={14} />}
                disabled={!canWrite}
                loading={deleteContainer.isPending}
                onClick={() => {
                  const container = selectedOne();
                  if (container) void deleteOne(container);
                }}
                data-testid={`containers-${scope}-delete`}
              >
                Delete
              </Button>,
            )}
            {writeTip(
              <Button
                size="xs"
                variant="default"
                leftSection={<IconMapPin size={14} />}
                disabled={!canWrite}
                onClick={startLocationUpdate}
                data-testid={`containers-${scope}-update-location`}
              >
                Update location
              </Button>,
            )}
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                {writeTip(
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconBell size={14} />}
                    rightSection={<IconChevronDown size={12} />}
                    disabled={!canWrite}
                    loading={movementAlert.isPending}
                    data-testid={`containers-${scope}-movement-alert`}
                  >
                    Movement alert
                  </Button>,
                )}
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconBellRinging size={14} />}
                  onClick={() => onMovementAlert(true)}
                  data-testid={`containers-${scope}-movement-alert-on`}
                >
                  Alert on movement
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconBellOff size={14} />}
                  onClick={() => onMovementAlert(false)}
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
              onClick={showOnMap}
              data-testid={`containers-${scope}-map`}
            >
              Yard map
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconHistory size={14} />}
              onClick={() => {
                const container = selectedOne();
                if (container) setMovementsOf(container.containerNumber);
              }}
              data-testid={`containers-${scope}-movements`}
            >
              Movements
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFileExport size={14} />}
              onClick={() => setExportOpened(true)}
              data-testid={`containers-${scope}-export`}
            >
              Export
            </Button>
          </Group>
          <Group gap="xs">
            {!canWrite && (
              <Tooltip label={NO_RIGHTS}>
                <Badge variant="outline" color="gray" size="lg" tt="none" data-testid={`containers-${scope}-read-only`}>
                  Read only
                </Badge>
              </Tooltip>
            )}
            {selected.length > 0 && (
              <Badge variant="light" size="lg" tt="none" data-testid={`containers-${scope}-selected-count`}>
                {selected.length}
                {scope === 'yard' ? ` of ${maxYardSelection}` : ''} selected
              </Badge>
            )}
            <Tooltip label="Reload">
              <ActionIcon
                variant="subtle"
                aria-label="Reload containers"
                loading={containers.isFetching}
                onClick={() => void containers.refetch()}
                data-testid={`containers-${scope}-refresh`}
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      )}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(container) => String(container.id)}
        pagination={{ page, pageSize, totalCount, onPageChange: changePage }}
        serverSort={{ columns: CONTAINER_SORT_FIELDS, value: sort, onChange: changeSort }}
        loading={containers.isPending || (containers.isFetching && containers.isPlaceholderData)}
        error={containers.error ? errorMessageOf(containers.error) : null}
        onRetry={() => void containers.refetch()}
        emptyText={search.texts.length ? 'No containers match this search' : 'No containers in this period'}
        selection={
          scope === 'yard'
            ? { mode: 'multi', max: maxYardSelection, selectedKeys, onChange: setSelectedKeys }
            : { mode: 'multi', selectedKeys, onChange: setSelectedKeys }
        }
        rowActions={
          drafts
            ? undefined
            : {
                // Without create/update rights a row opens its movements, which anyone here may see.
                open: canWrite
                  ? { label: 'edit', run: setEditing }
                  : { label: 'movements', run: (container) => setMovementsOf(container.containerNumber) },
                edit: canWrite ? setEditing : undefined,
                delete: canWrite ? (container) => void deleteOne(container) : undefined,
              }
        }
        dense
        minWidth={1150}
        label={scope === 'yard' ? 'Containers in the yard' : 'All containers'}
        testId={`containers-table-${scope}`}
      />
      {editing && <ContainerEditModal container={editing} onClose={() => setEditing(null)} />}
      {movementsOf && <MovementsModal containerNumber={movementsOf} onClose={() => setMovementsOf(null)} />}
      {mapOf && <YardMapModal containerNumbers={mapOf} onClose={() => setMapOf(null)} />}
      <ExportDialog
        opened={exportOpened}
        onClose={() => setExportOpened(false)}
        title="Export report"
        currentPage={page}
        pageSize={pageSize}
        totalCount={totalCount}
        onExport={(range) => exportContainers.mutateAsync(range)}
      />
    </Stack>
  );
}
