import { describe, expect, it } from 'vitest';
import { mayWatchTopic } from './live-topics';
import { MENU_ENTRIES, isNavigationHidden, visibleMenuEntries, type FeatureFlags } from './menu';
import {
  canCreateOrUpdate,
  defaultLandingPage,
  defaultPermissions,
  editablePermissionFlags,
  isAllowed,
  isReadOnlyPrincipal,
  normalizeRoleName,
  PERMISSION_FLAGS,
  type Principal,
  systemRoleOf,
} from './permissions';

// The seeded role of this name (a name that is none of them: a role an admin created).
const system = (name: string) => systemRoleOf({ name, adminCreated: false });

const features: FeatureFlags = {
  enterpriseVersion: true,
  planningEngineEnabled: true,
  smartGateEnabled: true,
  smartTransportEnabled: false,
  chaVehicleEnabled: true,
};
const principalOf = (role: string): Principal => ({
  role,
  systemRole: system(role),
  landingPage: defaultLandingPage(system(role)),
  permissions: defaultPermissions(system(role)),
});
const visibleFlags = (role: string) => PERMISSION_FLAGS.filter((flag) => defaultPermissions(system(role))[flag]);

describe('default permissions by role (spec 3 §6)', () => {
  it('gives superadmin everything', () => {
    expect(visibleFlags('superadmin')).toEqual([...PERMISSION_FLAGS]);
  });

  it('keeps inventory and device logs for superadmin only', () => {
    for (const role of ['admin', 'operator', 'manager', 'gatein', 'gateout', 'kiosk', 'planner']) {
      expect(defaultPermissions(system(role)).inventoryVisible).toBe(false);
      expect(defaultPermissions(system(role)).deviceLogsVisible).toBe(false);
    }
  });

  it('gives the users menu to admin and superadmin only', () => {
    expect(defaultPermissions(system('admin')).usersVisible).toBe(true);
    for (const role of ['operator', 'manager', 'gatein', 'gateout', 'kiosk', 'planner']) {
      expect(defaultPermissions(system(role)).usersVisible).toBe(false);
    }
  });

  it('takes from gate-in and gate-out users what the spec lists, with create/update off', () => {
    for (const role of ['gatein', 'Gate-Out', 'GATE_IN']) {
      const set = defaultPermissions(system(role));
      expect(set).toMatchObject({
        dashboardVisible: false,
        tasksVisible: false,
        inventoryVisible: false,
        planningVisible: false,
        machinesVisible: false,
        reportsVisible: false,
        itvVisible: false,
        crudEnabled: false,
        gateVisible: true,
        containersVisible: true,
        trailersVisible: true,
      });
    }
  });

  it('takes dashboard, inventory, gate, ITV and reports from operator', () => {
    expect(defaultPermissions(system('Operator'))).toMatchObject({
      dashboardVisible: false,
      gateVisible: false,
      itvVisible: false,
      reportsVisible: false,
      tasksVisible: true,
      containersVisible: true,
      crudEnabled: true,
    });
  });

  it('leaves manager with dashboard and reports but no create/update', () => {
    expect(visibleFlags('manager')).toEqual(['dashboardVisible', 'reportsVisible', 'chaVehiclesVisible']);
  });

  it('shows a kiosk nothing', () => {
    expect(visibleFlags('kiosk')).toEqual([]);
  });

  it('shows a wall display what the wall reads, no users, and lets it write nothing (issue 18)', () => {
    expect(visibleFlags('display')).toEqual(['dashboardVisible', 'inventoryVisible', 'machinesVisible', 'gateVisible']);
    expect(defaultLandingPage('display')).toBe('/wall');
    const display = { ...principalOf('display'), permissions: { ...defaultPermissions('display'), crudEnabled: true } };
    expect(canCreateOrUpdate(display, '/wall', '/wall')).toBe(false);
    expect(isAllowed({ flag: 'machinesVisible', write: true, screen: '/machines' }, display, '/machines')).toBe(false);
    expect(isAllowed({ flag: 'machinesVisible' }, display, '/wall')).toBe(true);
    expect(isReadOnlyPrincipal(display)).toBe(true);
    expect(isReadOnlyPrincipal(principalOf('admin'))).toBe(false);
  });

  it('gives an admin-defined role the base menus without create/update', () => {
    const set = defaultPermissions(system('yard planner'));
    expect(set.crudEnabled).toBe(false);
    expect(set.usersVisible).toBe(false);
    expect(set.planningVisible).toBe(true);
  });

  it('compares role names case-insensitively', () => {
    expect(normalizeRoleName('Gate-In')).toBe('gatein');
    expect(defaultPermissions(system('SUPERADMIN'))).toEqual(defaultPermissions(system('superadmin')));
  });

  it('lets admins edit every flag but inventory and device logs', () => {
    expect(editablePermissionFlags({ systemRole: 'admin' })).not.toContain('inventoryVisible');
    expect(editablePermissionFlags({ systemRole: 'admin' })).not.toContain('deviceLogsVisible');
    expect(editablePermissionFlags({ systemRole: 'superadmin' })).toContain('inventoryVisible');
  });
});

describe('access rule', () => {
  it('needs the flag, the role and, for writes, create/update rights', () => {
    const admin = principalOf('admin');
    const operator = principalOf('operator');
    expect(isAllowed({ flag: 'usersVisible', roles: ['admin', 'superadmin'] }, admin, undefined)).toBe(true);
    expect(isAllowed({ flag: 'usersVisible', roles: ['admin', 'superadmin'] }, operator, undefined)).toBe(false);
    expect(isAllowed({ roles: ['superadmin'] }, admin, undefined)).toBe(false);
    expect(isAllowed({ public: true }, operator, undefined)).toBe(true);
    expect(isAllowed({}, operator, undefined)).toBe(true);
  });

  it('gives a role an admin named like a system role none of its powers', () => {
    for (const name of ['Super Admin', 'SUPERADMIN', 'super_admin', 'Admin']) {
      const named = systemRoleOf({ name, adminCreated: true });
      expect(named).toBeNull();
      const principal: Principal = {
        role: name,
        systemRole: named,
        landingPage: defaultLandingPage(named),
        permissions: defaultPermissions(named),
      };
      expect(principal.permissions.inventoryVisible).toBe(false);
      expect(principal.permissions.usersVisible).toBe(false);
      expect(isAllowed({ roles: ['superadmin'] }, principal, undefined)).toBe(false);
      expect(isAllowed({ flag: 'usersVisible', roles: ['admin', 'superadmin'] }, principal, undefined)).toBe(false);
      expect(canCreateOrUpdate(principal, '/containers', '/containers')).toBe(false);
      expect(editablePermissionFlags(principal)).not.toContain('inventoryVisible');
      expect(mayWatchTopic(principal, 'device-logs')).toBe(false);
      expect(visibleMenuEntries(principal, features).map((entry) => entry.key)).not.toContain('configuration');
    }
    expect(systemRoleOf({ name: 'Super-Admin', adminCreated: false })).toBe('superadmin');
  });

  it('lets superadmin do everything', () => {
    const superadmin = { ...principalOf('superadmin'), permissions: defaultPermissions(system('kiosk')) };
    expect(isAllowed({ flag: 'usersVisible', roles: ['admin'], write: true }, superadmin, undefined)).toBe(true);
  });

  it('allows create/update on the landing page without crudEnabled (spec 3 §6)', () => {
    const gatein = principalOf('gatein');
    expect(gatein.permissions.crudEnabled).toBe(false);
    expect(canCreateOrUpdate(gatein, '/gate', '/gate')).toBe(true);
    expect(canCreateOrUpdate(gatein, '/containers', '/gate')).toBe(false);
    expect(canCreateOrUpdate(gatein, '/gate', '/containers')).toBe(false);
    expect(isAllowed({ flag: 'gateVisible', write: true, screen: '/gate' }, gatein, '/gate')).toBe(true);
    expect(isAllowed({ flag: 'gateVisible', write: true, screen: '/gate' }, gatein, undefined)).toBe(false);
  });
});

describe('menu', () => {
  const keys = (role: string, flags = features) =>
    visibleMenuEntries(principalOf(role), flags).map((entry) => entry.key);

  it('shows superadmin the inventory, device logs and configuration', () => {
    expect(keys('superadmin')).toEqual(expect.arrayContaining(['inventory', 'deviceLogs', 'configuration', 'users']));
  });

  it('hides users, inventory and configuration from operator', () => {
    expect(keys('operator')).not.toContain('users');
    expect(keys('operator')).not.toContain('inventory');
    expect(keys('operator')).not.toContain('configuration');
    expect(keys('operator')).toContain('containers');
  });

  it('follows the product feature flags', () => {
    expect(keys('admin')).toContain('smartGate');
    expect(keys('admin', { ...features, smartGateEnabled: false })).not.toContain('smartGate');
    expect(keys('admin', { ...features, chaVehicleEnabled: false })).not.toContain('chaVehicles');
    expect(keys('admin', { ...features, smartTransportEnabled: true })).toContain('smartTransport');
    expect(keys('admin', { ...features, planningEngineEnabled: false })).not.toContain('planning');
  });

  it('names every entry once', () => {
    expect(new Set(MENU_ENTRIES.map((entry) => entry.key)).size).toBe(MENU_ENTRIES.length);
  });

  it('hides the navigation on kiosk and smart-gate paths', () => {
    for (const path of ['/start', '/kiosk', '/status', '/kiosk-task', '/igate', '/igateout', '/enterprise/igate/']) {
      expect(isNavigationHidden(path)).toBe(true);
    }
    for (const path of ['/users', '/gate', '/main']) expect(isNavigationHidden(path)).toBe(false);
    expect(isNavigationHidden('/wall')).toBe(true);
  });

  it("hides the navigation on a machine's terminal, not on the tasks screen", () => {
    expect(isNavigationHidden('/terminal/RS-01')).toBe(true);
    expect(isNavigationHidden('/terminal/RS%2001/')).toBe(true);
    expect(isNavigationHidden('/tasks')).toBe(false);
    expect(isNavigationHidden('/terminal')).toBe(false);
  });
});

describe('routes shared by two screens', () => {
  it('allow any one of several flags', () => {
    const principal = {
      role: 'custom',
      systemRole: null,
      landingPage: '/main',
      permissions: { ...defaultPermissions(system('custom')), containersVisible: false, inventoryVisible: true },
    };
    expect(isAllowed({ flag: ['inventoryVisible', 'containersVisible'] }, principal, undefined)).toBe(true);
    expect(isAllowed({ flag: ['containersVisible'] }, principal, undefined)).toBe(false);
  });

  it('keep the inventory live topic for inventoryVisible', () => {
    const operator = {
      role: 'operator',
      systemRole: 'operator' as const,
      landingPage: '/containers',
      permissions: defaultPermissions(system('operator')),
    };
    expect(mayWatchTopic(operator, 'inventory')).toBe(false);
    expect(mayWatchTopic(operator, 'inventory:A')).toBe(false);
    const granted = { ...operator, permissions: { ...operator.permissions, inventoryVisible: true } };
    expect(mayWatchTopic(granted, 'inventory:A')).toBe(true);
  });
});
