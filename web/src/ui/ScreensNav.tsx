import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { screenRegistry } from '../app/utils/screenRegistry';

// Links between the screens of one menu entry (the machines' screens, the tasks' screens), those
// this build has, the current one marked.
export function ScreensNav({
  screens,
  label,
  testId,
}: {
  screens: readonly { path: string; label: string }[];
  label: string;
  testId: string;
}) {
  const { pathname } = useLocation();
  const built = screens.filter(({ path }) => screenRegistry.some((screen) => screen.path === path));
  return (
    <Group gap={4} component="nav" aria-label={label} data-testid={testId}>
      {built.map(({ path, label: text }) => (
        <Button
          key={path}
          component={Link}
          to={path}
          size="compact-sm"
          variant={pathname === path ? 'light' : 'subtle'}
          color={pathname === path ? undefined : 'gray'}
          aria-current={pathname === path ? 'page' : undefined}
        >
          {text}
        </Button>
      ))}
    </Group>
  );
}
