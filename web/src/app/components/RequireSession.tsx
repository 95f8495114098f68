import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router';
import { currentUserState } from '../states/currentUserState';
import type { RedirectState } from '../utils/redirectTarget';

// No session: go to the login page and come back here afterwards.
export function RequireSession({ children }: { children: ReactNode }) {
  const user = useAtomValue(currentUserState);
  const location = useLocation();
  if (!user) {
    const state: RedirectState = { from: location.pathname + location.search + location.hash };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}
