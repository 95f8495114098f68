import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router';
import { messages } from '@openyard/contracts';
import { liveSocket } from '../../live/utils/liveSocket';
import { useLogout } from '../../modules/auth/hooks/useLogout';
import { useIdleLimitMinutes } from '../hooks/useIdleLimitMinutes';
import { currentUserState } from '../states/currentUserState';
import { isAuthPath } from '../utils/isAuthPath';
import { isIdleExpired } from '../utils/isIdleExpired';
import { lastAccessStorage } from '../utils/lastAccessStorage';

const checkEveryMs = 15_000;

// Client-side idle expiry (spec 1 §7): requests and navigation on non-public routes refresh a
// last-access time kept on the device, but only while it is still within the idle limit; past
// it the user is logged out. The spec's screens refresh their data with requests, which count;
// here live data takes their place and counts the same (the hub touches the session for it on
// the server). The server enforces the same limit on its side.
export function IdleExpiryWatcher() {
  const user = useAtomValue(currentUserState);
  const limit = useIdleLimitMinutes();
  const location = useLocation();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const expiring = useRef(false);
  const active = user !== null && limit !== null && !isAuthPath(location.pathname);

  const expireIfIdle = useCallback((): boolean => {
    if (!active || limit === null || !isIdleExpired(lastAccessStorage.read(), limit, Date.now())) return false;
    if (!expiring.current) {
      expiring.current = true;
      void logout(messages.sessionExpired).finally(() => {
        expiring.current = false;
      });
    }
    return true;
  }, [active, limit, logout]);

  const touch = useCallback(() => {
    if (active && !expireIfIdle()) lastAccessStorage.write(Date.now());
  }, [active, expireIfIdle]);

  // Navigation counts as access, and so does every request that reached the server through
  // TanStack Query. Effect events keep these from re-running when the callbacks change identity.
  const onAccess = useEffectEvent(touch);
  useEffect(() => onAccess(), [location.pathname, active]);
  useEffect(() => {
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') onAccess();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') onAccess();
    });
    const stopLive = liveSocket.onActivity(() => onAccess());
    return () => {
      stopQueries();
      stopMutations();
      stopLive();
    };
  }, [queryClient]);

  // And the clock: check now and then, and whenever the tab comes back into view.
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(expireIfIdle, checkEveryMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') expireIfIdle();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, expireIfIdle]);

  return null;
}
