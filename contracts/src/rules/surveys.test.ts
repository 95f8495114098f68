import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { isMailAddress, recipientsOf, surveyMailProblem } from './surveys';

const mail = (recipients: string, surveyIds = [1], mailBody = 'Survey attached') => ({
  recipients,
  surveyIds,
  mailBody,
});

describe('survey mails (spec 1 §5 Survey e-mails)', () => {
  it('splits recipients at commas, trimmed, without empty entries', () => {
    expect(recipientsOf(' a@yard.in ,b@line.com,, ')).toEqual(['a@yard.in', 'b@line.com']);
  });

  it('takes addresses that look like addresses and refuses the rest', () => {
    for (const good of ['ops@yard.example.com', 'first.last+tag@sub.line.co.in'])
      expect(isMailAddress(good)).toBe(true);
    for (const bad of [
      'ops',
      'ops@yard',
      '@yard.com',
      'ops@@yard.com',
      'a b@yard.com',
      'ops@yard.com;x@y.com',
      'ops@yard.',
    ])
      expect(isMailAddress(bad)).toBe(false);
  });

  it('needs valid addresses, at least one survey and a body, in that order', () => {
    expect(surveyMailProblem(mail(' , '))).toEqual({ message: messages.surveyRecipientsRequired, field: 'recipients' });
    expect(surveyMailProblem(mail('a@yard.in, nobody'))).toEqual({
      message: messages.surveyRecipientInvalid('nobody'),
      field: 'recipients',
    });
    expect(surveyMailProblem(mail('a@yard.in', []))).toEqual({
      message: messages.surveyNoneSelected,
      field: 'surveyIds',
    });
    expect(surveyMailProblem(mail('a@yard.in', [1], '  '))).toEqual({
      message: messages.surveyBodyRequired,
      field: 'mailBody',
    });
    expect(surveyMailProblem(mail('a@yard.in,b@line.com'))).toBeNull();
  });
});
