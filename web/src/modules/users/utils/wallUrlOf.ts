import { WALL_PATH } from '@openyard/contracts';

// The address a TV opens: the wall with its display token (the wall signs in with it and takes it
// out of the address bar).
export function wallUrlOf(origin: string, token: string): string {
  return `${origin}${WALL_PATH}?${new URLSearchParams({ token }).toString()}`;
}
