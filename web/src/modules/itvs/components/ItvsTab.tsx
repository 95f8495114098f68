import { useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Stack, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useAtomValue, useSetAtom } from 'jotai';
import { messages, PAGE_SIZES, type Itv } from '@openyard/contracts';
import { lockedFeatureState } from '../../../app/states/lockedFeatureState';
import { metadataState } from '../../../app/states/metadataState';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { confirmDialog } from '../../../ui/confirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { notifyError } from '../../../ui/notifyError';
import { ReadOnlyBadge, WriteGuard } from '../../../ui/WriteGuard';
import { clockSecondState } from '../../gate-readers/states/clockSecondState';
import { useRowSelection } from '../../trailers/hooks/useRowSelection';
import { useItvColumns } from '../hooks/useItvColumns';
import { useItvPageLive } from '../hooks/useItvPageLive';
import { useItvs } from '../hooks/useItvs';
import { useItvWrites } from '../hooks/useItvWrites';
import { itvMarkers } from '../utils/itvMarkers';
import { ItvFormModal } from './ItvFormModal';
import { queryListProps } from '../../../ui/queryListProps';

// The Operations tab: a page of ITVs (spec 2 §2, §9: 15 a page), live; add, edit (one selected) and
// delete of the selected ITVs (enterprise only: the locked-feature modal otherwise, spec 2 §6).
export function ItvsTab({ access }: { access: ScreenAccess }) {
  const pageSize = PAGE_SIZES.itvs;
  const [page, setPage] = useState(1);
  const itvs = useItvs(page, pageSize);
  const liveRefusal = useItvPageLive(page, pageSize);
  const shown = itvs.data?.itvs;
  const rows = useMemo(() => shown ?? [], [shown]);
  const totalCount = itvs.data?.totalCount ?? 0;
  const selection = useRowSelection(rows);
  const writes = useItvWrites();
  const now = useAtomValue(clockSecondState);
  const staleAfterMs = useAtomValue(metadataState)?.machineStaleAfterMs;
  const markers = useMemo(
    () => new Map(itvMarkers(rows, now, staleAfterMs).map((marker) => [marker.id, marker])),
    [rows, now, staleAfterMs],
  );
  const columns = useItvColumns(markers);
  const showLocked = useSetAtom(lockedFeatureState);
  const [editing, setEditing] = useState<{ itv: Itv | null } | null>(null);
  const { canWrite, readOnlyReason, enterprise } = access;

  const changePage = (next: number) => {
    selection.clear();
    setPage(next);
  };

  const deleteSelected = async () => {
    if (!enterprise) {
      showLocked(messages.lockedFeature);
      return;
    }
    const ids = rows.filter((itv) => selection.selectedKeys.includes(String(itv.id))).map((itv) => itv.id);
    if (!ids.length) {
      notifyError(messages.itvsNoneSelected);
      return;
    }
    const confirmed = await confirmDialog({
      title: 'Delete ITVs',
      message: messages.confirmDeleteItvs(ids.length),
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    writes.remove.mutate(ids, {
      onSuccess: () => {
        selection.clear();
        if (ids.length === rows.length && page > 1) setPage(page - 1);
      },
    });
  };

  return (
    <Stack gap="sm">
      <LiveUnavailableNotice refusal={liveRefusal} />
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <WriteGuard reason={readOnlyReason}>
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setEditing({ itv: null })}
              data-testid="itvs-add"
            >
              Add
            </Button>
          </WriteGuard>
          <WriteGuard reason={readOnlyReason}>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} />}
              onClick={() => {
                const itv = selection.one();
                if (itv) setEditing({ itv });
              }}
              data-testid="itvs-edit"
            >
              Edit
            </Button>
          </WriteGuard>
          <WriteGuard reason={readOnlyReason}>
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconTrash size={14} />}
              loading={writes.remove.isPending}
              onClick={() => void deleteSelected()}
              data-testid="itvs-delete"
            >
              Delete
            </Button>
          </WriteGuard>
        </Group>
        <Group gap="xs">
          <ReadOnlyBadge reason={readOnlyReason} testId="itvs-read-only" />
          <Tooltip label="Reload">
            <ActionIcon
              variant="default"
              loading={itvs.isFetching}
              onClick={() => void itvs.refetch()}
              aria-label="Reload"
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(itv) => String(itv.id)}
        pagination={{ page, pageSize, totalCount, onPageChange: changePage }}
        {...queryListProps(itvs)}
        emptyText="No ITVs yet"
        selection={{ mode: 'multi', selectedKeys: selection.selectedKeys, onChange: selection.setSelectedKeys }}
        rowActions={
          canWrite
            ? {
                open: { label: 'edit', run: (itv) => setEditing({ itv }) },
                edit: (itv) => setEditing({ itv }),
              }
            : undefined
        }
        dense
        minWidth={900}
        label="ITVs"
        testId="itvs-table"
      />
      {editing && <ItvFormModal itv={editing.itv} save={writes.save} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
