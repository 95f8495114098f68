import { describe, expect, it } from 'vitest';
import { mayGrantRole } from './role-grant';

describe('mayGrantRole', () => {
  it('lets only a superadmin give the superadmin role', () => {
    expect(mayGrantRole('admin', 'superadmin')).toBe(false);
    expect(mayGrantRole('admin', 'Super-Admin')).toBe(false);
    expect(mayGrantRole('superadmin', 'superadmin')).toBe(true);
    expect(mayGrantRole('admin', 'operator')).toBe(true);
    expect(mayGrantRole('admin', 'admin')).toBe(true);
  });
});
