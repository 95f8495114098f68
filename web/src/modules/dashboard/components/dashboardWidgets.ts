import type { ComponentType } from 'react';
import { DEFAULT_DASHBOARD_LAYOUT, type DashboardWidgetId } from '@openyard/contracts';
import type { DashboardWidgetProps } from '../utils/DashboardWidgetProps';
import { AreaInventoryWidget } from './AreaInventoryWidget';
import { ContainerAgingWidget } from './ContainerAgingWidget';
import { CustomerInventoryWidget } from './CustomerInventoryWidget';
import { EmptySlotsWidget } from './EmptySlotsWidget';
import { GateInOutWidget } from './GateInOutWidget';
import { MachineTasksWidget } from './MachineTasksWidget';
import { MonthlyMovementsWidget } from './MonthlyMovementsWidget';
import { YardTrailersWidget } from './YardTrailersWidget';

export interface DashboardWidgetDefinition {
  id: DashboardWidgetId;
  title: string;
  // Grid units of DASHBOARD_GRID (DEFAULT_DASHBOARD_LAYOUT).
  defaultSize: { w: number; h: number };
  component: ComponentType<DashboardWidgetProps>;
}

const components: Record<DashboardWidgetId, { title: string; component: ComponentType<DashboardWidgetProps> }> = {
  gateInOut: { title: 'Gate-in and gate-out', component: GateInOutWidget },
  monthlyMovements: { title: 'Monthly container movements', component: MonthlyMovementsWidget },
  areaInventory: { title: 'Block-wise inventory', component: AreaInventoryWidget },
  emptySlots: { title: 'Block-wise empty slots', component: EmptySlotsWidget },
  containerAging: { title: 'Container aging', component: ContainerAgingWidget },
  customerInventory: { title: 'Customer-wise inventory', component: CustomerInventoryWidget },
  machineTasks: { title: 'Machine movements and tasks', component: MachineTasksWidget },
  yardTrailers: { title: 'Trailers inside the yard', component: YardTrailersWidget },
};

// The widget registry (spec 1 §2 Dashboard): each widget's id, title, default size and component.
// The dashboard lays them out; the wall display shows the same ones.
export const dashboardWidgets: Record<DashboardWidgetId, DashboardWidgetDefinition> = Object.fromEntries(
  DEFAULT_DASHBOARD_LAYOUT.map(({ widget, w, h }) => [
    widget,
    { id: widget, defaultSize: { w, h }, ...components[widget] },
  ]),
) as Record<DashboardWidgetId, DashboardWidgetDefinition>;
