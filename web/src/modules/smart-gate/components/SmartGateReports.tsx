import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { PAGE_SIZES, yardDayOf } from '@openyard/contracts';
import { api } from '../../../api/http';
import { metadataState } from '../../../app/states/metadataState';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { ExportDialog } from '../../../ui/ExportDialog';
import { formatDateTime } from '../../../ui/formatDateTime';
import { ListState } from '../../../ui/ListState';
import { Pager } from '../../../ui/Pager';
import type { GateKind } from '../hooks/useLaneActions';
import { reportRangeOf } from '../utils/reportRange';
import { smartGateQueryKeys } from '../utils/smartGateQueryKeys';
import { AccuracyPanel } from './AccuracyPanel';
import { SnapshotThumbnails } from './SnapshotThumbnails';

// The smart gate's dispatch report (OUT) or gate-in report (IN) of the gate (spec 2 §2): a date
// range, pages of 15, export; each row with the number used and suggested, how it was come to, the
// gate pass, a forced dispatch's reason, the OCR differences and the snapshots (thumbnails, a click
// for the larger view); the suggested-vs-used flag only where the server sends it (admins). Days are
// the yard's days.
export function SmartGateReports({ kind, gateId }: { kind: GateKind; gateId: number }) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const [from, setFrom] = useState(() => yardDayOf(Date.now(), timeZone));
  const [to, setTo] = useState(() => yardDayOf(Date.now(), timeZone));
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const pageSize = PAGE_SIZES.smartGateReports;
  const range = reportRangeOf(from, to, timeZone);
  const query = range ? { ...range, gateId, skip: (page - 1) * pageSize + 1, limit: pageSize } : null;
  const report = useQuery({
    queryKey: smartGateQueryKeys.report(kind, query ?? {}),
    queryFn: () =>
      kind === 'OUT' ? api.smartGate.dispatchReport({ query: query! }) : api.smartGate.inReport({ query: query! }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const rows = report.data?.dataprovider ?? [];
  const total = report.data?.totalSize ?? 0;
  return (
    <Stack gap="sm" data-testid="igate-reports">
      <Group align="flex-end">
        <TextInput
          type="date"
          label="From"
          value={from}
          onChange={(event) => (setFrom(event.currentTarget.value), setPage(1))}
          data-testid="igate-report-from"
        />
        <TextInput
          type="date"
          label="To"
          value={to}
          onChange={(event) => (setTo(event.currentTarget.value), setPage(1))}
          data-testid="igate-report-to"
        />
        <Button
          variant="default"
          onClick={() => setExporting(true)}
          disabled={!range || total === 0}
          data-testid="igate-report-export"
        >
          Export
        </Button>
      </Group>
      {range && <AccuracyPanel gateId={gateId} startDate={range.startDate} endDate={range.endDate} />}
      {!range && (
        <Text size="sm" c="red">
          Invalid date range selection
        </Text>
      )}
      <ListState
        loading={report.isPending && query !== null}
        error={report.error ? errorMessageOf(report.error) : null}
        count={rows.length}
        emptyText="No transaction in this range"
        onRetry={() => void report.refetch()}
        testId="igate-report-state"
      />
      {rows.length > 0 && (
        <Table striped withTableBorder data-testid="igate-report-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Container</Table.Th>
              <Table.Th>Suggested</Table.Th>
              <Table.Th>OCR</Table.Th>
              {kind === 'OUT' && <Table.Th>Gate pass</Table.Th>}
              {kind === 'OUT' && <Table.Th>Force reason</Table.Th>}
              <Table.Th>Differences</Table.Th>
              <Table.Th>Snapshots</Table.Th>
              <Table.Th>User</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`igate-report-row-${row.usedContainerNumber}`}>
                <Table.Td>{formatDateTime(row.at, timeZone)}</Table.Td>
                <Table.Td>
                  {row.usedContainerNumber}
                  {row.differs && (
                    <Badge ml={6} size="xs" color="orange" data-testid={`igate-report-differs-${row.id}`}>
                      differs
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{row.suggestedContainerNumber ?? ''}</Table.Td>
                <Table.Td>{row.ocrOutcome}</Table.Td>
                {kind === 'OUT' && (
                  <Table.Td>
                    {row.gatePass
                      ? `${row.gatePass.containerNumber}${row.gatePass.boeNumber ? ` · BOE ${row.gatePass.boeNumber}` : ''}`
                      : ''}
                  </Table.Td>
                )}
                {kind === 'OUT' && (
                  <Table.Td>{row.forceDispatch ? (row.forceDispatchReason ?? 'forced') : ''}</Table.Td>
                )}
                <Table.Td>
                  {row.differences
                    .map((entry) => `${entry.field}: ${entry.suggested ?? '—'} → ${entry.actual ?? '—'}`)
                    .join('; ')}
                </Table.Td>
                <Table.Td>
                  <SnapshotThumbnails
                    images={row.images}
                    label={`${row.usedContainerNumber}, ${formatDateTime(row.at, timeZone)}`}
                    testId={`igate-report-snapshots-${row.usedContainerNumber}`}
                  />
                </Table.Td>
                <Table.Td>{row.userName}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Pager page={page} pageSize={pageSize} totalCount={total} onPageChange={setPage} testId="igate-report-pager" />
      {range && (
        <ExportDialog
          opened={exporting}
          onClose={() => setExporting(false)}
          title={kind === 'OUT' ? 'Export dispatch report' : 'Export gate-in report'}
          currentPage={page}
          pageSize={pageSize}
          totalCount={total}
          onExport={(chosen) =>
            kind === 'OUT'
              ? api.smartGate.dispatchReportExport({ query: { ...range, ...chosen } }, { action: true })
              : api.smartGate.inReportExport({ query: { ...range, ...chosen } }, { action: true })
          }
        />
      )}
    </Stack>
  );
}
