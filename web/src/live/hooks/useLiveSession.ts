import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { currentUserState } from '../../app/states/currentUserState';
import { liveSocket } from '../utils/liveSocket';

// The live connection exists while someone is logged in: it starts with the session and stops on
// logout (or a 401 that ends the session). A different user reconnects with their own cookie.
export function useLiveSession(): void {
  const userName = useAtomValue(currentUserState)?.userName ?? null;
  useEffect(() => {
    if (userName === null) return;
    liveSocket.start();
    return () => liveSocket.stop();
  }, [userName]);
}
