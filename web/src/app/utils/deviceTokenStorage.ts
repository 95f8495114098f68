import type { DeviceTokenRole } from '@openyard/contracts';

// The device token this tab signs in with (a wall display's or a kiosk's), for the tab's life (a
// reload, a new deployment): it comes from the address once (?token=…) and is then taken out of
// it, so that it is not left in the address bar, the browser's history or a screenshot.
// sessionStorage: the token stays with this tab, not with every tab of the browser.
const KEYS: Record<DeviceTokenRole, string> = { display: 'openyard.displayToken', kiosk: 'openyard.kioskToken' };

export const deviceTokenStorage = (role: DeviceTokenRole) => ({
  read(): string | null {
    try {
      return window.sessionStorage.getItem(KEYS[role]);
    } catch {
      return null;
    }
  },
  write(token: string): void {
    try {
      window.sessionStorage.setItem(KEYS[role], token);
    } catch {
      // Storage refused (a private window's quota): the token lives in memory for this page.
    }
  },
  clear(): void {
    try {
      window.sessionStorage.removeItem(KEYS[role]);
    } catch {
      // Nothing was kept.
    }
  },
});

// Takes `token` out of an address's query: the token and the address without it.
export function withoutToken(search: string): { token: string | null; search: string } {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  params.delete('token');
  const rest = params.toString();
  return { token: token && token.trim() ? token.trim() : null, search: rest ? `?${rest}` : '' };
}
