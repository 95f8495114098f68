import { ActionIcon, Burger, Group, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useAtom, useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { LiveConnectionIndicator } from '../../live/components/LiveConnectionIndicator';
import { useLiveSession } from '../../live/hooks/useLiveSession';
import { currentUserState } from '../states/currentUserState';
import { sideMenuCollapsedState } from '../states/sideMenuCollapsedState';
import { homePath } from '../utils/homePath';
import { ProductMark } from './ProductMark';
import { UserMenu } from './UserMenu';
import { YardClock } from './YardClock';

interface Props {
  withNavigation: boolean;
  mobileMenuOpened: boolean;
  onToggleMobileMenu: () => void;
}

export function AppHeader({ withNavigation, mobileMenuOpened, onToggleMobileMenu }: Props) {
  const user = useAtomValue(currentUserState);
  const [collapsed, setCollapsed] = useAtom(sideMenuCollapsedState);
  const toggleLabel = collapsed ? 'Expand side menu' : 'Collapse side menu';
  // The header lives exactly as long as a logged-in layout: it owns the tab's live connection.
  useLiveSession();
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        {withNavigation && (
          <>
            <Burger
              opened={mobileMenuOpened}
              onClick={onToggleMobileMenu}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle menu"
            />
            <Tooltip label={toggleLabel}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                visibleFrom="sm"
                onClick={() => setCollapsed(!collapsed)}
                aria-label={toggleLabel}
                aria-expanded={!collapsed}
              >
                {collapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
              </ActionIcon>
            </Tooltip>
          </>
        )}
        <Link to={homePath} style={{ color: 'inherit', textDecoration: 'none' }} aria-label="Openyard home">
          <ProductMark />
        </Link>
      </Group>
      <Group gap="md" wrap="nowrap">
        {user && <LiveConnectionIndicator />}
        <YardClock />
        {user && <UserMenu user={user} />}
      </Group>
    </Group>
  );
}
