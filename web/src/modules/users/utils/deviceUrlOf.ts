import { defaultLandingPage, type DeviceTokenRole } from '@openyard/contracts';

// The address a device opens: a TV the wall, a kiosk its start page, with its token (the page signs
// in with it and takes it out of the address bar).
export function deviceUrlOf(origin: string, role: DeviceTokenRole, token: string): string {
  return `${origin}${defaultLandingPage(role)}?${new URLSearchParams({ token }).toString()}`;
}

// What each kind of device token is called on the Displays tab.
export const DEVICE_ROLE_LABELS: Record<DeviceTokenRole, string> = { display: 'Wall display', kiosk: 'Kiosk' };
