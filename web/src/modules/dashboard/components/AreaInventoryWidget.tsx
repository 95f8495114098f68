import { useAreaContainers } from '../hooks/useAreaContainers';
import type { DashboardWidgetProps } from '../utils/DashboardWidgetProps';
import { SERIES_COLORS } from '../utils/widgetColors';
import { SeriesChart } from './SeriesChart';
import { WidgetBody } from './WidgetBody';

// Block-wise inventory: containers and TEUs standing in each area now.
export function AreaInventoryWidget({ chartType, width, height }: DashboardWidgetProps) {
  const areas = useAreaContainers();
  return (
    <WidgetBody
      query={areas}
      height={height}
      count={(data) => data.entities.length}
      emptyText="The yard has no areas"
      testId="dashboard-areas"
    >
      {(data, room) => (
        <SeriesChart
          type={chartType === 'line' ? 'line' : 'column'}
          categories={data.entities.map((each) => each.area)}
          series={[
            {
              name: 'Containers',
              color: SERIES_COLORS.containers,
              values: data.entities.map((each) => each.containers),
            },
            { name: 'TEUs', color: SERIES_COLORS.teus, values: data.entities.map((each) => each.teus) },
          ]}
          width={width}
          height={room}
          testId="dashboard-areas-chart"
        />
      )}
    </WidgetBody>
  );
}
