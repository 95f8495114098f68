import { ActionIcon, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { IconHome, type Icon } from '@tabler/icons-react';
import { useSetAtom } from 'jotai';
import { Link, useLocation } from 'react-router';
import { useMyGates } from '../../modules/smart-gate/hooks/useMyGates';
import { useVisibleScreens } from '../hooks/useVisibleScreens';
import { sideMenuCollapsedState } from '../states/sideMenuCollapsedState';
import { homePath } from '../utils/homePath';

interface Item {
  key: string;
  label: string;
  path: string;
  alsoActiveOn: readonly string[];
  icon: Icon;
}

function isActive(pathname: string, item: Item): boolean {
  return [item.path, ...item.alsoActiveOn].some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

// The permission-driven menu (spec 3 §2, §6): Home, then the spec's entries this build has.
export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate: () => void }) {
  const screens = useVisibleScreens();
  const { pathname } = useLocation();
  const setCollapsed = useSetAtom(sideMenuCollapsedState);
  // The Smart Gate link goes to /igateout for a user with nothing but OUT gates (spec 3 §2).
  const smartGate = screens.some(({ entry }) => entry.key === 'smartGate');
  const mine = useMyGates({ enabled: smartGate });
  const items: Item[] = [
    { key: 'home', label: 'Home', path: homePath, alsoActiveOn: [], icon: IconHome },
    ...screens.map(({ entry, screen }) => ({
      key: entry.key,
      label: entry.label,
      path: entry.key === 'smartGate' ? (mine.data?.smartGatePath ?? entry.path) : entry.path,
      alsoActiveOn: entry.alsoActiveOn ?? [],
      icon: screen.icon,
    })),
  ];

  const choose = (item: Item) => {
    // Choosing Dashboard collapses the side menu to give the charts the room (spec 2 §2).
    if (item.key === 'dashboard') setCollapsed(true);
    onNavigate();
  };

  return (
    <ScrollArea type="scroll" style={{ flex: 1 }}>
      <Stack
        component="nav"
        aria-label="Main menu"
        gap={4}
        p={collapsed ? 8 : 'xs'}
        align={collapsed ? 'center' : 'stretch'}
      >
        {items.map((item) => {
          const active = isActive(pathname, item);
          const ItemIcon = item.icon;
          return collapsed ? (
            <Tooltip key={item.key} label={item.label} position="right">
              <ActionIcon
                component={Link}
                to={item.path}
                onClick={() => choose(item)}
                variant={active ? 'light' : 'subtle'}
                color={active ? undefined : 'gray'}
                size={40}
                aria-label={item.label}
                aria-current={active ? 'page' : undefined}
                data-menu-entry={item.key}
              >
                <ItemIcon size={20} stroke={1.6} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <NavLink
              key={item.key}
              component={Link}
              to={item.path}
              onClick={() => choose(item)}
              label={item.label}
              leftSection={<ItemIcon size={18} stroke={1.6} />}
              active={active}
              aria-current={active ? 'page' : undefined}
              data-menu-entry={item.key}
              variant="light"
              styles={{ root: { borderRadius: 'var(--mantine-radius-sm)' } }}
            />
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
