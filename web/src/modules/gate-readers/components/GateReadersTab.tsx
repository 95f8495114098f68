import { useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useSetAtom } from 'jotai';
import type { GateReader } from '@openyard/contracts';
import { DataTable } from '../../../ui/DataTable';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useGateReaders } from '../hooks/useGateReaders';
import { useReaderActions } from '../hooks/useReaderActions';
import { readerEditorState } from '../states/readerEditorState';
import { HealthBadge } from './HealthBadge';
import { HealthSummary } from './HealthSummary';
import { LastHeard } from './LastHeard';
import { LastTag } from './LastTag';
import { ReaderActions } from './ReaderActions';
import { RfStatusBadge } from './RfStatusBadge';

function matches(reader: GateReader, search: string): boolean {
  if (!search) return true;
  const needle = search.toLowerCase();
  return [reader.name, reader.ip, reader.readerType, reader.gate?.name ?? '', reader.mqttUsername].some((value) =>
    value.toLowerCase().includes(needle),
  );
}

// The Gate Readers tab: every reader with its gate, heartbeat age, RF status and health, live.
export function GateReadersTab({ canWrite }: { canWrite: boolean }) {
  const readers = useGateReaders();
  const openEditor = useSetAtom(readerEditorState);
  const actions = useReaderActions();
  const [search, setSearch] = useState('');

  const all = useMemo(() => readers.data ?? [], [readers.data]);
  const rows = useMemo(() => all.filter((reader) => matches(reader, search.trim())), [all, search]);

  const columns = useMemo<ColumnDef<GateReader>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorFn: (reader) => reader.name,
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text inherit fw={500}>
              {row.original.name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {row.original.mqttUsername}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'type',
        header: 'Type',
        accessorFn: (reader) => reader.readerType,
        cell: ({ row }) => row.original.readerType,
      },
      {
        id: 'ip',
        header: 'IP',
        accessorFn: (reader) => reader.ip,
        cell: ({ row }) => (
          <Text inherit ff="monospace">
            {row.original.ip}
          </Text>
        ),
      },
      {
        id: 'gate',
        header: 'Gate',
        accessorFn: (reader) => reader.gate?.name ?? '',
        cell: ({ row }) =>
          row.original.gate ? (
            row.original.gate.name
          ) : (
            <Text inherit c="dimmed">
              None
            </Text>
          ),
      },
      {
        id: 'lastStatus',
        header: 'Last status received',
        accessorFn: (reader) => reader.statusLastReceived ?? 0,
        cell: ({ row }) => (
          <LastHeard at={row.original.statusLastReceived} testId={`reader-last-heard-${row.original.id}`} />
        ),
      },
      {
        id: 'rfStatus',
        header: 'RF status',
        accessorFn: (reader) => reader.rfStatus ?? '',
        cell: ({ row }) => <RfStatusBadge rfStatus={row.original.rfStatus} />,
      },
      {
        id: 'health',
        header: 'Health',
        accessorFn: (reader) => reader.healthStatus,
        cell: ({ row }) => (
          <HealthBadge
            status={row.original.healthStatus}
            subject={`Reader ${row.original.name}`}
            testId={`reader-health-${row.original.id}`}
          />
        ),
      },
      { id: 'lastTag', header: 'Last tag', cell: ({ row }) => <LastTag readerId={row.original.id} /> },
      {
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        cell: ({ row }) => <ReaderActions reader={row.original} canWrite={canWrite} />,
      },
    ],
    [canWrite],
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={!canWrite}
            onClick={() => openEditor({ reader: null })}
            data-testid="readers-add"
          >
            Add reader
          </Button>
          <TextInput
            size="xs"
            w={220}
            placeholder="Search name, IP, gate"
            aria-label="Search readers"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-testid="readers-search"
          />
        </Group>
        <Group gap="md">
          <HealthSummary statuses={all.map((reader) => reader.healthStatus)} noun="readers" />
          <Tooltip label="Reload">
            <ActionIcon
              variant="subtle"
              aria-label="Reload readers"
              loading={readers.isFetching}
              onClick={() => void readers.refetch()}
              data-testid="readers-refresh"
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(reader) => String(reader.id)}
        loading={readers.isPending}
        error={readers.error ? errorMessageOf(readers.error) : null}
        onRetry={() => void readers.refetch()}
        emptyText={search.trim() ? 'No reader matches the search' : 'No readers yet'}
        rowActions={
          canWrite
            ? {
                open: { label: 'update', run: (reader) => openEditor({ reader }) },
                edit: (reader) => openEditor({ reader }),
                delete: (reader) => void actions.remove(reader),
              }
            : undefined
        }
        dense
        minWidth={1000}
        label="Gate readers"
        testId="readers-table"
      />
    </Stack>
  );
}
