import { useState } from 'react';
import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconRefresh } from '@tabler/icons-react';
import { PAGE_SIZES, type Machine } from '@openyard/contracts';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { DataTable } from '../../../ui/DataTable';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { ReadOnlyBadge, WriteGuard } from '../../../ui/WriteGuard';
import { useRowSelection } from '../../trailers/hooks/useRowSelection';
import { useMachineColumns } from '../hooks/useMachineColumns';
import type { MapMarker } from '../utils/MapMarker';
import { MachineFormModal } from './MachineFormModal';

// The Operations tab: the machines, a page of PAGE_SIZES.machines at a time (the screen holds them
// all for the map), with add and edit.
export function MachinesTab({
  access,
  machines,
  markers,
  loading,
  error,
  reloading,
  onReload,
}: {
  access: ScreenAccess;
  machines: readonly Machine[];
  markers: ReadonlyMap<number, MapMarker>;
  loading: boolean;
  error: unknown;
  reloading: boolean;
  onReload: () => void;
}) {
  const pageSize = PAGE_SIZES.machines;
  const [page, setPage] = useState(1);
  const selection = useRowSelection(machines);
  const [editing, setEditing] = useState<{ machine: Machine | null } | null>(null);
  const columns = useMachineColumns(markers);
  const rows = [...machines].sort((a, b) => a.id - b.id).slice((page - 1) * pageSize, page * pageSize);
  const { canWrite, readOnlyReason } = access;

  const editSelected = () => {
    const machine = selection.one();
    if (machine) setEditing({ machine });
  };

  return (
    <>
      <Group justify="space-between" gap="xs" mb="sm">
        <Group gap="xs">
          <WriteGuard reason={readOnlyReason}>
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setEditing({ machine: null })}
              data-testid="machines-add"
            >
              Add
            </Button>
          </WriteGuard>
          <WriteGuard reason={readOnlyReason}>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} />}
              onClick={editSelected}
              data-testid="machines-edit"
            >
              Edit
            </Button>
          </WriteGuard>
        </Group>
        <Group gap="xs">
          <ReadOnlyBadge reason={readOnlyReason} testId="machines-read-only" />
          <Tooltip label="Reload">
            <ActionIcon variant="default" loading={reloading} onClick={onReload} aria-label="Reload">
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(machine) => String(machine.id)}
        pagination={{ page, pageSize, totalCount: machines.length, onPageChange: setPage }}
        loading={loading}
        error={error ? errorMessageOf(error) : null}
        onRetry={onReload}
        emptyText="No machines yet"
        selection={{ mode: 'single', selectedKeys: selection.selectedKeys, onChange: selection.setSelectedKeys }}
        rowActions={
          canWrite
            ? {
                open: { label: 'edit', run: (machine) => setEditing({ machine }) },
                edit: (machine) => setEditing({ machine }),
              }
            : undefined
        }
        dense
        minWidth={1000}
        label="Machines"
        testId="machines-table"
      />
      {editing && <MachineFormModal machine={editing.machine} onClose={() => setEditing(null)} />}
    </>
  );
}
