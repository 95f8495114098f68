import { useMemo } from 'react';
import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { sizeClass, type Container, type LocationDraft, type YardLayout } from '@openyard/contracts';
import { formatDateTime } from '../../../ui/formatDateTime';
import { LocationEditor } from '../components/LocationEditor';
import type { ContainersScope } from '../utils/ContainersScope';

// The containers table's columns (their ids are the call's sortBy names); the location cell turns
// into the location editor for the rows being moved (`drafts`). Times in the yard's time zone.
export function useContainerColumns({
  scope,
  timeZone,
  drafts,
  layout,
  onDraftChange,
}: {
  scope: ContainersScope;
  timeZone: string | undefined;
  drafts: ReadonlyMap<number, LocationDraft> | null;
  layout: YardLayout | undefined;
  onDraftChange: (containerId: number, draft: LocationDraft) => void;
}): ColumnDef<Container>[] {
  return useMemo<ColumnDef<Container>[]>(() => {
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
          if (draft && layout)
            return (
              <LocationEditor
                draft={draft}
                size={row.original.size}
                layout={layout}
                onChange={(next) => onDraftChange(row.original.id, next)}
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
  }, [drafts, layout, onDraftChange, scope, timeZone]);
}
