import { describe, expect, it } from 'vitest';
import { defaultPermissions, routes, type Metadata, type UserInfo } from '@openyard/contracts';
import { ENTERPRISE_ONLY, NO_WRITE_RIGHTS, screenAccessOf } from './screenAccessOf';

function user(systemRole: UserInfo['systemRole'], changes: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1,
    userName: 'u',
    role: systemRole ?? 'custom',
    roleId: 1,
    systemRole,
    landingPage: '/dashboard',
    permissions: defaultPermissions(systemRole),
    lastAccess: null,
    sessionExpireInIdleMins: 30,
    ...changes,
  };
}

const metadata = (enterpriseVersion: boolean) => ({ enterpriseVersion, smartGateEnabled: true }) as Metadata;
const containersWrite = { write: routes.containers.save.access };

describe('screenAccessOf', () => {
  it('lets a role with create/update rights write, by the route catalogue rule', () => {
    const access = screenAccessOf(user('operator'), metadata(false), '/containers', containersWrite);
    expect(access.canWrite).toBe(true);
    expect(access.readOnlyReason).toBeNull();
  });

  it('keeps a role without crudEnabled read-only, with the reason, unless the screen is its landing page', () => {
    const custom = user(null, { permissions: { ...defaultPermissions(null), containersVisible: true } });
    const refused = screenAccessOf(custom, metadata(false), '/containers', containersWrite);
    expect(refused.canWrite).toBe(false);
    expect(refused.readOnlyReason).toBe(NO_WRITE_RIGHTS);
    const landing = screenAccessOf({ ...custom, landingPage: '/containers' }, null, '/containers', containersWrite);
    expect(landing.canWrite).toBe(true);
  });

  it('gives superadmin-only administration to the superadmin alone', () => {
    const gates = { write: routes.gates.create.access };
    expect(screenAccessOf(user('superadmin'), null, '/gate-readers', gates).canWrite).toBe(true);
    expect(screenAccessOf(user('admin'), null, '/gate-readers', gates).canWrite).toBe(false);
  });

  it('asks for the enterprise edition where the screen says so, and reports the features', () => {
    const rule = { write: routes.configuration.save.access, enterprise: true };
    const community = screenAccessOf(user('superadmin'), metadata(false), '/configure', rule);
    expect(community.canWrite).toBe(false);
    expect(community.readOnlyReason).toBe(ENTERPRISE_ONLY);
    const enterprise = screenAccessOf(user('superadmin'), metadata(true), '/configure', rule);
    expect(enterprise.canWrite).toBe(true);
    expect(enterprise.enterprise).toBe(true);
    expect(enterprise.features.smartGateEnabled).toBe(true);
    // Without metadata every optional feature counts as off.
    expect(screenAccessOf(user('superadmin'), null, '/configure', rule).features.smartGateEnabled).toBe(false);
  });
});
