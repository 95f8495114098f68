import { Text } from '@mantine/core';
import { AGING_BUCKETS } from '@openyard/contracts';
import { useAgeWiseContainers } from '../hooks/useAgeWiseContainers';
import type { DashboardWidgetProps } from '../utils/DashboardWidgetProps';
import { PieChart } from './PieChart';
import { SeriesChart } from './SeriesChart';
import { WidgetBody } from './WidgetBody';

const labelOf = new Map(AGING_BUCKETS.map((bucket) => [bucket.key, bucket.label]));
const colorOf = new Map(AGING_BUCKETS.map((bucket) => [bucket.key, bucket.color]));

// Container aging: containers in the yard by days since gate-in, in the coloured buckets of spec 1
// §9 (a pie by default; column or line); those under three days are counted beneath.
export function ContainerAgingWidget({ chartType, width, height }: DashboardWidgetProps) {
  const aging = useAgeWiseContainers();
  return (
    <WidgetBody query={aging} height={height} count={(data) => data.entities.length} testId="dashboard-aging">
      {(data, room) => {
        const note = `Under 3 days: ${data.younger}`;
        if (chartType === 'pie')
          return (
            <>
              <PieChart
                slices={data.entities.map((each) => ({
                  key: each.bucket,
                  label: labelOf.get(each.bucket) ?? each.bucket,
                  value: each.containers,
                  color: colorOf.get(each.bucket) ?? '#888',
                }))}
                width={width}
                height={room - 14}
                testId="dashboard-aging-pie"
              />
              <Text size="xs" c="dimmed" h={14} lh="14px" data-testid="dashboard-aging-younger">
                {note}
              </Text>
            </>
          );
        return (
          <SeriesChart
            type={chartType}
            categories={data.entities.map((each) => labelOf.get(each.bucket) ?? each.bucket)}
            series={[
              {
                name: `Containers (${note.toLowerCase()})`,
                color: '#fab005',
                values: data.entities.map((each) => each.containers),
              },
            ]}
            width={width}
            height={room}
            testId="dashboard-aging-chart"
          />
        );
      }}
    </WidgetBody>
  );
}
