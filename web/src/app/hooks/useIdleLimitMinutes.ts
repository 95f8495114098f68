import { useAtomValue } from 'jotai';
import { currentUserState } from '../states/currentUserState';
import { metadataState } from '../states/metadataState';

// The idle limit from the metadata, or the one the server sent with the user when metadata failed.
export function useIdleLimitMinutes(): number | null {
  const metadata = useAtomValue(metadataState);
  const user = useAtomValue(currentUserState);
  return metadata?.sessionExpireInIdleMins ?? user?.sessionExpireInIdleMins ?? null;
}
