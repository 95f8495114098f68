import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { currentUserState } from '../states/currentUserState';
import { metadataState } from '../states/metadataState';
import { visibleScreensFor, type VisibleScreen } from '../utils/visibleScreensFor';

export function useVisibleScreens(): VisibleScreen[] {
  const user = useAtomValue(currentUserState);
  const metadata = useAtomValue(metadataState);
  return useMemo(() => (user ? visibleScreensFor(user, metadata) : []), [user, metadata]);
}
