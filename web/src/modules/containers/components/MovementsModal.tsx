import { useMemo } from 'react';
import { Badge, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useAtomValue } from 'jotai';
import type { Movement, MovementSource } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import { AppModal } from '../../../ui/AppModal';
import { DataTable } from '../../../ui/DataTable';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { formatDateTime } from '../../../ui/formatDateTime';
import { useMovements } from '../hooks/useMovements';

const SOURCE_COLORS: Record<MovementSource, string> = {
  manual: 'harbour',
  gate: 'green',
  machine: 'violet',
  import: 'gray',
  planning: 'yellow',
};

const place = (location: string | null) =>
  location ? (
    <Text inherit ff="monospace">
      {location}
    </Text>
  ) : (
    <Text inherit c="dimmed">
      outside the yard
    </Text>
  );

// The movements view: every location change of the container, newest first, with who or what moved it.
export function MovementsModal({ containerNumber, onClose }: { containerNumber: string; onClose: () => void }) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const movements = useMovements(containerNumber);
  const columns = useMemo<ColumnDef<Movement>[]>(
    () => [
      {
        id: 'movedAt',
        header: 'When',
        accessorFn: (movement) => movement.movedAt,
        cell: ({ row }) => (
          <Text inherit ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(row.original.movedAt, timeZone)}
          </Text>
        ),
      },
      {
        id: 'from',
        header: 'From',
        accessorFn: (movement) => movement.fromLocation ?? '',
        cell: ({ row }) => place(row.original.fromLocation),
      },
      {
        id: 'to',
        header: 'To',
        accessorFn: (movement) => movement.toLocation ?? '',
        cell: ({ row }) => place(row.original.toLocation),
      },
      {
        id: 'source',
        header: 'Source',
        accessorFn: (movement) => movement.source,
        cell: ({ row }) => (
          <Badge size="sm" variant="light" color={SOURCE_COLORS[row.original.source]}>
            {row.original.source}
          </Badge>
        ),
      },
      {
        id: 'by',
        header: 'By',
        accessorFn: (movement) => movement.movedBy ?? movement.device ?? '',
        cell: ({ row }) => row.original.movedBy ?? row.original.device ?? '',
      },
    ],
    [timeZone],
  );
  const rows = useMemo(
    () => [...(movements.data?.entities ?? [])].sort((a, b) => b.movedAt - a.movedAt || b.id - a.id),
    [movements.data],
  );
  return (
    <AppModal opened onClose={onClose} title={`Movements of ${containerNumber}`} size="xl" centered>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(movement) => String(movement.id)}
        loading={movements.isPending}
        error={movements.error ? errorMessageOf(movements.error) : null}
        onRetry={() => void movements.refetch()}
        emptyText="No movements recorded"
        dense
        minWidth={640}
        label={`Movements of ${containerNumber}`}
        testId="movements-table"
      />
    </AppModal>
  );
}
