import { describe, expect, it } from 'vitest';
import { canWriteInventory, inventoryWriteAccess } from './inventory-write';
import { defaultPermissions, isAllowed, type Principal, systemRoleOf } from './permissions';

// The seeded role of this name (a name that is none of them: a role an admin created).
const system = (name: string) => systemRoleOf({ name, adminCreated: false });

const principal = (role: string, landingPage: string, crudEnabled = false): Principal => ({
  role,
  systemRole: system(role),
  landingPage,
  permissions: { ...defaultPermissions(system(role)), inventoryVisible: true, containersVisible: true, crudEnabled },
});

describe('the inventory write right (location updates)', () => {
  it('follows the landing page on the inventory screen as on the containers screen', () => {
    expect(canWriteInventory(principal('planner', '/inventory'), '/inventory')).toBe(true);
    expect(canWriteInventory(principal('planner', '/containers'), '/containers')).toBe(true);
  });

  it('needs the request to come from the landing page itself', () => {
    expect(canWriteInventory(principal('planner', '/inventory'), '/containers')).toBe(false);
    expect(canWriteInventory(principal('planner', '/containers'), '/inventory')).toBe(false);
    expect(canWriteInventory(principal('planner', '/containers'), undefined)).toBe(false);
    expect(canWriteInventory(principal('planner', '/dashboard'), '/dashboard')).toBe(false);
  });

  it('is given by crudEnabled and to superadmin anywhere', () => {
    expect(canWriteInventory(principal('planner', '/dashboard', true), '/inventory')).toBe(true);
    expect(canWriteInventory(principal('superadmin', '/dashboard'), '/reports')).toBe(true);
  });

  it('needs the inventory or the containers menu', () => {
    const none = principal('planner', '/containers', true);
    const blind = { ...none, permissions: { ...none.permissions, inventoryVisible: false, containersVisible: false } };
    expect(canWriteInventory(blind, '/containers')).toBe(false);
    expect(isAllowed(inventoryWriteAccess, blind, '/containers')).toBe(false);
  });
});
