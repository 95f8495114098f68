import { isPublicPath, WALL_PATH } from '@openyard/contracts';
import { isUnreachableStatus, type ApiError } from '../../api/http';
import { isAuthPath } from './isAuthPath';

export type ApiErrorReaction = 'login' | 'forbiddenPage' | 'lockedFeature' | 'unreachable' | 'none';

// What the whole app does for a failed call (spec 1 §8, spec 3 §8); screens still show their own
// messages. Only a screen's own data refused sends the user to /403: a refused action stays on its
// screen, which shows the server's text; an enterprise-only action opens the locked-feature modal.
export function apiErrorReaction(
  error: Pick<ApiError, 'status' | 'code' | 'action'>,
  where: { path: string; hasSession: boolean },
): ApiErrorReaction {
  const onRoot = where.path === '/';
  // The wall display is watched, not used: no modal or page change that someone would have to
  // click away. It shows its own staleness and renews its own session (web/src/modules/wall).
  if ((where.path.replace(/\/+$/, '') || '/') === WALL_PATH) return 'none';
  // The public pages (kiosk, mobile search, status links; issue 21) face people who cannot sign in
  // or click a modal away: each shows its own states, and never leaves the page for another.
  if (isPublicPath(where.path) && where.path !== '/403') return 'none';
  if (isUnreachableStatus(error.status)) return 'unreachable';
  switch (error.status) {
    case 401:
      // Without a session a 401 is expected: the login call itself and the bootstrap probe.
      return where.hasSession && !isAuthPath(where.path) ? 'login' : 'none';
    case 403:
      if (onRoot) return 'unreachable';
      if (!where.hasSession) return 'none';
      if (error.code === 'LOCKED_FEATURE') return 'lockedFeature';
      return error.action ? 'none' : 'forbiddenPage';
    default:
      return 'none';
  }
}
