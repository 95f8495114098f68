// What the dashboard module lends to other screens (the wall display): the widget registry, a
// widget in its frame or drawn at a scale on its own, the live wiring that keeps every widget's
// figures current, and when a widget's figures were read.
export { dashboardWidgets, type DashboardWidgetDefinition } from './components/dashboardWidgets';
export { DashboardWidgetCanvas } from './components/DashboardWidgetCanvas';
export { DashboardWidgetFrame } from './components/DashboardWidgetFrame';
export { useDashboardLive } from './hooks/useDashboardLive';
export { useDashboardWidgetAsOf } from './hooks/useDashboardWidgetAsOf';
export type { DashboardWidgetProps } from './utils/DashboardWidgetProps';
