import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconFileExport, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { PAGE_SIZES, reportType, routes, type ReportKey } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { lockedFeatureState } from '../../../app/states/lockedFeatureState';
import { metadataState } from '../../../app/states/metadataState';
import { DataTable } from '../../../ui/DataTable';
import { ExportDialog } from '../../../ui/ExportDialog';
import { lockedFeatureOf } from '../../tasks/utils/lockedFeatureOf';
import { useExportReport } from '../hooks/useExportReport';
import { useReport } from '../hooks/useReport';
import { useReportColumns, type ReportRow } from '../hooks/useReportColumns';
import { defaultReportForm } from '../utils/defaultReportForm';
import type { ReportForm } from '../utils/ReportForm';
import { reportFormProblems } from '../utils/reportFormProblems';
import { reportPageQueryOf, reportQueryOf } from '../utils/reportQueryOf';
import { reportExportRouteOf, reportRouteOf } from '../utils/reportRouteOf';
import { reportsQueryKeys } from '../utils/reportsQueryKeys';
import { ReportChart } from './ReportChart';
import { ReportFilters } from './ReportFilters';
import { ReportTypeNav } from './ReportTypeNav';
import { queryListProps } from '../../../ui/queryListProps';

// /reports (spec 2 §2, §9): choose a report type, its dates and filters; the report is asked as
// soon as the form has no problem (the spec's date messages show on their fields), paged by 15
// (3.1: every day at once), with a chart where one reads better, and exported through the export
// dialog (the enterprise version's call, spec 3 §1).
export function ReportsPage() {
  const access = useScreenAccess({ write: routes.reports.gateInExport.access });
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const queryClient = useQueryClient();
  const setLocked = useSetAtom(lockedFeatureState);
  const [form, setForm] = useState<ReportForm>(() => defaultReportForm(Date.now(), timeZone));
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);

  const type = reportType(form.key);
  const problems = reportFormProblems(form);
  const ready = Object.keys(problems).length === 0;
  const route = reportRouteOf(form);
  const query = useMemo(() => reportQueryOf(form), [form]);
  const pageQuery = useMemo(() => reportPageQueryOf(form, query, page), [form, query, page]);
  const report = useReport(route, pageQuery, ready);
  const exportReport = useExportReport(route, query);
  const columns = useReportColumns(form.key, timeZone);

  const answer = ready ? report.data : undefined;
  const rows = useMemo<ReportRow[]>(
    () =>
      (answer?.entities ?? []).map((values, index) => ({
        key: String(index),
        values: values,
      })),
    [answer],
  );
  const totalCount = answer?.totalCount ?? 0;

  if (!access) return null;
  const change = (patch: Partial<ReportForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const chooseType = (key: ReportKey) => change({ key });
  const openExport = () => {
    const locked = lockedFeatureOf(routes.reports[reportExportRouteOf(route)], access);
    if (locked) setLocked(locked);
    else setExporting(true);
  };
  const pageSize = type.paged ? PAGE_SIZES.reports : Math.max(totalCount, 1);
  const firstProblem = Object.values(problems)[0];

  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <ReportTypeNav value={form.key} onChange={chooseType} />
      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={3} data-testid="reports-title">
              {type.id} {type.name}
            </Title>
            {ready && answer && (
              <Badge variant="light" size="lg" tt="none" data-testid="reports-count">
                {totalCount} {totalCount === 1 ? 'row' : 'rows'}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFileExport size={14} />}
              disabled={!ready || !answer || totalCount === 0}
              onClick={openExport}
              data-testid="reports-export"
            >
              Export
            </Button>
            <Tooltip label="Reload">
              <ActionIcon
                variant="subtle"
                aria-label="Reload the report"
                loading={report.isFetching}
                disabled={!ready}
                onClick={() => void queryClient.invalidateQueries({ queryKey: reportsQueryKeys.all })}
                data-testid="reports-refresh"
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <ReportFilters form={form} problems={problems} onChange={change} />
        {!ready ? (
          <Text size="sm" c="dimmed" py="xl" ta="center" data-testid="reports-problem">
            {firstProblem}
          </Text>
        ) : (
          <>
            {answer && <ReportChart reportKey={form.key} answer={answer} />}
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(row) => row.key}
              pagination={
                type.paged ? { page, pageSize: PAGE_SIZES.reports, totalCount, onPageChange: setPage } : undefined
              }
              {...queryListProps(report)}
              emptyText={type.dates === 'none' ? 'Nothing to report' : 'Nothing to report in this range'}
              dense
              minWidth={Math.max(700, columns.length * 110)}
              label={`${type.id} ${type.name}`}
              testId="reports-table"
            />
          </>
        )}
      </Stack>
      <ExportDialog
        opened={exporting}
        onClose={() => setExporting(false)}
        title={`Export ${type.id} ${type.name}`}
        currentPage={type.paged ? page : 1}
        pageSize={pageSize}
        totalCount={totalCount}
        onExport={(range) => exportReport.mutateAsync(range)}
      />
    </Group>
  );
}
