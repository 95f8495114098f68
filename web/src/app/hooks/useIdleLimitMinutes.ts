import { useAtomValue } from 'jotai';
import { currentUserState } from '../states/currentUserState';
import { metadataState } from '../states/metadataState';

// The idle limit the server sent with the user (0 for a wall display, whose session never goes
// idle), or the metadata's before the user is known.
export function useIdleLimitMinutes(): number | null {
  const metadata = useAtomValue(metadataState);
  const user = useAtomValue(currentUserState);
  return user?.sessionExpireInIdleMins ?? metadata?.sessionExpireInIdleMins ?? null;
}
