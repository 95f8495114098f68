// The machine terminal of one machine (issue 17): /terminal/<machine name>. The route's pattern is
// what the screen registry routes; the prefix names the screen in the tab's title.
export const TERMINAL_PREFIX = '/terminal/';
export const TERMINAL_ROUTE = `${TERMINAL_PREFIX}:machineName`;
export function terminalPath(machineName: string): string {
  return `${TERMINAL_PREFIX}${encodeURIComponent(machineName)}`;
}

// The machine a terminal path names, or null for another path (a malformed escape too).
export function terminalMachineOf(path: string): string | null {
  if (!path.startsWith(TERMINAL_PREFIX)) return null;
  try {
    return decodeURIComponent(path.slice(TERMINAL_PREFIX.length)) || null;
  } catch {
    return null;
  }
}
