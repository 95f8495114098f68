import { useMemo } from 'react';
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { QueuedContainer } from '@openyard/contracts';
import type { Assignments } from '../utils/planAssignments';

// Where a listed container stands in the plan being made (spec 2 §3 planned): assigned and not
// saved, in this plan as saved, held by another plan, or without a slot.
export type QueuedState =
  | { kind: 'unsaved'; slot: string }
  | { kind: 'planned'; slot: string }
  | { kind: 'otherPlan'; slot: string | null; planId: number }
  | { kind: 'open' };

export function queuedStateOf(
  row: QueuedContainer,
  assignments: Assignments,
  baseline: Assignments,
  planId: number | null,
): QueuedState {
  const slot = assignments.get(row.containerNumber);
  if (slot !== undefined)
    return baseline.get(row.containerNumber) === slot ? { kind: 'planned', slot } : { kind: 'unsaved', slot };
  if (row.planId !== null && row.planId !== planId)
    return { kind: 'otherPlan', slot: row.slotFullName, planId: row.planId };
  return { kind: 'open' };
}

// The queued containers' columns (spec 2 §3 Queued container): number, size, liner, category, IGM
// and job order, and the slot: unsaved ones can be given back from here.
export function useQueuedColumns({
  assignments,
  baseline,
  planId,
  onUnassign,
  canWrite,
}: {
  assignments: Assignments;
  baseline: Assignments;
  planId: number | null;
  onUnassign: (containerNumber: string) => void;
  canWrite: boolean;
}): ColumnDef<QueuedContainer>[] {
  return useMemo(
    () => [
      {
        id: 'containerNumber',
        header: 'Container',
        accessorFn: (row) => row.containerNumber,
        cell: ({ row }) => (
          <Text span ff="monospace" size="xs" fw={600}>
            {row.original.containerNumber}
          </Text>
        ),
      },
      { id: 'size', header: 'Size', accessorFn: (row) => row.size },
      { id: 'liner', header: 'Liner', accessorFn: (row) => row.liner ?? '' },
      { id: 'category', header: 'Category', accessorFn: (row) => row.category ?? '' },
      { id: 'igmNumber', header: 'IGM', accessorFn: (row) => row.igmNumber ?? '' },
      { id: 'jobOrderNumber', header: 'Job order', accessorFn: (row) => row.jobOrderNumber ?? '' },
      {
        id: 'slot',
        header: 'Slot',
        accessorFn: (row) => assignments.get(row.containerNumber) ?? row.slotFullName ?? '',
        cell: ({ row }) => {
          const state = queuedStateOf(row.original, assignments, baseline, planId);
          const reason = row.original.slotReason;
          switch (state.kind) {
            case 'unsaved':
              return (
                <Group gap={2} wrap="nowrap" data-testid="planning-slot" data-state="unsaved" data-slot={state.slot}>
                  <Badge color="yellow" variant="outline" tt="none" radius="sm" style={{ borderStyle: 'dashed' }}>
                    {state.slot}
                  </Badge>
                  {canWrite && (
                    <ActionIcon
                      size="xs"
                      variant="subtle"
                      color="gray"
                      aria-label={`Give back the slot of ${row.original.containerNumber}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        onUnassign(row.original.containerNumber);
                      }}
                    >
                      <IconX size={12} />
                    </ActionIcon>
                  )}
                </Group>
              );
            case 'planned':
              return (
                <Badge
                  color="yellow"
                  variant="light"
                  tt="none"
                  radius="sm"
                  data-testid="planning-slot"
                  data-state="planned"
                  data-slot={state.slot}
                >
                  {state.slot}
                </Badge>
              );
            case 'otherPlan':
              return (
                <Tooltip label={`Planned by plan ${state.planId}`}>
                  <Badge
                    color="gray"
                    variant="light"
                    tt="none"
                    radius="sm"
                    data-testid="planning-slot"
                    data-state="other"
                  >
                    {state.slot ?? 'planned'}
                  </Badge>
                </Tooltip>
              );
            case 'open':
              return reason ? (
                <Tooltip label={reason} multiline w={260}>
                  <Text size="xs" c="dimmed" td="underline dotted">
                    none
                  </Text>
                </Tooltip>
              ) : (
                <Text size="xs" c="dimmed">
                  —
                </Text>
              );
          }
        },
      },
    ],
    [assignments, baseline, planId, onUnassign, canWrite],
  );
}
