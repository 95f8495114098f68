import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useMachineTasks } from '../hooks/useMachineTasks';
import type { DashboardWidgetProps } from '../utils/DashboardWidgetProps';
import { SERIES_COLORS } from '../utils/widgetColors';
import { SeriesChart } from './SeriesChart';
import { WidgetBody } from './WidgetBody';
import { CHOOSER_HEIGHT, WidgetChooser } from './WidgetChooser';

const PERIODS = [
  { value: '1', label: 'Today' },
  { value: '7', label: '7 days' },
  { value: '31', label: '31 days' },
];

// Machine movements and tasks: per machine, its moves (drops, productive and waste: the task
// dashboard's rule) and the tasks it completed in the period (yard days), and its open tasks now.
export function MachineTasksWidget({ chartType, width, height, controls = true }: DashboardWidgetProps) {
  const [days, setDays] = useState('1');
  const machines = useMachineTasks(Number(days));
  return (
    <Stack gap={0}>
      <WidgetChooser
        value={days}
        onChange={setDays}
        data={PERIODS}
        controls={controls}
        testId="dashboard-machines-period"
      />
      <WidgetBody
        query={machines}
        height={height - CHOOSER_HEIGHT}
        count={(data) => data.entities.length}
        emptyText="No machines"
        testId="dashboard-machines"
      >
        {(data, room) => (
          <SeriesChart
            type={chartType === 'line' ? 'line' : 'column'}
            categories={data.entities.map((each) => each.machine)}
            series={[
              { name: 'Moves', color: SERIES_COLORS.moves, values: data.entities.map((each) => each.moves) },
              {
                name: 'Completed tasks',
                color: SERIES_COLORS.completed,
                values: data.entities.map((each) => each.completedTasks),
              },
              { name: 'Open tasks', color: SERIES_COLORS.open, values: data.entities.map((each) => each.openTasks) },
            ]}
            width={width}
            height={room}
            testId="dashboard-machines-chart"
          />
        )}
      </WidgetBody>
    </Stack>
  );
}
