import { Suspense, useCallback, useRef } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useAtomValue } from 'jotai';
import { Outlet, useLocation } from 'react-router';
import { isNavigationHidden } from '@openyard/contracts';
import { useMasterDataLive } from '../hooks/useMasterDataLive';
import { sideMenuCollapsedState } from '../states/sideMenuCollapsedState';
import { AppHeader } from './AppHeader';
import { PageLoader } from './PageLoader';
import { ScreenFocus } from './ScreenFocus';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { SideMenu } from './SideMenu';

// The shell of every logged-in screen: header with the user menu, the side menu, the screen.
export function AppLayout() {
  const { pathname } = useLocation();
  const collapsed = useAtomValue(sideMenuCollapsedState);
  const [mobileMenuOpened, mobileMenu] = useDisclosure(false);
  const withNavigation = !isNavigationHidden(pathname);
  const main = useRef<HTMLElement>(null);
  const region = useCallback(() => main.current, []);
  useMasterDataLive();

  return (
    <AppShell
      header={{ height: 52 }}
      navbar={
        withNavigation
          ? { width: collapsed ? 60 : 220, breakpoint: 'sm', collapsed: { mobile: !mobileMenuOpened } }
          : undefined
      }
      padding="md"
    >
      <AppShell.Header>
        <AppHeader
          withNavigation={withNavigation}
          mobileMenuOpened={mobileMenuOpened}
          onToggleMobileMenu={mobileMenu.toggle}
        />
      </AppShell.Header>
      {withNavigation && (
        <AppShell.Navbar>
          <SideMenu collapsed={collapsed && !mobileMenuOpened} onNavigate={mobileMenu.close} />
        </AppShell.Navbar>
      )}
      {/* The screen region takes focus when a screen opens (ScreenFocus); it draws no ring itself. */}
      <AppShell.Main ref={main} tabIndex={-1} style={{ outline: 'none' }} aria-label="Screen">
        <ScreenFocus region={region} />
        <ScreenErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader label="Loading screen…" />}>
            <div data-screen>
              <Outlet />
            </div>
          </Suspense>
        </ScreenErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
