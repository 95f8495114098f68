import type { DashboardChartType } from '@openyard/contracts';

// What every widget is given: its chart type and the room it has (the frame measures it: normal,
// maximised or full screen).
export interface DashboardWidgetProps {
  chartType: DashboardChartType;
  width: number;
  height: number;
  // false where nobody clicks (the wall display): the widget leaves out its own choices and
  // drill-downs and shows its defaults. The dashboard leaves it out (true).
  controls?: boolean;
}
