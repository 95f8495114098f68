import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import {
  GATE_PASS_UPLOAD_COLUMNS,
  messages,
  PAGE_SIZES,
  routes,
  type GatePass,
  type UploadResult,
} from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { metadataState } from '../../../app/states/metadataState';
import { confirmDialog } from '../../../ui/confirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { notifyError } from '../../../ui/notifyError';
import { TrailersListToolbar } from '../../trailers/components/TrailersListToolbar';
import { UploadResultsModal } from '../../trailers/components/UploadResultsModal';
import { UploadSheetButton } from '../../trailers/components/UploadSheetButton';
import { useListSearch } from '../../trailers/hooks/useListSearch';
import { useRowSelection } from '../../trailers/hooks/useRowSelection';
import { useGatePassColumns } from '../hooks/useGatePassColumns';
import { useGatePasses } from '../hooks/useGatePasses';
import { useGatePassWrites } from '../hooks/useGatePassWrites';
import { useGatePassesLive } from '../hooks/useGatePassesLive';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { GatePassFormModal } from './GatePassFormModal';
import { queryListProps } from '../../../ui/queryListProps';

// The sheet's columns by the contract's names (case, spaces and punctuation ignored: 'Container
// Number' is containerNumber).
const UPLOAD_HEADERS = Object.keys(GATE_PASS_UPLOAD_COLUMNS).join(', ');

// /gate-passes (issue 16; not one of spec 2's screens, opened from /igateout): the gate passes the
// dispatch verifies (spec 2 §3, §4), entered by hand or imported from the ERP's sheet. Search by
// container number, open passes or all, add / edit / delete one (a used pass stays as its dispatch
// used it), and the upload with one result per row. The writes are the catalogue's (landing page or
// crudEnabled, spec 3 §6). Live on `gate-passes`: another user's write, an import or a dispatch's use
// of a pass reloads the list.
export function GatePassesPage() {
  const access = useScreenAccess({ write: routes.smartGate.createGatePass.access });
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const navigate = useNavigate();
  const pageSize = PAGE_SIZES.gatePasses;
  const [page, setPage] = useState(1);
  const [includeUsed, setIncludeUsed] = useState(true);
  const search = useListSearch(() => setPage(1));
  const list = useGatePasses(page, pageSize, search.searched, includeUsed);
  const liveRefusal = useGatePassesLive();
  const rows = list.data?.entities ?? [];
  const totalCount = list.data?.totalCount ?? 0;
  const selection = useRowSelection(rows);
  const [editing, setEditing] = useState<{ pass: GatePass | null } | null>(null);
  const [uploaded, setUploaded] = useState<UploadResult | null>(null);
  const writes = useGatePassWrites(access?.user.userName ?? '');
  const columns = useGatePassColumns(timeZone);
  if (!access) return null;
  const { canWrite, readOnlyReason } = access;

  const changePage = (next: number) => {
    selection.clear();
    setPage(next);
  };
  // A pass a dispatch used is kept as it was used (the server refuses the same).
  const unused = (pass: GatePass) => {
    if (pass.usedAt === null) return true;
    notifyError(messages.gatePassUsed);
    return false;
  };
  const edit = (pass: GatePass) => unused(pass) && setEditing({ pass });
  const deleteOne = async (pass: GatePass) => {
    if (!unused(pass)) return;
    const confirmed = await confirmDialog({
      title: `Delete the gate pass of ${pass.containerNumber}`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    writes.remove.mutate(pass.id, {
      onSuccess: () => {
        selection.clear();
        if (rows.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  return (
    <Stack gap="sm" data-testid="gate-passes-page">
      <Group justify="space-between" align="flex-end">
        <Title order={3}>Gate passes</Title>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconArrowLeft size={14} />}
          onClick={() => void navigate('/igateout')}
          data-testid="gate-passes-back"
        >
          Smart Gate: Dispatch
        </Button>
      </Group>
      <LiveUnavailableNotice refusal={liveRefusal} />
      <TrailersListToolbar
        testId="gate-passes"
        search={search.text}
        onSearch={search.change}
        searchPlaceholder="Search container number"
        readOnlyReason={readOnlyReason}
        onAdd={() => setEditing({ pass: null })}
        onEdit={() => {
          const pass = selection.one();
          if (pass) edit(pass);
        }}
        onDelete={() => {
          const pass = selection.one();
          if (pass) void deleteOne(pass);
        }}
        deleting={writes.remove.isPending}
        reloading={list.isFetching}
        onReload={() => void list.refetch()}
      >
        <UploadSheetButton
          readOnlyReason={readOnlyReason}
          uploading={writes.upload.isPending}
          onFile={(file) =>
            writes.upload.mutate({ name: file.name, type: file.type, content: file }, { onSuccess: setUploaded })
          }
          testId="gate-passes-upload"
        />
        <Checkbox
          label="Show used and expired"
          checked={includeUsed}
          onChange={(event) => {
            setIncludeUsed(event.currentTarget.checked);
            changePage(1);
          }}
          data-testid="gate-passes-include-used"
        />
      </TrailersListToolbar>
      <Text size="xs" c="dimmed" data-testid="gate-passes-upload-help">
        Upload an xlsx or csv sheet with a header row: {UPLOAD_HEADERS}. Dates as YYYY-MM-DD, DD-MM-YYYY or a date and
        time; a file with a refused row saves nothing.
      </Text>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(pass) => String(pass.id)}
        pagination={{ page, pageSize, totalCount, onPageChange: changePage }}
        {...queryListProps(list)}
        emptyText="No gate passes"
        selection={{ mode: 'single', selectedKeys: selection.selectedKeys, onChange: selection.setSelectedKeys }}
        rowActions={
          canWrite
            ? {
                open: { label: 'edit', run: edit },
                edit,
                delete: (pass) => void deleteOne(pass),
              }
            : undefined
        }
        dense
        minWidth={1000}
        label="Gate passes"
        testId="gate-passes-table"
      />
      {editing && (
        <GatePassFormModal
          pass={editing.pass}
          timeZone={timeZone}
          save={writes.save}
          onClose={() => setEditing(null)}
        />
      )}
      {uploaded && (
        <UploadResultsModal title="Upload of gate passes" result={uploaded} onClose={() => setUploaded(null)} />
      )}
    </Stack>
  );
}
