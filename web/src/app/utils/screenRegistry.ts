import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { IconAccessPoint, IconListDetails, IconUsers, type Icon } from '@tabler/icons-react';

export interface ScreenDefinition {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  icon: Icon;
  description: string;
}

// The screens this build has. A menu entry of the spec shows only when its path is here, and only
// these paths are routed; add a screen by adding it to this list.
export const screenRegistry: readonly ScreenDefinition[] = [
  {
    path: '/users',
    component: lazy(() =>
      import('../../modules/users/components/UsersPage').then((module) => ({ default: module.UsersPage })),
    ),
    icon: IconUsers,
    description: 'Users, roles and role permissions',
  },
  {
    path: '/gate-readers',
    component: lazy(() =>
      import('../../modules/gate-readers/components/GateReadersPage').then((module) => ({
        default: module.GateReadersPage,
      })),
    ),
    icon: IconAccessPoint,
    description: 'Gates, their RFID readers and cameras, with live health',
  },
  {
    path: '/device-logs',
    component: lazy(() =>
      import('../../modules/device-logs/components/DeviceLogsPage').then((module) => ({
        default: module.DeviceLogsPage,
      })),
    ),
    icon: IconListDetails,
    description: 'What the devices sent, live, by device and type',
  },
];
