import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { screenRegistry } from '../../../app/utils/screenRegistry';

// The machines' screens (spec 3 §2 "machines (also active on allocations)"; spec 2 §2 machine
// shifts): links between them, those this build has. The machines screen may show it too.
const MACHINE_SCREENS = [
  { path: '/machines', label: 'Machines' },
  { path: '/shifts', label: 'Shifts' },
  { path: '/allocations', label: 'Allocations' },
];

export function MachineScreensNav() {
  const { pathname } = useLocation();
  const built = MACHINE_SCREENS.filter(({ path }) => screenRegistry.some((screen) => screen.path === path));
  return (
    <Group gap={4} component="nav" aria-label="Machine screens" data-testid="machine-screens-nav">
      {built.map(({ path, label }) => (
        <Button
          key={path}
          component={Link}
          to={path}
          size="compact-sm"
          variant={pathname === path ? 'light' : 'subtle'}
          color={pathname === path ? undefined : 'gray'}
          aria-current={pathname === path ? 'page' : undefined}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
