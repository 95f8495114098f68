import { useEffect } from 'react';
import { useSetAtom, useStore } from 'jotai';
import { useNavigate } from 'react-router';
import { messages } from '@openyard/contracts';
import { onApiError } from '../../api/http';
import { currentUserState } from '../states/currentUserState';
import { loginNoticeState } from '../states/loginNoticeState';
import { serverUnreachableState } from '../states/serverUnreachableState';
import { isAuthPath } from '../utils/isAuthPath';
import { lastAccessStorage } from '../utils/lastAccessStorage';
import { ServerUnreachableModal } from './ServerUnreachableModal';

// The error catalogue of spec 1 §8 in one place. Screens still show their own messages; this only
// does what the whole app must do for a status.
export function ApiErrorHandler() {
  const navigate = useNavigate();
  const store = useStore();
  const setUnreachable = useSetAtom(serverUnreachableState);

  useEffect(
    () =>
      onApiError((error) => {
        const path = window.location.pathname;
        const onRoot = path === '/';
        // Without a session a 401 is expected: the login call itself and the bootstrap probe.
        const hasSession = store.get(currentUserState) !== null;
        switch (error.status) {
          case 401:
            if (!hasSession || isAuthPath(path)) return;
            lastAccessStorage.clear();
            store.set(loginNoticeState, error.message || messages.sessionExpired);
            store.set(currentUserState, null);
            void navigate('/login', { replace: true, state: { from: path + window.location.search } });
            return;
          case 403:
            if (onRoot) setUnreachable(true);
            else if (hasSession) void navigate('/403');
            return;
          case 0:
          case 503:
            setUnreachable(true);
            return;
          default:
            return;
        }
      }),
    [navigate, setUnreachable, store],
  );

  return <ServerUnreachableModal />;
}
