import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { messages } from '../messages';
import { RoleCreate } from '../roles';
import { UserCreate } from '../users';
import { validationProblem } from './validation-problem';

const userErrors = (value: unknown) => validationProblem(Compile(UserCreate).Errors(value), UserCreate);
const valid = { username: 'clerk', password: 'secret', confirmPassword: 'secret', role: { id: 2 } };

describe('validationProblem: schema errors in words, per field', () => {
  it("says what is wrong with an e-mail in the schema's own words, never the pattern", () => {
    const problem = userErrors({ ...valid, email: 'not-an-address' });
    expect(problem).toEqual({ field: 'email', message: messages.emailInvalid });
    expect(problem.message).not.toMatch(/pattern|\^|must match/);
  });

  it('names a missing field, a short one and a wrong type in words', () => {
    expect(userErrors({ password: 'x', confirmPassword: 'x', role: { id: 2 } })).toEqual({
      field: 'username',
      message: 'Username is required',
    });
    expect(userErrors({ ...valid, username: 'ab' })).toEqual({
      field: 'username',
      message: 'Username needs at least 3 characters',
    });
    expect(userErrors({ ...valid, username: 'a b c' })).toEqual({
      field: 'username',
      message: messages.usernameInvalid,
    });
    expect(userErrors({ ...valid, password: '' })).toEqual({ field: 'password', message: 'Password is required' });
    expect(userErrors({ ...valid, role: { id: 'two' } })).toEqual({
      field: 'role',
      message: 'Role must be a whole number',
    });
    expect(userErrors({ ...valid, email: 5 })).toEqual({ field: 'email', message: 'E-mail must be text' });
    expect(userErrors({ ...valid, nickname: 'x' })).toEqual({
      field: 'nickname',
      message: 'nickname is not a field of this request',
    });
  });

  it('uses the words a schema carries for a role name', () => {
    const problem = validationProblem(Compile(RoleCreate).Errors({ name: 'bad/name' }), RoleCreate);
    expect(problem).toEqual({ field: 'name', message: messages.roleNameInvalid });
  });

  it('words limits, choices and a body that is not an object', () => {
    expect(validationProblem([{ keyword: 'maximum', instancePath: '/limit', params: { limit: 500 } }])).toEqual({
      field: 'limit',
      message: 'Limit must be 500 or less',
    });
    expect(
      validationProblem([{ keyword: 'enum', instancePath: '/format', params: { allowedValues: ['xlsx', 'csv'] } }]),
    ).toEqual({ field: 'format', message: 'Format must be one of xlsx, csv' });
    expect(validationProblem([{ keyword: 'type', instancePath: '', params: { type: 'object' } }])).toEqual({
      field: undefined,
      message: 'The request is not valid',
    });
  });
});
