import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { api } from '../../api/http';
import { currentUserState } from '../../app/states/currentUserState';
import { liveSocket } from '../utils/liveSocket';

// The live connection exists while someone is logged in: it starts with the session and stops on
// logout (or a 401 that ends the session). A different user reconnects with their own cookie.
// When the hub says the user's access changed (an admin changed the role's permissions), the user
// is fetched again: the menu and the screens follow without a reload.
export function useLiveSession(): void {
  const userName = useAtomValue(currentUserState)?.userName ?? null;
  const setUser = useSetAtom(currentUserState);
  useEffect(() => {
    if (userName === null) return;
    liveSocket.start();
    const stopListening = liveSocket.onAccessChanged(() => {
      api.auth.user().then(
        (user) => setUser((current) => (current?.userName === user.userName ? user : current)),
        // A 401 is handled by the API error handler (it logs the user out).
        () => undefined,
      );
    });
    return () => {
      stopListening();
      liveSocket.stop();
    };
  }, [userName, setUser]);
}
