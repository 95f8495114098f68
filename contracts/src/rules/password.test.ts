import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { newPasswordError, passwordChangeError, passwordRuleError } from './password';

describe('password rules (spec 3 §5)', () => {
  it('needs all three fields', () => {
    expect(passwordChangeError({ oldPassword: '', newPassword: 'a', confirmPassword: 'a' }, false)).toBe(
      messages.passwordAllFieldsRequired,
    );
    expect(passwordChangeError({ oldPassword: 'x', newPassword: 'a', confirmPassword: '' }, false)).toBe(
      messages.passwordAllFieldsRequired,
    );
  });

  it('needs new and confirm to match', () => {
    expect(passwordChangeError({ oldPassword: 'x', newPassword: 'abc', confirmPassword: 'abd' }, false)).toBe(
      "Password and confirm password don't match up",
    );
  });

  it('refuses a new password equal to the old one', () => {
    expect(passwordChangeError({ oldPassword: 'demo', newPassword: 'demo', confirmPassword: 'demo' }, false)).toBe(
      messages.passwordSameAsOld,
    );
  });

  it('accepts a simple password unless the strict rule is on', () => {
    expect(passwordChangeError({ oldPassword: 'x', newPassword: 'demo', confirmPassword: 'demo' }, false)).toBeNull();
    expect(passwordChangeError({ oldPassword: 'x', newPassword: 'demo', confirmPassword: 'demo' }, true)).toBe(
      messages.passwordStrictRule,
    );
  });

  it('strict rule: 8 characters with lower, upper, digit and one of !@#$%^&*', () => {
    expect(passwordRuleError('Abcdef1!', true)).toBeNull();
    expect(passwordRuleError('Abcde1!', true)).not.toBeNull(); // 7 characters
    expect(passwordRuleError('abcdef1!', true)).not.toBeNull(); // no upper case
    expect(passwordRuleError('ABCDEF1!', true)).not.toBeNull(); // no lower case
    expect(passwordRuleError('Abcdefg!', true)).not.toBeNull(); // no digit
    expect(passwordRuleError('Abcdefg1', true)).not.toBeNull(); // no special
    expect(passwordRuleError('Abcdefg1?', true)).not.toBeNull(); // ? is not in the set
  });

  it('applies the same rules to a password set in the user form', () => {
    expect(newPasswordError('', '', false)).toBe(messages.passwordAllFieldsRequired);
    expect(newPasswordError('a', 'b', false)).toBe(messages.passwordMismatch);
    expect(newPasswordError('Abcdef1!', 'Abcdef1!', true)).toBeNull();
  });
});
