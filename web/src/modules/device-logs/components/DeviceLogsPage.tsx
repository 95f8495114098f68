import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, SegmentedControl, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowUp, IconRefresh } from '@tabler/icons-react';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useAtomValue } from 'jotai';
import { DEVICE_LOG_FILTERS, type DeviceLogEntry, type DeviceLogPage, PAGE_SIZES } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import { DataTable } from '../../../ui/DataTable';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { formatDateTime } from '../../../ui/formatDateTime';
import { useDeviceIds } from '../hooks/useDeviceIds';
import { useDeviceLogs } from '../hooks/useDeviceLogs';
import { useDeviceLogsLive } from '../hooks/useDeviceLogsLive';
import { allDevices } from '../utils/allDevices';
import type { DeviceLogFilter } from '../utils/DeviceLogFilter';
import { deviceLogsQueryKeys } from '../utils/deviceLogsQueryKeys';
import { entryMatches } from '../utils/entryMatches';
import { withNewEntry } from '../utils/withNewEntry';
import { DeviceLogTypeBadge } from './DeviceLogTypeBadge';
import { queryListProps } from '../../../ui/queryListProps';

const isFilter = (value: string): value is DeviceLogFilter => (DEVICE_LOG_FILTERS as readonly string[]).includes(value);

// /device-logs: a device picker, a filter and a paged table (spec 1 §2, §9). New entries arrive
// live: on the first page they appear on top; further back a notice offers to go to them.
export function DeviceLogsPage() {
  const queryClient = useQueryClient();
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const [deviceId, setDeviceId] = useState<string>(allDevices);
  const [filter, setFilter] = useState<DeviceLogFilter>('All');
  const [page, setPage] = useState(1);
  const [unseenCount, setUnseenCount] = useState(0);
  const [liveIds, setLiveIds] = useState<ReadonlySet<number>>(new Set());
  const logs = useDeviceLogs(deviceId, filter, page);
  const deviceIds = useDeviceIds();

  const liveRefusal = useDeviceLogsLive((entry) => {
    if (!entryMatches(entry, deviceId, filter)) return;
    // Offsets of every other page moved by one: let them reload when next shown.
    void queryClient.invalidateQueries({ queryKey: deviceLogsQueryKeys.pages, refetchType: 'none' });
    if (page !== 1) {
      setUnseenCount((count) => count + 1);
      return;
    }
    const key = deviceLogsQueryKeys.page(deviceId, filter, 1);
    // Until the first page has loaded its snapshot will bring the entry itself.
    queryClient.setQueryData<DeviceLogPage>(key, (current) =>
      current === undefined ? current : withNewEntry(current, entry),
    );
    setLiveIds((ids) => new Set(ids).add(entry.id));
  });

  const showList = (next: { deviceId?: string; filter?: DeviceLogFilter; page?: number }) => {
    setDeviceId(next.deviceId ?? deviceId);
    setFilter(next.filter ?? filter);
    setPage(next.page ?? 1);
    setLiveIds(new Set());
    if ((next.page ?? 1) === 1) setUnseenCount(0);
  };

  const goToNewest = () => {
    showList({ page: 1 });
    void queryClient.invalidateQueries({ queryKey: deviceLogsQueryKeys.page(deviceId, filter, 1) });
  };

  const deviceOptions = useMemo(
    () => [
      { value: allDevices, label: 'All devices' },
      ...[...(deviceIds.data ?? [])]
        .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
        .map((id) => ({ value: id, label: id })),
    ],
    [deviceIds.data],
  );

  const columns = useMemo<ColumnDef<DeviceLogEntry>[]>(
    () => [
      {
        id: 'time',
        header: 'Time',
        accessorFn: (entry) => entry.receivedAt,
        cell: ({ row }) => (
          <Group gap={6} wrap="nowrap">
            <Text inherit ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(row.original.receivedAt, timeZone)}
            </Text>
            {liveIds.has(row.original.id) && (
              <Badge size="xs" variant="dot" color="harbour" aria-label="Arrived live">
                new
              </Badge>
            )}
          </Group>
        ),
      },
      {
        id: 'device',
        header: 'Device',
        accessorFn: (entry) => entry.deviceId,
        cell: ({ row }) => (
          <Text inherit ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {row.original.deviceId}
          </Text>
        ),
      },
      {
        id: 'type',
        header: 'Type',
        accessorFn: (entry) => entry.type,
        cell: ({ row }) => <DeviceLogTypeBadge type={row.original.type} />,
      },
      {
        id: 'message',
        header: 'Message',
        accessorFn: (entry) => entry.message,
        cell: ({ row }) => (
          <Text inherit style={{ wordBreak: 'break-word' }}>
            {row.original.message}
          </Text>
        ),
      },
      {
        id: 'topic',
        header: 'Topic',
        accessorFn: (entry) => entry.topic ?? '',
        cell: ({ row }) => (
          <Text inherit ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {row.original.topic ?? '—'}
          </Text>
        ),
      },
    ],
    [liveIds, timeZone],
  );

  const rows = logs.data?.entities ?? [];
  return (
    <Stack gap="sm">
      <LiveUnavailableNotice refusal={liveRefusal} compact />
      <Group justify="space-between" gap="xs" align="flex-end">
        <Group gap="sm" align="flex-end">
          <Select
            size="xs"
            w={220}
            label="Device"
            data={deviceOptions}
            value={deviceId}
            onChange={(value) => showList({ deviceId: value ?? allDevices })}
            allowDeselect={false}
            searchable
            nothingFoundMessage="No such device"
            error={deviceIds.error ? errorMessageOf(deviceIds.error) : undefined}
            data-testid="device-logs-device"
          />
          <Stack gap={4}>
            <Text size="xs" fw={500}>
              Filter
            </Text>
            <SegmentedControl
              size="xs"
              data={[...DEVICE_LOG_FILTERS]}
              value={filter}
              onChange={(value) => {
                if (isFilter(value)) showList({ filter: value });
              }}
              aria-label="Entry type filter"
              data-testid="device-logs-filter"
            />
          </Stack>
        </Group>
        <Group gap="xs">
          {unseenCount > 0 && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArrowUp size={14} />}
              onClick={goToNewest}
              data-testid="device-logs-new-entries"
            >
              {unseenCount} new {unseenCount === 1 ? 'entry' : 'entries'}
            </Button>
          )}
          <Tooltip label="Reload">
            <ActionIcon
              variant="subtle"
              aria-label="Reload device logs"
              loading={logs.isFetching}
              onClick={() => void logs.refetch()}
              data-testid="device-logs-refresh"
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(entry) => String(entry.id)}
        pagination={{
          page,
          pageSize: PAGE_SIZES.deviceLogs,
          totalCount: logs.data?.totalCount ?? 0,
          onPageChange: (next) => showList({ page: next }),
        }}
        {...queryListProps(logs)}
        emptyText={
          deviceId === allDevices && filter === 'All'
            ? 'No device has logged anything yet'
            : 'No entries for this device and filter'
        }
        dense
        minWidth={900}
        label="Device logs"
        testId="device-logs-table"
      />
    </Stack>
  );
}
