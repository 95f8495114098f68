import type { Access, Principal } from './permissions';
import { isAllowed } from './permissions';

// Containers are moved (the location update) from two screens: the inventory grid (spec 2 §6) and
// the containers screen's Update Location (spec 1 §6). Either screen's menu flag lets the call
// through; create/update rights are superadmin, crudEnabled, or the user's landing page being the
// screen the request comes from. The server's route and both screens use this one rule.
export const INVENTORY_WRITE_SCREENS = ['/inventory', '/containers'] as const;

export const inventoryWriteAccess = {
  flag: ['inventoryVisible', 'containersVisible'],
  write: true,
  screen: INVENTORY_WRITE_SCREENS,
} as const satisfies Access;

export function canWriteInventory(principal: Principal, pagePath: string | undefined): boolean {
  return isAllowed(inventoryWriteAccess, principal, pagePath);
}
