import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { showServerFieldError } from './showServerFieldError';

function fakeForm(values: object) {
  const errors: Record<string, unknown> = {};
  return {
    errors,
    getValues: () => values,
    setFieldError: (field: string, error: unknown) => {
      errors[field] = error;
    },
  };
}

describe('showServerFieldError', () => {
  it('puts the message on the field the server named, through a rename when needed', () => {
    const form = fakeForm({ username: '', email: '', roleId: null });
    const email = new ApiError(400, 'Enter a valid e-mail address', { field: 'email', action: true });
    expect(showServerFieldError(form, email)).toBe(true);
    expect(form.errors).toEqual({ email: 'Enter a valid e-mail address' });
    const role = new ApiError(400, 'Role must be a whole number', { field: 'role', action: true });
    expect(showServerFieldError(form, role, { role: 'roleId' })).toBe(true);
    expect(form.errors.roleId).toBe('Role must be a whole number');
  });

  it('leaves an error that names no field of the form to the caller', () => {
    const form = fakeForm({ username: '' });
    expect(showServerFieldError(form, new ApiError(409, 'Taken', { action: true }))).toBe(false);
    expect(showServerFieldError(form, new ApiError(400, 'x', { field: 'nickname', action: true }))).toBe(false);
    expect(showServerFieldError(form, new Error('network'))).toBe(false);
    expect(form.errors).toEqual({});
  });
});
