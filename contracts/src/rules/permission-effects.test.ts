import { describe, expect, it } from 'vitest';
import { visibleMenuEntries, type FeatureFlags } from './menu';
import { permissionFlagsWithoutEffect } from './permission-effects';
import { PERMISSION_FLAGS, type PermissionSet, systemRoleOf } from './permissions';

// The seeded role of this name (a name that is none of them: a role an admin created).
const system = (name: string) => systemRoleOf({ name, adminCreated: false });

const features: FeatureFlags = {
  enterpriseVersion: true,
  planningEngineEnabled: true,
  smartGateEnabled: true,
  smartTransportEnabled: true,
  chaVehicleEnabled: true,
};
const only = (flag: string): PermissionSet =>
  Object.fromEntries(PERMISSION_FLAGS.map((each) => [each, each === flag])) as PermissionSet;

describe('permission flags without effect for a role', () => {
  it('names the inventory for every role but superadmin (spec 2 §6)', () => {
    for (const role of ['admin', 'operator', 'Gate-In', 'planner']) {
      expect(permissionFlagsWithoutEffect(system(role)).inventoryVisible).toBe('Inventory is shown only to superadmin');
    }
  });

  it('names users for roles other than admin and superadmin', () => {
    expect(permissionFlagsWithoutEffect(system('operator')).usersVisible).toBe(
      'Users is shown only to admin and superadmin',
    );
    expect(permissionFlagsWithoutEffect(system('admin')).usersVisible).toBeUndefined();
  });

  it('keeps flags that still open something, such as Gate beside the superadmin-only Gate Readers', () => {
    const operator = permissionFlagsWithoutEffect(system('operator'));
    expect(operator.gateVisible).toBeUndefined();
    expect(operator.deviceLogsVisible).toBeUndefined();
    expect(operator.crudEnabled).toBeUndefined();
  });

  it('names every flag for superadmin', () => {
    expect(Object.keys(permissionFlagsWithoutEffect(system('superadmin')))).toEqual([...PERMISSION_FLAGS]);
  });

  it('agrees with the menu: a flag said to have no effect shows nothing on its own', () => {
    for (const role of ['admin', 'operator', 'manager', 'gatein', 'kiosk', 'planner']) {
      for (const flag of PERMISSION_FLAGS) {
        if (flag === 'crudEnabled') continue;
        const alone = visibleMenuEntries(
          { role, systemRole: system(role), landingPage: '/main', permissions: only(flag) },
          features,
        );
        const byFlag = alone.filter((entry) => entry.flag === flag);
        expect(byFlag.length === 0, `${role} ${flag}`).toBe(flag in permissionFlagsWithoutEffect(system(role)));
      }
    }
  });
});
