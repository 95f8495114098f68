import { useState } from 'react';
import { Stack } from '@mantine/core';
import { INVENTORY_GROUPINGS, type InventoryGrouping } from '@openyard/contracts';
import { useProcessContainers } from '../hooks/useProcessContainers';
import type { DashboardWidgetProps } from '../utils/DashboardWidgetProps';
import { PALETTE, SERIES_COLORS, topGroups } from '../utils/widgetColors';
import { PieChart } from './PieChart';
import { SeriesChart } from './SeriesChart';
import { WidgetBody } from './WidgetBody';
import { CHOOSER_HEIGHT, WidgetChooser } from './WidgetChooser';

const GROUPING_LABELS: Record<InventoryGrouping, string> = { customer: 'Customer', liner: 'Liner', process: 'Process' };

// Customer-wise inventory (column, line or pie, spec 1 §2): containers in the yard by customer, or
// by liner or process; the eight largest and the rest as Others.
export function CustomerInventoryWidget({ chartType, width, height, controls = true }: DashboardWidgetProps) {
  const [groupBy, setGroupBy] = useState<InventoryGrouping>('customer');
  const groups = useProcessContainers(groupBy);
  return (
    <Stack gap={0}>
      <WidgetChooser
        value={groupBy}
        onChange={setGroupBy}
        data={INVENTORY_GROUPINGS.map((value) => ({ value, label: GROUPING_LABELS[value] }))}
        controls={controls}
        testId="dashboard-customers-grouping"
      />
      <WidgetBody
        query={groups}
        height={height - CHOOSER_HEIGHT}
        count={(data) => data.entities.length}
        emptyText="No containers in the yard"
        testId="dashboard-customers"
      >
        {(data, room) => {
          const shown = topGroups(data.entities.map((each) => ({ name: each.name, value: each.containers })));
          if (chartType === 'pie')
            return (
              <PieChart
                slices={shown.map((each, index) => ({
                  key: each.name,
                  label: each.name,
                  value: each.value,
                  color: PALETTE[index % PALETTE.length]!,
                }))}
                width={width}
                height={room}
                testId="dashboard-customers-pie"
              />
            );
          return (
            <SeriesChart
              type={chartType}
              categories={shown.map((each) => each.name)}
              labels={shown.map((each) => (each.name.length > 8 ? `${each.name.slice(0, 7)}…` : each.name))}
              series={[
                { name: 'Containers', color: SERIES_COLORS.containers, values: shown.map((each) => each.value) },
              ]}
              width={width}
              height={room}
              testId="dashboard-customers-chart"
            />
          );
        }}
      </WidgetBody>
    </Stack>
  );
}
