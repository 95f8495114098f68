import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import type { DeviceTokenRole, UserInfo } from '@openyard/contracts';
import { ApiError, api, onApiError } from '../../api/http';
import { liveSocket } from '../../live/utils/liveSocket';
import { currentUserState } from '../states/currentUserState';
import { deviceTokenStorage, withoutToken } from '../utils/deviceTokenStorage';

export type DeviceSessionState =
  | { state: 'signingIn' }
  | { state: 'ready' }
  | { state: 'refused'; message: string }
  | { state: 'waiting'; message: string };

// A server that cannot be asked (restarting) is asked again this often.
const RETRY_MS = 10_000;
// While the live connection stays down this long, the session is checked over REST: a refused
// websocket upgrade (a session the server no longer knows) looks to the page like a network error.
const PROBE_AFTER_MS = 20_000;

// The token the address brought (taken out of it at once), else the one this tab kept.
function takeToken(role: DeviceTokenRole): string | null {
  const { token, search } = withoutToken(window.location.search);
  if (token) {
    deviceTokenStorage(role).write(token);
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${search}${window.location.hash}`,
    );
    return token;
  }
  return deviceTokenStorage(role).read();
}

// A wall display's or a kiosk's session (issues 18, 21). With its token it signs in without a
// password, and signs in again by itself whenever its session is refused (a 401: the sessions'
// purge, a new JWT secret, a websocket closed with 4001): the token is the device's credential,
// sessions come and go, and a kiosk never finds itself signed out in front of a customer. A revoked
// token is refused: the page says so. Without a token it is whatever session the browser has (the
// wall's RequireSession sends a person to the login page; the kiosk pages work without one).
export function useDeviceSession(role: DeviceTokenRole): DeviceSessionState {
  const [token] = useState(() => takeToken(role));
  const user = useAtomValue(currentUserState);
  const setUser = useSetAtom(currentUserState);
  const queryClient = useQueryClient();
  const [session, setSession] = useState<DeviceSessionState>(() =>
    token && user?.systemRole !== role ? { state: 'signingIn' } : { state: 'ready' },
  );
  const signingIn = useRef(false);
  const refused = useRef(false);
  const retryTimer = useRef<number | null>(null);

  const signIn = useCallback(async () => {
    if (!token || signingIn.current || refused.current) return;
    signingIn.current = true;
    if (retryTimer.current !== null) window.clearTimeout(retryTimer.current);
    retryTimer.current = null;
    try {
      const { token: _bearer, ...signedIn } = await api.displayTokens.session({ body: { token } });
      const info: UserInfo = signedIn;
      setUser(info);
      setSession({ state: 'ready' });
      // What was refused while signed out is asked again; the live connection reconnects with the
      // new cookie and its topics resync.
      void queryClient.invalidateQueries();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        refused.current = true;
        deviceTokenStorage(role).clear();
        setUser(null);
        setSession({ state: 'refused', message: error.message });
      } else {
        setSession((current) =>
          current.state === 'ready'
            ? current
            : { state: 'waiting', message: error instanceof Error ? error.message : String(error) },
        );
        retryTimer.current = window.setTimeout(() => void signIn(), RETRY_MS);
      }
    } finally {
      signingIn.current = false;
    }
  }, [token, role, setUser, queryClient]);

  // The first sign-in, unless this tab is the device signed in already (a reload keeps the cookie).
  useEffect(() => {
    if (token && user?.systemRole !== role) void signIn();
    // Only at mount: later refusals come through the error listener below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Any refused call of the page (the session ended or is unknown): sign in again. The sign-in
  // call's own refusal is heard here too, while signingIn holds, and ignored.
  useEffect(() => {
    if (!token) return;
    return onApiError((error) => {
      if (error.status === 401) void signIn();
    });
  }, [token, signIn]);

  // A live connection that stays down: ask the server who this is (a 401 signs in again above).
  useEffect(() => {
    if (!token) return;
    const timer = window.setInterval(() => {
      const { status, offlineSince } = liveSocket.getFreshness();
      if (status !== 'open' && offlineSince !== null && Date.now() - offlineSince > PROBE_AFTER_MS)
        api.auth.user().catch(() => undefined);
    }, PROBE_AFTER_MS);
    return () => window.clearInterval(timer);
  }, [token]);

  useEffect(
    () => () => {
      if (retryTimer.current !== null) window.clearTimeout(retryTimer.current);
    },
    [],
  );

  return session;
}
