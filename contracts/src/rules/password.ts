import { messages } from '../messages';

const STRICT_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*]).{8,}$/;

export function passwordRuleError(password: string, strict: boolean): string | null {
  return strict && !STRICT_PASSWORD.test(password) ? messages.passwordStrictRule : null;
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

// Returns the first message that applies, or null when the change may be sent (spec 3 §5).
export function passwordChangeError(change: PasswordChange, strict: boolean): string | null {
  if (!change.oldPassword || !change.newPassword || !change.confirmPassword) return messages.passwordAllFieldsRequired;
  if (change.newPassword !== change.confirmPassword) return messages.passwordMismatch;
  // A "change" that keeps the password would leave a leaked one in use while looking done.
  if (change.newPassword === change.oldPassword) return messages.passwordSameAsOld;
  return passwordRuleError(change.newPassword, strict);
}

// The same rules for a password set in the user form (create, or update with a new password).
export function newPasswordError(password: string, confirmPassword: string, strict: boolean): string | null {
  if (!password || !confirmPassword) return messages.passwordAllFieldsRequired;
  if (password !== confirmPassword) return messages.passwordMismatch;
  return passwordRuleError(password, strict);
}
