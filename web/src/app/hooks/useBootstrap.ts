import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { ApiError, api } from '../../api/http';
import { bootstrapAttemptState } from '../states/bootstrapAttemptState';
import { bootstrapStatusState } from '../states/bootstrapStatusState';
import { currentUserState } from '../states/currentUserState';
import { metadataState, yardLayoutState } from '../states/metadataState';
import { serverUnreachableState } from '../states/serverUnreachableState';

// Spec 1 §2: load the yard layout and the metadata before the routes render; a failure is only
// logged. The session probe runs alongside: 401 means logged out, which is not an error.
export function useBootstrap(): void {
  const attempt = useAtomValue(bootstrapAttemptState);
  const setStatus = useSetAtom(bootstrapStatusState);
  const setLayout = useSetAtom(yardLayoutState);
  const setMetadata = useSetAtom(metadataState);
  const setUser = useSetAtom(currentUserState);
  const setUnreachable = useSetAtom(serverUnreachableState);

  useEffect(() => {
    let cancelled = false;
    async function load(): Promise<void> {
      const [layout, metadata, user] = await Promise.allSettled([
        api.yard.layout(),
        api.metadata.get(),
        api.auth.user(),
      ]);
      if (cancelled) return;
      if (layout.status === 'fulfilled') setLayout(layout.value);
      else console.warn('Openyard: the yard layout could not be loaded', layout.reason);
      if (metadata.status === 'fulfilled') setMetadata(metadata.value);
      else console.warn('Openyard: the metadata could not be loaded', metadata.reason);
      if (user.status === 'fulfilled') setUser(user.value);
      else if (!(user.reason instanceof ApiError && user.reason.status === 401)) {
        console.warn('Openyard: the session could not be checked', user.reason);
      }
      if (attempt > 0 && metadata.status === 'fulfilled') setUnreachable(false);
      setStatus('ready');
    }
    void load();
    return () => {
      cancelled = true;
    };
  }, [attempt, setLayout, setMetadata, setStatus, setUnreachable, setUser]);
}
