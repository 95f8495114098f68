import { useState } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { messages, routes, type MachineShift } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { confirmDialog } from '../../../ui/confirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { ListActionsToolbar } from '../../../ui/ListActionsToolbar';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { notifyError } from '../../../ui/notifyError';
import { MachineScreensNav } from '../../allocations/components/MachineScreensNav';
import { useShiftColumns } from '../hooks/useShiftColumns';
import { useShifts } from '../hooks/useShifts';
import { useShiftsLive } from '../hooks/useShiftsLive';
import { useShiftWrites } from '../hooks/useShiftWrites';
import { ShiftFormModal } from './ShiftFormModal';

// /shifts: the machine shifts (spec 2 §2 "Machine shifts screen: list, add, edit and delete"), in
// the yard's clock, kept live. Writing them is the admins' (spec 2 §6), from the catalogue's access.
// A yard has a handful of shifts: the list is shown whole, by start time.
export function ShiftsPage() {
  const access = useScreenAccess({ write: routes.machineShifts.create.access });
  const list = useShifts();
  const refusal = useShiftsLive();
  const columns = useShiftColumns();
  const { save, remove } = useShiftWrites();
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ shift: MachineShift | null } | null>(null);
  if (!access) return null;

  const shifts = list.data?.shifts ?? [];
  const selected = shifts.filter((shift) => selectedKeys.includes(String(shift.id)));
  const edit = (shift?: MachineShift) => {
    const chosen = shift ?? (selected.length === 1 ? selected[0] : undefined);
    if (!chosen) notifyError(messages.selectOneRow);
    else setEditing({ shift: chosen });
  };
  const deleteSelected = async (rows: readonly MachineShift[] = selected) => {
    if (!rows.length) return;
    const confirmed = await confirmDialog({
      title: 'Delete shifts',
      message: messages.confirmDeleteShifts(rows.length),
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(
      rows.map((shift) => shift.id),
      { onSuccess: () => setSelectedKeys([]) },
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="md">
          <Title order={3}>Machine shifts</Title>
          <Text size="sm" c="dimmed">
            Times are the yard’s clock; a shift that ends before it starts ends on the next day.
          </Text>
        </Group>
        <MachineScreensNav />
      </Group>
      <LiveUnavailableNotice refusal={refusal} />
      <ListActionsToolbar
        testId="shifts"
        selectedCount={selected.length}
        multiDelete
        readOnlyReason={access.readOnlyReason}
        onAdd={() => setEditing({ shift: null })}
        onEdit={() => edit()}
        onDelete={() => void deleteSelected()}
        deleting={remove.isPending}
        reload={{ loading: list.isFetching, onReload: () => void list.refetch() }}
      />
      <DataTable
        columns={columns}
        rows={shifts}
        rowKey={(shift) => String(shift.id)}
        loading={list.isPending}
        error={list.error ? errorMessageOf(list.error) : null}
        onRetry={() => void list.refetch()}
        emptyText="No shifts yet"
        selection={{ mode: 'multi', selectedKeys, onChange: setSelectedKeys }}
        rowActions={
          access.canWrite
            ? {
                open: { label: 'edit', run: (shift) => edit(shift) },
                edit: (shift) => edit(shift),
                delete: (shift) => void deleteSelected(selected.length ? selected : [shift]),
              }
            : undefined
        }
        dense
        minWidth={500}
        label="Machine shifts"
        testId="shifts-table"
      />
      {editing && <ShiftFormModal shift={editing.shift} save={save} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
