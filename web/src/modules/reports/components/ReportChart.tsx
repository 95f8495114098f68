import type { ReactNode } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import type {
  DwellBucket,
  LocationStatisticsReportRow,
  MachineMovementSummaryRow,
  ReportKey,
} from '@openyard/contracts';
import type { ReportAnswer } from '../hooks/useReport';
import { LOCATION_PARTS, locationChartOf, SUMMARY_PARTS, summaryChartOf } from '../utils/chartData';
import { StackedBarChart } from './StackedBarChart';

// The aging buckets coloured from fresh to old (spec 1 §9).
const DWELL_COLORS = [
  'var(--mantine-color-teal-6)',
  'var(--mantine-color-lime-6)',
  'var(--mantine-color-yellow-6)',
  'var(--mantine-color-orange-6)',
  'var(--mantine-color-red-6)',
];
const LOCATION_COLORS = [
  'var(--mantine-color-harbour-5)',
  'var(--mantine-color-grape-5)',
  'var(--mantine-color-teal-5)',
];
const SUMMARY_COLORS = ['var(--mantine-color-teal-6)', 'var(--mantine-color-orange-6)'];

function ChartFrame({
  title,
  note,
  testId,
  children,
}: {
  title: string;
  note?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        {note && (
          <Text size="xs" c="dimmed" data-testid={`${testId}-note`}>
            {note}
          </Text>
        )}
      </Group>
      {children}
    </Paper>
  );
}

// A chart where a person would rather look than read (issue 18): 2.4's dwell-time distribution over
// every container of the range, 2.3's placements per area of the page, 3.1's productive and waste
// drops per day. Nothing for the other reports.
export function ReportChart({ reportKey, answer }: { reportKey: ReportKey; answer: ReportAnswer }) {
  if (reportKey === 'dwellTime' && 'buckets' in answer) {
    const buckets: DwellBucket[] = answer.buckets;
    return (
      <ChartFrame
        title="Dwell time distribution"
        note={`${answer.totalCount} containers offloaded in the range`}
        testId="reports-chart-dwell"
      >
        <StackedBarChart
          bars={buckets.map((bucket) => ({ label: bucket.label, parts: [bucket.count], total: bucket.count }))}
          parts={['Containers']}
          colors={DWELL_COLORS}
          barColors={DWELL_COLORS}
          label="Containers by days in the yard"
          testId="reports-chart-dwell"
        />
      </ChartFrame>
    );
  }
  if (reportKey === 'locationStatistics') {
    const chart = locationChartOf(answer.entities as LocationStatisticsReportRow[]);
    return (
      <ChartFrame
        title="Placements per area"
        testId="reports-chart-locations"
        note={`Location not updated: ${chart.notUpdated} container${chart.notUpdated === 1 ? '' : 's'}`}
      >
        {chart.bars.length ? (
          <StackedBarChart
            bars={chart.bars}
            parts={LOCATION_PARTS}
            colors={LOCATION_COLORS}
            label="Placements per area by how the location was updated"
            testId="reports-chart-locations"
          />
        ) : (
          <Text size="sm" c="dimmed" data-testid="reports-chart-locations-empty">
            No placements in this range
          </Text>
        )}
      </ChartFrame>
    );
  }
  if (reportKey === 'machineMovementsSummary') {
    const bars = summaryChartOf(answer.entities as MachineMovementSummaryRow[]);
    return (
      <ChartFrame title="Drops per day" testId="reports-chart-summary">
        <StackedBarChart
          bars={bars}
          parts={SUMMARY_PARTS}
          colors={SUMMARY_COLORS}
          label="Productive and waste drops per day"
          testId="reports-chart-summary"
        />
      </ChartFrame>
    );
  }
  return null;
}
