import { createElement, type ComponentType } from 'react';
import { DASHBOARD_WIDGET_IDS, type DashboardWidgetId, type PermissionFlag } from '@openyard/contracts';
import { AlarmsTile } from '../components/AlarmsTile';
import { GateQueueTile } from '../components/GateQueueTile';
import { MachinesTile } from '../components/MachinesTile';
import { OcrQueueTile } from '../components/OcrQueueTile';
import { WallWidgetTile } from '../components/WallWidgetTile';
import { YardTile } from '../components/YardTile';
import { wallTileIdOf } from './wallWidgetTiles';

export interface WallTileDefinition {
  // Its name in the wall's address (?tiles=yard,gate).
  id: string;
  // The permission whose data it shows: a tile the signed-in role may not see is left out.
  flag: PermissionFlag;
  // Drawn with the variant the address asks for (`?tiles=customer-inventory:pie`), if any.
  component: ComponentType<{ variant?: string }>;
  // Shown when the address chooses no tiles.
  byDefault: boolean;
  // The dashboard widget it shows (the wall keeps those live with one subscription for all).
  widget?: DashboardWidgetId;
}

const widgetTile = (widget: DashboardWidgetId): WallTileDefinition => {
  const component = ({ variant }: { variant?: string }) => createElement(WallWidgetTile, { widget, variant });
  component.displayName = `WallWidgetTile(${widget})`;
  return { id: wallTileIdOf(widget), flag: 'dashboardVisible', component, byDefault: false, widget };
};

// The tiles a wall can show, in their default order. A tile is a component that fetches and keeps
// its own data live (the screens' hooks, never a copy) inside a WallTileFrame; every dashboard
// widget is a tile too (`?tiles=gate-in-out,container-aging`), drawn by the dashboard's registry.
export const WALL_TILES: readonly WallTileDefinition[] = [
  { id: 'yard', flag: 'inventoryVisible', component: YardTile, byDefault: true },
  { id: 'gate', flag: 'gateVisible', component: GateQueueTile, byDefault: true },
  { id: 'ocr', flag: 'gateVisible', component: OcrQueueTile, byDefault: true },
  { id: 'machines', flag: 'machinesVisible', component: MachinesTile, byDefault: true },
  { id: 'alarms', flag: 'dashboardVisible', component: AlarmsTile, byDefault: true },
  ...DASHBOARD_WIDGET_IDS.map(widgetTile),
];
