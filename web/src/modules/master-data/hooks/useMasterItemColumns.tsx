import { useMemo } from 'react';
import { Badge, ColorSwatch, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import {
  MASTER_FIELD_LABELS,
  masterListOf,
  type MasterFieldKey,
  type MasterItem,
  type MasterListKey,
} from '@openyard/contracts';

function columnOf(field: MasterFieldKey): ColumnDef<MasterItem> {
  const header = MASTER_FIELD_LABELS[field];
  switch (field) {
    case 'color':
      return {
        id: field,
        header,
        accessorFn: (item) => item.color,
        cell: ({ row }) => (
          <Group gap={6} wrap="nowrap">
            <ColorSwatch color={row.original.color ?? 'transparent'} size={16} />
            <Text size="sm" ff="monospace">
              {row.original.color}
            </Text>
          </Group>
        ),
      };
    case 'prefixes':
      return {
        id: field,
        header,
        accessorFn: (item) => (item.prefixes ?? []).join(' '),
        cell: ({ row }) => (
          <Group gap={4}>
            {(row.original.prefixes ?? []).map((prefix) => (
              <Badge key={prefix} size="xs" variant="light" color="gray" ff="monospace">
                {prefix}
              </Badge>
            ))}
          </Group>
        ),
      };
    case 'activityGroupId':
      return { id: field, header, accessorFn: (item) => item.activityGroup };
    default:
      return { id: field, header, accessorFn: (item) => item[field] };
  }
}

// A list's columns, from its description: the fields it has, in the form's order.
export function useMasterItemColumns(list: MasterListKey): ColumnDef<MasterItem>[] {
  return useMemo(() => masterListOf(list).fields.map(columnOf), [list]);
}
