import { dailyAverage, type TaskDashboardReport } from '@openyard/contracts';

// One machine's figures over the whole period: what the chart draws and the table lists.
export interface MachineSummary {
  machine: string;
  productive: number;
  waste: number;
  movements: number;
  completedTasks: number;
  // Per day of the period (spec 3 §9: total / noOfDays, no decimals).
  averageMovements: number;
  averageCompletedTasks: number;
}

// Every machine that moved a box or completed a task in the period, by name (as the report lists them).
export function machineSummaries(report: TaskDashboardReport): MachineSummary[] {
  const byMachine = new Map<string, MachineSummary>();
  const summary = (machine: string) => {
    const found = byMachine.get(machine);
    if (found) return found;
    const made: MachineSummary = {
      machine,
      productive: 0,
      waste: 0,
      movements: 0,
      completedTasks: 0,
      averageMovements: 0,
      averageCompletedTasks: 0,
    };
    byMachine.set(machine, made);
    return made;
  };
  for (const { machine, movements } of report.machineMovements) {
    const entry = summary(machine);
    for (const day of movements) {
      entry.productive += day.productiveCount;
      entry.waste += day.wasteCount;
    }
  }
  for (const { machine, tasks } of report.machineTasks) {
    const entry = summary(machine);
    for (const day of tasks) entry.completedTasks += day.count;
  }
  return [...byMachine.values()]
    .map((entry) => {
      const movements = entry.productive + entry.waste;
      return {
        ...entry,
        movements,
        averageMovements: dailyAverage(movements, report.noOfDays),
        averageCompletedTasks: dailyAverage(entry.completedTasks, report.noOfDays),
      };
    })
    .sort((a, b) => a.machine.localeCompare(b.machine, 'en', { numeric: true }));
}
