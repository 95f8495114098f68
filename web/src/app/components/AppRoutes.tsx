import { Route, Routes } from 'react-router';
import { HomePage } from '../../modules/home/components/HomePage';
import { LoginPage } from '../../modules/auth/components/LoginPage';
import { homePath } from '../utils/homePath';
import { screenRegistry } from '../utils/screenRegistry';
import { AppLayout } from './AppLayout';
import { ForbiddenPage } from './ForbiddenPage';
import { NotFoundPage } from './NotFoundPage';
import { RequireScreen } from './RequireScreen';
import { RequireSession } from './RequireSession';

// Only screens this build has are routed (spec 1 §2 route list, filtered by the screen registry).
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LoginPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/403" element={<ForbiddenPage />} />
      <Route
        element={
          <RequireSession>
            <AppLayout />
          </RequireSession>
        }
      >
        <Route path={homePath} element={<HomePage />} />
        {screenRegistry.map(({ path, component: Screen }) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireScreen path={path}>
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
