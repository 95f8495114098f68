import { describe, expect, it } from 'vitest';
import { mayGrantRole } from './role-grant';

const admin = { systemRole: 'admin' as const };
const superadmin = { systemRole: 'superadmin' as const };
const seeded = (name: string) => ({ name, adminCreated: false });

describe('mayGrantRole', () => {
  it('lets only a superadmin give the superadmin role', () => {
    expect(mayGrantRole(admin, seeded('superadmin'))).toBe(false);
    expect(mayGrantRole(superadmin, seeded('superadmin'))).toBe(true);
    expect(mayGrantRole(admin, seeded('operator'))).toBe(true);
    expect(mayGrantRole(admin, seeded('admin'))).toBe(true);
  });

  it('goes by what the roles are, not by their names', () => {
    // A user whose role an admin named "Super Admin" is no superadmin.
    expect(mayGrantRole({ systemRole: null }, seeded('superadmin'))).toBe(false);
    // A role an admin named so gives no power: anyone who may give roles may give it.
    expect(mayGrantRole(admin, { name: 'Super Admin', adminCreated: true })).toBe(true);
    // A name alone (the form's list): taken as the superadmin role when it reads so.
    expect(mayGrantRole(admin, { name: 'Super-Admin' })).toBe(false);
  });
});
