import { useState } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { PAGE_SIZES, type AllocationRowColour } from '@openyard/contracts';
import { DataTable } from '../../../ui/DataTable';
import type { ListSort } from '../../../ui/ListSort';
import { useAllocationColumns } from '../hooks/useAllocationColumns';
import type { ShownAllocation } from '../utils/allocationEdits';
import { ALLOCATION_SORT_COLUMNS, filterAllocations, sortAllocations } from '../utils/allocationList';
import { ALLOCATION_TONES } from '../utils/allocationTone';

// The day's allocations as a list (spec 2 §2 "a list with sort and filter"): filtered by machine or
// area, sorted by a column over every row, 15 to a page (spec 2 §9), rows in the colours of spec 2 §4.
export function AllocationsList({
  allocations,
  timeZone,
  toneOf,
  loading,
  error,
  onRetry,
  selectedKeys,
  onSelect,
  canWrite,
  onDelete,
}: {
  allocations: readonly ShownAllocation[];
  timeZone: string | undefined;
  toneOf: (allocation: ShownAllocation) => AllocationRowColour;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  selectedKeys: readonly string[];
  onSelect: (keys: string[]) => void;
  canWrite: boolean;
  onDelete: (allocation: ShownAllocation) => void;
}) {
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<ListSort | null>(null);
  const [page, setPage] = useState(1);
  const columns = useAllocationColumns(timeZone, toneOf);
  const pageSize = PAGE_SIZES.allocations;
  const rows = sortAllocations(filterAllocations(allocations, filter), sort);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const shownPage = Math.min(page, pages);

  return (
    <Stack gap="xs">
      <TextInput
        size="xs"
        w={300}
        leftSection={<IconFilter size={14} />}
        placeholder="Filter by machine or area"
        aria-label="Filter by machine or area"
        value={filter}
        onChange={(event) => {
          setFilter(event.currentTarget.value);
          setPage(1);
        }}
        data-testid="allocations-filter"
      />
      <DataTable
        columns={columns}
        rows={rows.slice((shownPage - 1) * pageSize, shownPage * pageSize)}
        rowKey={(row) => String(row.id)}
        pagination={{ page: shownPage, pageSize, totalCount: rows.length, onPageChange: setPage }}
        serverSort={{
          columns: ALLOCATION_SORT_COLUMNS,
          value: sort,
          onChange: (next) => {
            setSort(next);
            setPage(1);
          },
        }}
        loading={loading}
        error={error}
        onRetry={onRetry}
        emptyText={filter ? 'No allocation matches the filter' : 'No allocations on this day'}
        selection={{ mode: 'multi', selectedKeys, onChange: onSelect }}
        rowActions={canWrite ? { delete: onDelete } : undefined}
        rowTone={(row) => {
          const tone = toneOf(row);
          return { background: ALLOCATION_TONES[tone].background, color: ALLOCATION_TONES[tone].text, name: tone };
        }}
        dense
        minWidth={700}
        label="Machine allocations"
        testId="allocations-table"
      />
    </Stack>
  );
}
