import { useState } from 'react';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { routes } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { lockedFeatureState } from '../../../app/states/lockedFeatureState';
import { metadataState } from '../../../app/states/metadataState';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { DataTable } from '../../../ui/DataTable';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { formatDateTime } from '../../../ui/formatDateTime';
import { ListState } from '../../../ui/ListState';
import { useShifts } from '../../machine-shifts/hooks/useShifts';
import { TaskScreensNav } from '../../tasks/components/TaskScreensNav';
import { lockedFeatureOf } from '../../tasks/utils/lockedFeatureOf';
import { useMachineSummaryColumns } from '../hooks/useMachineSummaryColumns';
import { useTaskDashboard } from '../hooks/useTaskDashboard';
import { useTaskDashboardExport } from '../hooks/useTaskDashboardExport';
import { useYardToday } from '../hooks/useYardToday';
import { dashboardQueryOf } from '../utils/dashboardQueryOf';
import type { DashboardSelection } from '../utils/DashboardSelection';
import { machineSummaries } from '../utils/machineSummaries';
import { DashboardTotals } from './DashboardTotals';
import { MovementsChart } from './MovementsChart';
import { PeriodPicker } from './PeriodPicker';

// /task-dashboard (spec 3 §2 "machine movements and tasks by period or by shift", §3 Dashboard
// report, §9 day (default) and custom periods with an optional shift, averages per day without
// decimals): the machines' productive and waste movements as bars, the totals and averages, the
// machines' movements and completed tasks as a table, and the export. Days and times are the yard's.
// It follows the tasks topic: a task completed in the period changes the figures without a reload.
export function TaskDashboardPage() {
  // The screen writes nothing; its one action is the export.
  const access = useScreenAccess({ write: routes.taskDashboard.exportXls.access });
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const setLocked = useSetAtom(lockedFeatureState);
  const [selection, setSelection] = useState<DashboardSelection>({ preset: 'today', from: '', to: '', shiftId: null });
  const asked = dashboardQueryOf(selection, useYardToday(timeZone));
  const query = 'query' in asked ? asked.query : null;
  const { report, liveRefusal } = useTaskDashboard(query);
  const shifts = useShifts();
  const exporting = useTaskDashboardExport();
  const columns = useMachineSummaryColumns();
  if (!access) return null;
  // A selection with a problem asks nothing: the figures of the last period asked are not shown under it.
  const data = query === null ? undefined : report.data;
  const machines = data ? machineSummaries(data) : [];

  const exportShown = () => {
    const locked = lockedFeatureOf(routes.taskDashboard.exportXls, access);
    if (locked) setLocked(locked);
    else if (query) exporting.mutate(query);
  };

  return (
    <Stack gap="sm" data-testid="task-dashboard">
      <Group justify="space-between">
        <Title order={3}>Task dashboard</Title>
        <TaskScreensNav />
      </Group>
      <LiveUnavailableNotice refusal={liveRefusal} />
      <PeriodPicker
        selection={selection}
        onChange={setSelection}
        shifts={shifts.data?.shifts ?? []}
        onExport={exportShown}
        exporting={exporting.isPending}
        canExport={query !== null && data !== undefined}
      />
      {'problem' in asked && (
        <Alert color="red" variant="light" data-testid="task-dashboard-problem">
          {asked.problem}
        </Alert>
      )}
      {query !== null && (
        <ListState
          loading={report.isPending}
          error={report.error ? errorMessageOf(report.error) : null}
          count={data ? 1 : 0}
          onRetry={() => void report.refetch()}
          testId="task-dashboard-state"
        />
      )}
      {data && (
        <>
          <Text size="sm" c="dimmed" data-testid="task-dashboard-period-text">
            {data.fromDate === data.toDate ? data.fromDate : `${data.fromDate} to ${data.toDate}`}
            {data.shift ? `, ${data.shift} ${data.shiftPeriod}` : ', whole days'} (
            {formatDateTime(data.fromTime, timeZone)} – {formatDateTime(data.toTime, timeZone)})
          </Text>
          <DashboardTotals report={data} />
          <Paper withBorder p="sm" radius="md">
            <Text fw={600} mb="xs">
              Movements per machine
            </Text>
            <MovementsChart machines={machines} />
          </Paper>
          <DataTable
            columns={columns}
            rows={machines}
            rowKey={(row) => row.machine}
            emptyText="No machine moved a container or completed a task in this period"
            label="Machine movements and tasks"
            testId="task-dashboard-machines"
            minWidth={720}
          />
        </>
      )}
    </Stack>
  );
}
