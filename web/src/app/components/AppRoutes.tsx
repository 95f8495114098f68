import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PUBLIC_PATHS } from '@openyard/contracts';
import { HomePage } from '../../modules/home/components/HomePage';
import { LoginPage } from '../../modules/auth/components/LoginPage';
import { homePath } from '../utils/homePath';
import { screenRegistry } from '../utils/screenRegistry';
import { ENTERPRISE_ALIASES } from '../utils/specScreens';
import { AppLayout } from './AppLayout';
import { FullScreenLayout } from './FullScreenLayout';
import { ForbiddenPage } from './ForbiddenPage';
import { NotFoundPage } from './NotFoundPage';
import { RequireScreen } from './RequireScreen';
import { RequireSession } from './RequireSession';

// Public pages (no login) that this build has no screen for yet: said so without a login first.
const unbuiltPublicPaths = PUBLIC_PATHS.filter(
  (path) => path !== '/403' && !screenRegistry.some((screen) => screen.path === path),
);

// An enterprise path opens its screen at the plain path, with the same query and fragment.
function AliasRedirect({ to }: { to: string }) {
  const location = useLocation();
  const state: unknown = location.state;
  return <Navigate to={{ pathname: to, search: location.search, hash: location.hash }} state={state} replace />;
}

// Only screens this build has are routed (spec 1 §2 route list, filtered by the screen registry).
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LoginPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/403" element={<ForbiddenPage />} />
      {Object.entries(ENTERPRISE_ALIASES).map(([alias, target]) => (
        <Route key={alias} path={alias} element={<AliasRedirect to={target} />} />
      ))}
      {unbuiltPublicPaths.map((path) => (
        <Route key={path} path={path} element={<NotFoundPage standalone />} />
      ))}
      {screenRegistry
        .filter((screen) => screen.fullScreen)
        .map(({ path, component: Screen }) => (
          <Route
            key={path}
            path={path}
            element={
              <FullScreenLayout>
                <Screen />
              </FullScreenLayout>
            }
          />
        ))}
      <Route
        element={
          <RequireSession>
            <AppLayout />
          </RequireSession>
        }
      >
        <Route path={homePath} element={<HomePage />} />
        {screenRegistry
          .filter((screen) => !screen.fullScreen)
          .map(({ path, menuPath, component: Screen }) => (
            <Route
              key={path}
              path={path}
              element={
                <RequireScreen path={menuPath ?? path}>
                  <Screen />
                </RequireScreen>
              }
            />
          ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
