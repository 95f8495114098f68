import { useState, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { StatusResponse, UploadFile, UploadResult } from '@openyard/contracts';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { confirmDialog } from '../../../ui/confirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { useListSearch } from '../hooks/useListSearch';
import { useRowSelection } from '../hooks/useRowSelection';
import { TrailersListToolbar } from './TrailersListToolbar';
import { UploadResultsModal } from './UploadResultsModal';
import { UploadSheetButton } from './UploadSheetButton';
import { queryListProps } from '../../../ui/queryListProps';

// A list kept by hand or by sheet upload: the PLA cards and permanent trailers tabs (spec 3 §2,
// §7). Search, paging with the spec's offsets, add / edit / delete (one selected, confirmed), and
// the upload whose per-row results are shown; writes behind WriteGuard.
export function SheetListTab<T extends { id: number }>({
  testId,
  label,
  uploadTitle,
  searchPlaceholder,
  emptyText,
  access,
  pageSize,
  useRows,
  columns,
  remove,
  upload,
  nameOf,
  renderForm,
}: {
  testId: string;
  label: string;
  uploadTitle: string;
  searchPlaceholder: string;
  emptyText: string;
  access: ScreenAccess;
  pageSize: number;
  useRows: (page: number, pageSize: number, searchText: string) => UseQueryResult<{ rows: T[]; totalCount: number }>;
  columns: ColumnDef<T>[];
  remove: UseMutationResult<StatusResponse, Error, number>;
  upload: UseMutationResult<UploadResult, Error, UploadFile>;
  nameOf: (row: T) => string;
  renderForm: (row: T | null, onClose: () => void) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const search = useListSearch(() => setPage(1));
  const list = useRows(page, pageSize, search.searched);
  const rows = list.data?.rows ?? [];
  const totalCount = list.data?.totalCount ?? 0;
  const selection = useRowSelection(rows);
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [uploaded, setUploaded] = useState<UploadResult | null>(null);
  const { canWrite, readOnlyReason } = access;

  const changePage = (next: number) => {
    selection.clear();
    setPage(next);
  };

  const deleteOne = async (row: T) => {
    const confirmed = await confirmDialog({ title: `Delete ${nameOf(row)}`, confirmLabel: 'Delete', danger: true });
    if (!confirmed) return;
    remove.mutate(row.id, {
      onSuccess: () => {
        selection.clear();
        if (rows.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  return (
    <Stack gap="sm">
      <TrailersListToolbar
        testId={testId}
        search={search.text}
        onSearch={search.change}
        searchPlaceholder={searchPlaceholder}
        readOnlyReason={readOnlyReason}
        onAdd={() => setEditing({ row: null })}
        onEdit={() => {
          const row = selection.one();
          if (row) setEditing({ row });
        }}
        onDelete={() => {
          const row = selection.one();
          if (row) void deleteOne(row);
        }}
        deleting={remove.isPending}
        reloading={list.isFetching}
        onReload={() => void list.refetch()}
      >
        <UploadSheetButton
          readOnlyReason={readOnlyReason}
          uploading={upload.isPending}
          onFile={(file) =>
            upload.mutate({ name: file.name, type: file.type, content: file }, { onSuccess: setUploaded })
          }
          testId={`${testId}-upload`}
        />
      </TrailersListToolbar>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.id)}
        pagination={{ page, pageSize, totalCount, onPageChange: changePage }}
        {...queryListProps(list)}
        emptyText={emptyText}
        selection={{ mode: 'single', selectedKeys: selection.selectedKeys, onChange: selection.setSelectedKeys }}
        rowActions={
          canWrite
            ? {
                open: { label: 'edit', run: (row) => setEditing({ row }) },
                edit: (row) => setEditing({ row }),
                delete: (row) => void deleteOne(row),
              }
            : undefined
        }
        dense
        minWidth={700}
        label={label}
        testId={`${testId}-table`}
      />
      {editing && renderForm(editing.row, () => setEditing(null))}
      {uploaded && <UploadResultsModal title={uploadTitle} result={uploaded} onClose={() => setUploaded(null)} />}
    </Stack>
  );
}
