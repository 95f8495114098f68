import { yardMonthLabel } from '@openyard/contracts';
import { useMonthlyMovements } from '../hooks/useMonthlyMovements';
import type { DashboardWidgetProps } from '../utils/DashboardWidgetProps';
import { SERIES_COLORS } from '../utils/widgetColors';
import { SeriesChart } from './SeriesChart';
import { WidgetBody } from './WidgetBody';

// Moves from slot to slot in the last twelve yard months, by machines and by hand.
export function MonthlyMovementsWidget({ chartType, width, height }: DashboardWidgetProps) {
  const movements = useMonthlyMovements();
  return (
    <WidgetBody query={movements} height={height} count={(data) => data.months.length} testId="dashboard-movements">
      {(data, room) => (
        <SeriesChart
          type={chartType === 'line' ? 'line' : 'column'}
          categories={data.months.map((each) => each.id)}
          labels={data.months.map((each) => yardMonthLabel(each.id).slice(0, 3))}
          series={[
            { name: 'By machine', color: SERIES_COLORS.byMachine, values: data.months.map((each) => each.byMachine) },
            { name: 'By hand', color: SERIES_COLORS.byHand, values: data.months.map((each) => each.byHand) },
          ]}
          width={width}
          height={room}
          testId="dashboard-movements-chart"
        />
      )}
    </WidgetBody>
  );
}
