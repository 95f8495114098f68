import { useEmptySlots } from '../hooks/useEmptySlots';
import type { DashboardWidgetProps } from '../utils/DashboardWidgetProps';
import { SERIES_COLORS } from '../utils/widgetColors';
import { SeriesChart } from './SeriesChart';
import { WidgetBody } from './WidgetBody';

// Block-wise empty slots (a line, spec 1 §2): free slot positions in each area now.
export function EmptySlotsWidget({ width, height }: DashboardWidgetProps) {
  const slots = useEmptySlots();
  return (
    <WidgetBody
      query={slots}
      height={height}
      count={(data) => data.entities.length}
      emptyText="The yard has no areas"
      testId="dashboard-empty-slots"
    >
      {(data, room) => (
        <SeriesChart
          type="line"
          categories={data.entities.map((each) => each.area)}
          series={[
            { name: 'Empty slots', color: SERIES_COLORS.empty, values: data.entities.map((each) => each.empty) },
          ]}
          width={width}
          height={room}
          testId="dashboard-empty-slots-chart"
        />
      )}
    </WidgetBody>
  );
}
