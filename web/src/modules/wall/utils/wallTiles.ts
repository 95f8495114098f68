import type { ComponentType } from 'react';
import type { PermissionFlag } from '@openyard/contracts';
import { GateQueueTile } from '../components/GateQueueTile';
import { MachinesTile } from '../components/MachinesTile';
import { OcrQueueTile } from '../components/OcrQueueTile';
import { YardTile } from '../components/YardTile';

export interface WallTileDefinition {
  // Its name in the wall's address (?tiles=yard,gate).
  id: string;
  // The permission whose data it shows: a tile the signed-in role may not see is left out.
  flag: PermissionFlag;
  component: ComponentType;
}

// The tiles a wall can show, in their default order. A tile is a component that fetches and keeps
// its own data live (the screens' hooks, never a copy) inside a WallTileFrame; a dashboard widget
// or the alarms list joins with one line here, e.g.
//   { id: 'alarms', flag: 'dashboardVisible', component: AlarmsTile },
export const WALL_TILES: readonly WallTileDefinition[] = [
  { id: 'yard', flag: 'inventoryVisible', component: YardTile },
  { id: 'gate', flag: 'gateVisible', component: GateQueueTile },
  { id: 'ocr', flag: 'gateVisible', component: OcrQueueTile },
  { id: 'machines', flag: 'machinesVisible', component: MachinesTile },
];
