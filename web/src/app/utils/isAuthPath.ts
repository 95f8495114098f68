import { isPublicPath } from '@openyard/contracts';

// Paths where no session is needed: the login page (at '/' and '/login') and the public pages.
export function isAuthPath(path: string): boolean {
  const trimmed = path.replace(/\/+$/, '') || '/';
  return trimmed === '/' || trimmed === '/login' || isPublicPath(trimmed);
}
