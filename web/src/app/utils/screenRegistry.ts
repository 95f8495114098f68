import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { IconUsers, type Icon } from '@tabler/icons-react';

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
];
