import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useVisibleScreens } from '../hooks/useVisibleScreens';

// A screen opens only for a user whose menu shows its entry (spec 3 §6); the server enforces the
// same rule on every call the screen makes.
export function RequireScreen({ path, children }: { path: string; children: ReactNode }) {
  const screens = useVisibleScreens();
  if (!screens.some(({ entry }) => entry.path === path || (entry.alsoActiveOn ?? []).includes(path)))
    return <Navigate to="/403" replace />;
  return children;
}
