// The path a logged-out user wanted, kept in the router's location state by the auth guard.
export interface RedirectState {
  from?: string;
}

export function redirectTarget(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = (state as RedirectState).from;
  // Only same-app paths; never back to the login page itself.
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  const pathname = from.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  return pathname === '/' || pathname === '/login' ? null : from;
}
