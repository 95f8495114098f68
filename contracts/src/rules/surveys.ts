import { messages } from '../messages';
import type { SurveyMail } from '../surveys';
import type { FormProblem } from './gate-forms';

// An address as a mail server takes it: one @, something on both sides, a dot in the domain, and
// none of the characters that separate or quote addresses.
const ADDRESS = /^[^\s@,;<>()"]+@[^\s@,;<>()"]+\.[^\s@,;<>()".]+$/;

export function isMailAddress(text: string): boolean {
  return ADDRESS.test(text);
}

// The recipients of spec 1 §5: comma-separated, each trimmed; empty entries (a trailing comma)
// are left out.
export function recipientsOf(text: string): string[] {
  return text
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

// Spec 1 §5 Survey e-mails: "Recipients are comma-separated and each must look like an address.
// Sending needs valid addresses, at least one survey selected and a body."
export function surveyMailProblem(mail: SurveyMail): FormProblem | null {
  const recipients = recipientsOf(mail.recipients);
  if (!recipients.length) return { message: messages.surveyRecipientsRequired, field: 'recipients' };
  const invalid = recipients.find((address) => !isMailAddress(address));
  if (invalid !== undefined) return { message: messages.surveyRecipientInvalid(invalid), field: 'recipients' };
  if (!mail.surveyIds.length) return { message: messages.surveyNoneSelected, field: 'surveyIds' };
  if (!mail.mailBody.trim()) return { message: messages.surveyBodyRequired, field: 'mailBody' };
  return null;
}
