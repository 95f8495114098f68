import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { TaskDashboardReport } from '@openyard/contracts';

function Figure({ label, value, detail, testId }: { label: string; value: number; detail?: string; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

// The period's totals and its averages per day (spec 3 §3 totalMovements, totalCompletedTasks;
// §9 total / noOfDays, no decimals, computed by the server with contracts' dailyAverage).
export function DashboardTotals({ report }: { report: TaskDashboardReport }) {
  const days = `${report.noOfDays} ${report.noOfDays === 1 ? 'day' : 'days'}`;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Figure
        label="Movements"
        value={report.totalMovements}
        detail={`${report.totalProductive} productive, ${report.totalWaste} waste`}
        testId="task-dashboard-total-movements"
      />
      <Figure
        label="Movements per day"
        value={report.averageMovements}
        detail={`over ${days}`}
        testId="task-dashboard-average-movements"
      />
      <Figure label="Completed tasks" value={report.totalCompletedTasks} testId="task-dashboard-total-tasks" />
      <Figure
        label="Tasks per day"
        value={report.averageCompletedTasks}
        detail={`over ${days}`}
        testId="task-dashboard-average-tasks"
      />
    </SimpleGrid>
  );
}
