import { useEffect } from 'react';
import { useSetAtom, useStore } from 'jotai';
import { useNavigate } from 'react-router';
import { messages } from '@openyard/contracts';
import { onApiError } from '../../api/http';
import { currentUserState } from '../states/currentUserState';
import { lockedFeatureState } from '../states/lockedFeatureState';
import { loginNoticeState } from '../states/loginNoticeState';
import { serverUnreachableState } from '../states/serverUnreachableState';
import { apiErrorReaction } from '../utils/apiErrorReaction';
import { lastAccessStorage } from '../utils/lastAccessStorage';
import { LockedFeatureModal } from './LockedFeatureModal';
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
        const hasSession = store.get(currentUserState) !== null;
        switch (apiErrorReaction(error, { path, hasSession })) {
          case 'login':
            lastAccessStorage.clear();
            store.set(loginNoticeState, error.message || messages.sessionExpired);
            store.set(currentUserState, null);
            void navigate('/login', { replace: true, state: { from: path + window.location.search } });
            return;
          case 'forbiddenPage':
            void navigate('/403');
            return;
          case 'lockedFeature':
            store.set(lockedFeatureState, error.message || messages.lockedFeature);
            return;
          case 'unreachable':
            setUnreachable(true);
            return;
          case 'none':
            return;
        }
      }),
    [navigate, setUnreachable, store],
  );

  return (
    <>
      <ServerUnreachableModal />
      <LockedFeatureModal />
    </>
  );
}
