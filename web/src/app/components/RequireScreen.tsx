import { useMemo, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router';
import { visibleMenuEntries } from '@openyard/contracts';
import { useVisibleScreens } from '../hooks/useVisibleScreens';
import { currentUserState } from '../states/currentUserState';
import { metadataState } from '../states/metadataState';
import { featureFlagsOf } from '../utils/featureFlagsOf';
import { mayOpenScreen } from '../utils/mayOpenScreen';
import { principalOf } from '../utils/principalOf';

// A screen opens only for a user whose menu shows its entry (spec 3 §6), or, for a screen without
// an entry of its own, who may see the entry it belongs to (mayOpenScreen); the server enforces the
// same rule on every call the screen makes.
export function RequireScreen({ path, children }: { path: string; children: ReactNode }) {
  const screens = useVisibleScreens();
  const user = useAtomValue(currentUserState);
  const metadata = useAtomValue(metadataState);
  const allowed = useMemo(
    () => (user ? visibleMenuEntries(principalOf(user), featureFlagsOf(metadata)) : []),
    [user, metadata],
  );
  const shown = screens.map(({ entry }) => entry);
  if (!mayOpenScreen(path, shown, allowed)) return <Navigate to="/403" replace />;
  return children;
}
