import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { yardMonthLabel, type YardMonth } from '@openyard/contracts';
import { useGateInReport } from '../hooks/useGateInReport';
import { useGateInReportMonth } from '../hooks/useGateInReportMonth';
import type { DashboardWidgetProps } from '../utils/DashboardWidgetProps';
import { SERIES_COLORS } from '../utils/widgetColors';
import { SeriesChart } from './SeriesChart';
import { WidgetBody } from './WidgetBody';

const BACK_BAR = 30;

// Monthly gate-in and gate-out of the last twelve yard months; a month opens its days, and Back
// returns to the months (spec 1 §4 Dashboard widget: drill-down from month to detail and back).
export function GateInOutWidget({ chartType, width, height, controls = true }: DashboardWidgetProps) {
  const [month, setMonth] = useState<YardMonth | null>(null);
  const months = useGateInReport();
  const days = useGateInReportMonth(month);
  const type = chartType === 'line' ? 'line' : 'column';
  if (month === null)
    return (
      <WidgetBody query={months} height={height} count={(data) => data.months.length} testId="dashboard-gate-months">
        {(data, room) => (
          <SeriesChart
            type={type}
            categories={data.months.map((each) => each.id)}
            labels={data.months.map((each) => yardMonthLabel(each.id).slice(0, 3))}
            series={[
              { name: 'Gate-in', color: SERIES_COLORS.gateIn, values: data.months.map((each) => each.gateIn) },
              { name: 'Gate-out', color: SERIES_COLORS.gateOut, values: data.months.map((each) => each.gateOut) },
            ]}
            width={width}
            height={room}
            onCategoryClick={controls ? setMonth : undefined}
            testId="dashboard-gate-chart"
          />
        )}
      </WidgetBody>
    );
  return (
    <Stack gap={0}>
      <Group gap="xs" h={BACK_BAR}>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconArrowLeft size={14} />}
          onClick={() => setMonth(null)}
          data-testid="dashboard-gate-back"
        >
          Back
        </Button>
        <Text size="sm" fw={600} data-testid="dashboard-gate-month">
          {yardMonthLabel(month)}
        </Text>
      </Group>
      <WidgetBody
        query={days}
        height={height - BACK_BAR}
        count={(data) => data.days.length}
        testId="dashboard-gate-days"
      >
        {(data, room) => (
          <SeriesChart
            type={type}
            categories={data.days.map((each) => each.day)}
            labels={data.days.map((each) => String(Number(each.day.slice(8))))}
            series={[
              { name: 'Gate-in', color: SERIES_COLORS.gateIn, values: data.days.map((each) => each.gateIn) },
              { name: 'Gate-out', color: SERIES_COLORS.gateOut, values: data.days.map((each) => each.gateOut) },
            ]}
            width={width}
            height={room}
            testId="dashboard-gate-day-chart"
          />
        )}
      </WidgetBody>
    </Stack>
  );
}
