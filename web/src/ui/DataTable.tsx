import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Center, Checkbox, Group, LoadingOverlay, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnDefTemplate,
  type SortingState,
} from '@tanstack/react-table';
import type { ListSort } from './ListSort';
import { ListState } from './ListState';
import { Pager } from './Pager';

export interface DataTablePagination {
  page: number;
  pageSize: number;
  totalCount: number;
  onPageChange: (page: number) => void;
}

// Sorting by the server across every page: the columns (by id, the call's names) it sorts by, the
// sort, and its change (the screen goes back to page 1). Without it a paged table sorts only the
// rows of its current page.
export interface DataTableServerSort {
  columns: readonly string[];
  value: ListSort | null;
  onChange: (sort: ListSort | null) => void;
}

// Controlled selection by row key. `single` replaces the selection on each click; `multi` adds up to `max`.
export type DataTableSelection =
  | { mode: 'single'; selectedKeys: readonly string[]; onChange: (keys: string[]) => void }
  | { mode: 'multi'; max?: number; selectedKeys: readonly string[]; onChange: (keys: string[]) => void };

// What a row does from the keyboard and the mouse. `open` runs on Enter and on a double-click;
// `edit` on E and `delete` on the Delete key, each only when the screen gives it (and the user may).
// The keys the table gives are listed in a line under it.
export interface DataTableRowActions<T> {
  open?: { label: string; run: (row: T) => void };
  edit?: (row: T) => void;
  delete?: (row: T) => void;
}

export interface DataTableProps<T> {
  columns: ColumnDef<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  // Server-side paging; without it the table shows every row it is given and no pager.
  pagination?: DataTablePagination;
  serverSort?: DataTableServerSort;
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
  rowActions?: DataTableRowActions<T>;
  // A row's own background, text colour and the name of its state (`data-row-tone`), where the spec
  // colours rows (the machine allocation list, spec 2 §4); a selected row shows its selection instead.
  rowTone?: (row: T) => { background: string; color: string; name: string } | null;
}

const SELECT_COLUMN_ID = '__select';

function ariaSortOf(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  if (sorted === 'asc') return 'ascending';
  if (sorted === 'desc') return 'descending';
  return 'none';
}

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
  serverSort,
  loading = false,
  error = null,
  onRetry,
  emptyText = 'No records found',
  selection,
  dense = false,
  minWidth = 600,
  label,
  testId = 'data-table',
  rowActions,
  rowTone,
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>([]);
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

  // With a server sort, only the columns the server sorts by sort, and the rows come in its order.
  const serverSorting: SortingState | null = serverSort
    ? serverSort.value
      ? [{ id: serverSort.value.sortBy, desc: serverSort.value.sortOrder === 'desc' }]
      : []
    : null;
  const tableColumns = serverSort
    ? columns.map((column) => ({ ...column, enableSorting: serverSort.columns.includes(column.id ?? '') }))
    : columns;

  // eslint-disable-next-line react-hooks/incompatible-library -- the table engine of DESIGN §8; this component is not compiler-memoized
  const table = useReactTable({
    data: rows,
    columns: selectColumn ? [selectColumn, ...tableColumns] : tableColumns,
    getRowId: (row) => rowKey(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    // Columns with a value (accessorFn) sort on a click of their heading. A server-sorted table asks
    // the server for the sorted pages; another paged table has only its current page here, so it
    // orders that page: the pages themselves keep the server's order.
    state: { sorting: serverSorting ?? sorting },
    onSortingChange: serverSort
      ? (updater) => {
          const [next] = typeof updater === 'function' ? updater(serverSorting ?? []) : updater;
          serverSort.onChange(next ? { sortBy: next.id, sortOrder: next.desc ? 'desc' : 'asc' } : null);
        }
      : setSorting,
    manualSorting: serverSort !== undefined,
    getSortedRowModel: getSortedRowModel(),
  });
  const sortHint = serverSort ? 'Sort all pages' : pagination ? 'Sort the rows of this page' : 'Sort';
  const sortedWithinPage = pagination !== undefined && serverSort === undefined && sorting.length > 0;

  const actionable =
    rowActions !== undefined && (rowActions.open ?? rowActions.edit ?? rowActions.delete) !== undefined;
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, original: T) => {
    // Keys typed in a field or on a button inside the row are theirs.
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const rowElement = event.currentTarget;
    let handled = true;
    if (event.key === 'Enter' && rowActions?.open) rowActions.open.run(original);
    else if ((event.key === 'e' || event.key === 'E') && rowActions?.edit) rowActions.edit(original);
    else if (event.key === 'Delete' && rowActions?.delete) rowActions.delete(original);
    else if (event.key === 'ArrowDown') (rowElement.nextElementSibling as HTMLElement | null)?.focus();
    else if (event.key === 'ArrowUp') (rowElement.previousElementSibling as HTMLElement | null)?.focus();
    else if (event.key === ' ' && selection) toggle(rowElement.dataset.rowKey ?? '');
    else handled = false;
    if (handled) event.preventDefault();
  };
  const keysHelp = actionable
    ? [
        rowActions.open && `Enter or double-click: ${rowActions.open.label}`,
        rowActions.edit && 'E: edit',
        rowActions.delete && 'Delete: delete',
        selection && 'Space: select',
        '↑ ↓: move between rows',
      ]
        .filter(Boolean)
        .join(' · ')
    : null;

  const columnCount = table.getVisibleLeafColumns().length;
  // Loading and empty in the table's body, a failure above it: the lists' one ListState.
  let placeholder: ReactNode = null;
  if (error && rows.length === 0) placeholder = <Text c="dimmed">—</Text>;
  else if (rows.length === 0)
    placeholder = <ListState loading={loading} error={null} count={0} emptyText={emptyText} testId={testId} />;

  return (
    <Stack gap="xs">
      {error && <ListState loading={loading} error={error} count={rows.length} onRetry={onRetry} testId={testId} />}
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
                    <Table.Th
                      key={header.id}
                      w={header.column.id === SELECT_COLUMN_ID ? 36 : undefined}
                      aria-sort={header.column.getCanSort() ? ariaSortOf(header.column.getIsSorted()) : undefined}
                    >
                      {header.isPlaceholder ? null : header.column.getCanSort() ? (
                        <UnstyledButton
                          onClick={header.column.getToggleSortingHandler()}
                          title={sortHint}
                          fz="inherit"
                          fw="inherit"
                          data-testid={`${testId}-sort-${header.column.id}`}
                        >
                          <Group gap={4} wrap="nowrap">
                            {renderTemplate(header.column.columnDef.header, header.getContext())}
                            {header.column.getIsSorted() === 'asc' ? (
                              <IconArrowUp size={12} aria-label="sorted ascending" />
                            ) : header.column.getIsSorted() === 'desc' ? (
                              <IconArrowDown size={12} aria-label="sorted descending" />
                            ) : (
                              <IconArrowsSort size={12} opacity={0.4} aria-hidden />
                            )}
                          </Group>
                        </UnstyledButton>
                      ) : (
                        renderTemplate(header.column.columnDef.header, header.getContext())
                      )}
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
                  const tone = rowTone?.(row.original) ?? null;
                  return (
                    <Table.Tr
                      key={row.id}
                      data-testid={`${testId}-row`}
                      data-row-key={row.id}
                      aria-selected={selection ? isSelected : undefined}
                      data-row-tone={tone?.name}
                      bg={isSelected ? 'var(--mantine-primary-color-light)' : tone?.background}
                      c={isSelected ? undefined : tone?.color}
                      style={selection || rowActions?.open ? { cursor: 'pointer' } : undefined}
                      onClick={selection ? () => toggle(row.id) : undefined}
                      tabIndex={actionable || selection ? 0 : undefined}
                      onKeyDown={actionable || selection ? (event) => onRowKeyDown(event, row.original) : undefined}
                      onDoubleClick={
                        rowActions?.open
                          ? (event) => {
                              // A double-click also clicked twice: the selection stays as it was.
                              if ((event.target as HTMLElement).closest('input, button, a, [role="combobox"]')) return;
                              rowActions.open?.run(row.original);
                            }
                          : undefined
                      }
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
      {(keysHelp ?? sortedWithinPage) && (
        <Group gap="md" wrap="wrap">
          {keysHelp && (
            <Text size="xs" c="dimmed" data-testid={`${testId}-keys`}>
              Keys on a row: {keysHelp}
            </Text>
          )}
          {sortedWithinPage && (
            <Text size="xs" c="dimmed" data-testid={`${testId}-sorted-page`}>
              Sorted within this page; the pages keep their order.
            </Text>
          )}
        </Group>
      )}
      {pagination && <Pager {...pagination} disabled={loading && rows.length === 0} testId={`${testId}-pager`} />}
    </Stack>
  );
}
