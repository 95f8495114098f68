import { useMemo, type ReactNode } from 'react';
import { Alert, Box, Button, Center, Checkbox, Loader, LoadingOverlay, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { getCoreRowModel, useReactTable, type ColumnDef, type ColumnDefTemplate } from '@tanstack/react-table';
import { Pager } from './Pager';

export interface DataTablePagination {
  page: number;
  pageSize: number;
  totalCount: number;
  onPageChange: (page: number) => void;
}

// Controlled selection by row key. `single` replaces the selection on each click; `multi` adds up to `max`.
export type DataTableSelection =
  | { mode: 'single'; selectedKeys: readonly string[]; onChange: (keys: string[]) => void }
  | { mode: 'multi'; max?: number; selectedKeys: readonly string[]; onChange: (keys: string[]) => void };

export interface DataTableProps<T> {
  columns: ColumnDef<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  // Server-side paging; without it the table shows every row it is given and no pager.
  pagination?: DataTablePagination;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  emptyText?: string;
  selection?: DataTableSelection;
  dense?: boolean;
  // Below this width the table scrolls sideways instead of squeezing its columns.
  minWidth?: number;
  label?: string;
  testId?: string;
}

const SELECT_COLUMN_ID = '__select';

// Header and cell templates are called as plain functions, not mounted as components (as
// flexRender would do), so that columns defined inline with the screen's state keep their inputs
// mounted and focused between renders. A template that needs hooks returns a component element.
function renderTemplate<P extends object>(template: ColumnDefTemplate<P> | undefined, props: P): ReactNode {
  if (typeof template === 'function') return template(props) as ReactNode;
  return template ?? null;
}

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  pagination,
  loading = false,
  error = null,
  onRetry,
  emptyText = 'No records found',
  selection,
  dense = false,
  minWidth = 600,
  label,
  testId = 'data-table',
}: DataTableProps<T>) {
  const selected = useMemo(() => new Set(selection?.selectedKeys ?? []), [selection?.selectedKeys]);
  const atMax = selection?.mode === 'multi' && selection.max !== undefined && selected.size >= selection.max;

  const toggle = (key: string) => {
    if (!selection) return;
    const isSelected = selected.has(key);
    if (selection.mode === 'single') selection.onChange(isSelected ? [] : [key]);
    else if (isSelected) selection.onChange(selection.selectedKeys.filter((k) => k !== key));
    else if (!atMax) selection.onChange([...selection.selectedKeys, key]);
  };

  const pageKeys = rows.map(rowKey);
  const allOnPageSelected = pageKeys.length > 0 && pageKeys.every((key) => selected.has(key));
  const canSelectAll = selection?.mode === 'multi' && (selection.max === undefined || selection.max >= pageKeys.length);

  const selectColumn: ColumnDef<T> | null = selection
    ? {
        id: SELECT_COLUMN_ID,
        header: () =>
          canSelectAll ? (
            <Checkbox
              size="xs"
              aria-label="Select all rows on this page"
              checked={allOnPageSelected}
              indeterminate={!allOnPageSelected && pageKeys.some((key) => selected.has(key))}
              onChange={() =>
                selection.onChange(
                  allOnPageSelected
                    ? selection.selectedKeys.filter((key) => !pageKeys.includes(key))
                    : [...new Set([...selection.selectedKeys, ...pageKeys])],
                )
              }
            />
          ) : null,
        cell: ({ row }) => {
          const key = row.id;
          const isSelected = selected.has(key);
          return (
            <Checkbox
              size="xs"
              aria-label="Select row"
              checked={isSelected}
              disabled={!isSelected && atMax}
              onClick={(event) => event.stopPropagation()}
              onChange={() => toggle(key)}
            />
          );
        },
      }
    : null;

  // eslint-disable-next-line react-hooks/incompatible-library -- the table engine of DESIGN §8; this component is not compiler-memoized
  const table = useReactTable({
    data: rows,
    columns: selectColumn ? [selectColumn, ...columns] : columns,
    getRowId: (row) => rowKey(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
  });

  const columnCount = table.getVisibleLeafColumns().length;
  let placeholder: ReactNode = null;
  if (error && rows.length === 0) placeholder = <Text c="dimmed">—</Text>;
  else if (loading && rows.length === 0) placeholder = <Loader size="sm" aria-label="Loading" />;
  else if (rows.length === 0)
    placeholder = (
      <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
        {emptyText}
      </Text>
    );

  return (
    <Stack gap="xs">
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={16} />} data-testid={`${testId}-error`}>
          <Stack gap={6} align="flex-start">
            <Text size="sm">{error}</Text>
            {onRetry && (
              <Button size="xs" variant="light" color="red" onClick={onRetry}>
                Retry
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <Box pos="relative">
        <LoadingOverlay visible={loading && rows.length > 0} overlayProps={{ blur: 0, backgroundOpacity: 0.15 }} />
        <Table.ScrollContainer minWidth={minWidth} type="native">
          <Table
            striped
            highlightOnHover
            withTableBorder
            verticalSpacing={dense ? 2 : 'xs'}
            horizontalSpacing={dense ? 6 : 'sm'}
            fz={dense ? 'xs' : 'sm'}
            aria-label={label}
            aria-busy={loading}
            data-testid={testId}
          >
            <Table.Thead>
              {table.getHeaderGroups().map((headerGroup) => (
                <Table.Tr key={headerGroup.id}>
                  {headerGroup.headers.map((header) => (
                    <Table.Th key={header.id} w={header.column.id === SELECT_COLUMN_ID ? 36 : undefined}>
                      {header.isPlaceholder
                        ? null
                        : renderTemplate(header.column.columnDef.header, header.getContext())}
                    </Table.Th>
                  ))}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {placeholder ? (
                <Table.Tr>
                  <Table.Td colSpan={columnCount}>
                    <Center py="md">{placeholder}</Center>
                  </Table.Td>
                </Table.Tr>
              ) : (
                table.getRowModel().rows.map((row) => {
                  const isSelected = selected.has(row.id);
                  return (
                    <Table.Tr
                      key={row.id}
                      data-testid={`${testId}-row`}
                      data-row-key={row.id}
                      aria-selected={selection ? isSelected : undefined}
                      bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
                      style={selection ? { cursor: 'pointer' } : undefined}
                      onClick={selection ? () => toggle(row.id) : undefined}
                    >
                      {row.getVisibleCells().map((cell) => (
                        <Table.Td key={cell.id}>
                          {renderTemplate(cell.column.columnDef.cell, cell.getContext())}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      {pagination && <Pager {...pagination} disabled={loading && rows.length === 0} testId={`${testId}-pager`} />}
    </Stack>
  );
}
