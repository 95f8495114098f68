import { formatMinuteOfDay, yardDayOf, yardMinuteOfDay, type Survey } from '@openyard/contracts';
import type { OutgoingMail } from '../../adapters/mail';

const yardTime = (ms: number, timeZone: string) =>
  `${yardDayOf(ms, timeZone)} ${formatMinuteOfDay(yardMinuteOfDay(ms, timeZone))}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const FIELDS: [string, (survey: Survey, timeZone: string) => string][] = [
  ['Container', (survey) => survey.containerNumber],
  ['Size', (survey) => survey.size],
  ['Type', (survey) => survey.containerType ?? ''],
  ['Process', (survey) => survey.process ?? ''],
  ['Customer', (survey) => survey.customer ?? ''],
  ['Liner', (survey) => survey.liner ?? ''],
  ['IGM', (survey) => [survey.igm, survey.item].filter(Boolean).join(' / ')],
  ['Gate-in', (survey, timeZone) => yardTime(survey.gateInDate, timeZone)],
  [
    'Gate-out',
    (survey, timeZone) => (survey.gateOutDate === null ? 'in the yard' : yardTime(survey.gateOutDate, timeZone)),
  ],
];

// The survey mail (spec 1 §3 Survey mail): the person's body first, then one line per survey with
// its container, gate-in and gate-out in the yard's time (TIME_ZONE); the same as an HTML table.
export function surveyMailOf(
  recipients: readonly string[],
  body: string,
  surveys: readonly Survey[],
  timeZone: string,
): OutgoingMail {
  const numbers = [...new Set(surveys.map((survey) => survey.containerNumber))];
  const subject =
    numbers.length === 1
      ? `Container survey: ${numbers[0]}`
      : `Container surveys: ${numbers.slice(0, 5).join(', ')}${numbers.length > 5 ? ` and ${numbers.length - 5} more` : ''}`;
  const lines = surveys.map((survey) =>
    FIELDS.map(([label, value]) => `${label}: ${value(survey, timeZone) || '-'}`).join('; '),
  );
  const header = FIELDS.map(([label]) => `<th align="left">${label}</th>`).join('');
  const rows = surveys
    .map(
      (survey) => `<tr>${FIELDS.map(([, value]) => `<td>${escapeHtml(value(survey, timeZone))}</td>`).join('')}</tr>`,
    )
    .join('');
  return {
    to: recipients,
    subject,
    text: `${body.trim()}\n\n${lines.join('\n')}\n`,
    html: `<p>${escapeHtml(body.trim()).replace(/\n/g, '<br>')}</p><table cellpadding="4" border="1" style="border-collapse:collapse"><thead><tr>${header}</tr></thead><tbody>${rows}</tbody></table>`,
  };
}
