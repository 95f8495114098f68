import type { DashboardWidgetId, InventoryGrouping, YardMonth } from '@openyard/contracts';

// Every query of a widget starts with ['dashboard', widgetId]: a live message naming the widget, or
// its refresh button, reloads all of them (the drill-down month too).
export const dashboardQueryKeys = {
  all: ['dashboard'] as const,
  widget: (widget: DashboardWidgetId) => ['dashboard', widget] as const,
  areaContainers: ['dashboard', 'areaInventory'] as const,
  emptySlots: ['dashboard', 'emptySlots'] as const,
  processContainers: (groupBy: InventoryGrouping) => ['dashboard', 'customerInventory', groupBy] as const,
  ageWise: ['dashboard', 'containerAging'] as const,
  gateInReport: ['dashboard', 'gateInOut', 'months'] as const,
  gateInReportMonth: (month: YardMonth) => ['dashboard', 'gateInOut', 'month', month] as const,
  monthlyMovements: ['dashboard', 'monthlyMovements'] as const,
  machineTasks: (days: number) => ['dashboard', 'machineTasks', days] as const,
  yardTrailers: ['dashboard', 'yardTrailers', 'summary'] as const,
  yardTrailersDetailed: ['dashboard', 'yardTrailers', 'detailed'] as const,
  layout: ['dashboard-layout'] as const,
};
