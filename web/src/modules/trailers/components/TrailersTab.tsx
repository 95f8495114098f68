import { useState } from 'react';
import { Button, Stack, Switch } from '@mantine/core';
import { IconFileExport, IconTruckDelivery } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { mayDispatchTrailer, messages, type Trailer } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { confirmDialog } from '../../../ui/confirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { ExportDialog } from '../../../ui/ExportDialog';
import { notifyError } from '../../../ui/notifyError';
import { WriteGuard } from '../../../ui/WriteGuard';
import { useExportTrailers } from '../hooks/useExportTrailers';
import { useListSearch } from '../hooks/useListSearch';
import { useRowSelection } from '../hooks/useRowSelection';
import { useTrailerColumns } from '../hooks/useTrailerColumns';
import { useTrailers } from '../hooks/useTrailers';
import { useTrailersLive } from '../hooks/useTrailersLive';
import { useTrailerWrites } from '../hooks/useTrailerWrites';
import { DispatchTrailerModal } from './DispatchTrailerModal';
import { TrailerFormModal } from './TrailerFormModal';
import { TrailersListToolbar } from './TrailersListToolbar';
import { queryListProps } from '../../../ui/queryListProps';

// The Trailers tab: trailer visits, in the yard unless dispatched ones are included (spec 3 §4),
// with add, edit, delete, dispatch (one selected; a dispatched one only by admins, spec 3 §5) and
// export. Kept live by the topic `trailers`.
export function TrailersTab({ access, pageSize }: { access: ScreenAccess; pageSize: number }) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const [page, setPage] = useState(1);
  const [includeDispatched, setIncludeDispatched] = useState(false);
  const search = useListSearch(() => setPage(1));
  const trailers = useTrailers(page, pageSize, search.searched, includeDispatched);
  const liveRefusal = useTrailersLive(page, pageSize, search.searched, includeDispatched);
  const rows = trailers.data?.entities ?? [];
  const totalCount = trailers.data?.totalCount ?? 0;
  const selection = useRowSelection(rows);
  const writes = useTrailerWrites();
  const exportTrailers = useExportTrailers(search.searched, includeDispatched);
  const columns = useTrailerColumns(timeZone);
  const [editing, setEditing] = useState<{ trailer: Trailer | null } | null>(null);
  const [dispatching, setDispatching] = useState<Trailer | null>(null);
  const [exportOpened, setExportOpened] = useState(false);
  const { canWrite, readOnlyReason, user } = access;

  const changePage = (next: number) => {
    selection.clear();
    setPage(next);
  };

  const deleteOne = async (trailer: Trailer) => {
    const confirmed = await confirmDialog({
      title: `Delete trailer ${trailer.trailerNumber}`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    writes.remove.mutate(trailer.id, {
      onSuccess: () => {
        selection.clear();
        if (rows.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  const dispatchSelected = () => {
    const trailer = selection.one(messages.trailerDispatchOneSelected);
    if (!trailer) return;
    if (!mayDispatchTrailer(trailer, user)) {
      notifyError(messages.trailerAlreadyDispatched);
      return;
    }
    setDispatching(trailer);
  };

  return (
    <Stack gap="sm">
      <LiveUnavailableNotice refusal={liveRefusal} />
      <TrailersListToolbar
        testId="trailers"
        search={search.text}
        onSearch={search.change}
        searchPlaceholder="Search number, tag, container, PLA card"
        readOnlyReason={readOnlyReason}
        onAdd={() => setEditing({ trailer: null })}
        onEdit={() => {
          const trailer = selection.one();
          if (trailer) setEditing({ trailer });
        }}
        onDelete={() => {
          const trailer = selection.one();
          if (trailer) void deleteOne(trailer);
        }}
        deleting={writes.remove.isPending}
        reloading={trailers.isFetching}
        onReload={() => void trailers.refetch()}
      >
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTruckDelivery size={14} />}
            onClick={dispatchSelected}
            data-testid="trailers-dispatch"
          >
            Dispatch
          </Button>
        </WriteGuard>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileExport size={14} />}
          onClick={() => setExportOpened(true)}
          data-testid="trailers-export"
        >
          Export
        </Button>
        <Switch
          size="sm"
          label="Include dispatched"
          checked={includeDispatched}
          onChange={(event) => {
            setIncludeDispatched(event.currentTarget.checked);
            changePage(1);
          }}
          data-testid="trailers-include-dispatched"
        />
      </TrailersListToolbar>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(trailer) => String(trailer.id)}
        pagination={{ page, pageSize, totalCount, onPageChange: changePage }}
        {...queryListProps(trailers)}
        emptyText={search.searched ? 'No trailers match this search' : 'No trailers in the yard'}
        selection={{ mode: 'single', selectedKeys: selection.selectedKeys, onChange: selection.setSelectedKeys }}
        rowActions={
          canWrite
            ? {
                open: { label: 'edit', run: (trailer) => setEditing({ trailer }) },
                edit: (trailer) => setEditing({ trailer }),
                delete: (trailer) => void deleteOne(trailer),
              }
            : undefined
        }
        dense
        minWidth={1100}
        label="Trailers"
        testId="trailers-table"
      />
      {editing && <TrailerFormModal trailer={editing.trailer} save={writes.save} onClose={() => setEditing(null)} />}
      {dispatching && (
        <DispatchTrailerModal
          trailer={dispatching}
          userName={user.userName}
          dispatch={writes.dispatch}
          onClose={() => {
            setDispatching(null);
            selection.clear();
          }}
        />
      )}
      <ExportDialog
        opened={exportOpened}
        onClose={() => setExportOpened(false)}
        title="Export trailers"
        currentPage={page}
        pageSize={pageSize}
        totalCount={totalCount}
        onExport={(range) => exportTrailers.mutateAsync(range)}
      />
    </Stack>
  );
}
