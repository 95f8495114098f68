// What the dashboard module lends to other screens (the wall display): the widget registry, a
// widget in its frame, and the live wiring that keeps every widget's figures current.
export { dashboardWidgets, type DashboardWidgetDefinition } from './components/dashboardWidgets';
export { DashboardWidgetFrame } from './components/DashboardWidgetFrame';
export { useDashboardLive } from './hooks/useDashboardLive';
export type { DashboardWidgetProps } from './utils/DashboardWidgetProps';
