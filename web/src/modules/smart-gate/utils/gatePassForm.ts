import {
  checkDigit,
  isValidContainerNumber,
  isYardDay,
  messages,
  normalizeContainerNumber,
  yardDayOf,
  yardDayRange,
  yardDayStart,
  type GatePass,
  type GatePassInput,
} from '@openyard/contracts';

// The gate pass form (spec 2 §3 Gate pass: containerNumber, date, boeDate and what the ERP
// supplies). Days are yard days (YYYY-MM-DD as <input type="date"> writes them), empty for none.
export interface GatePassFormValues {
  containerNumber: string;
  date: string;
  boeDate: string;
  boeNumber: string;
  chaName: string;
  consignee: string;
  validTill: string;
  remarks: string;
}

// The text fields' limits of the contract (GatePassInput).
const LIMITS = [
  ['boeNumber', 'BOE number', 40],
  ['chaName', 'CHA name', 100],
  ['consignee', 'Consignee', 100],
  ['remarks', 'Remarks', 500],
] as const;

const dayOf = (epochMs: number | null | undefined, timeZone: string | undefined) =>
  epochMs === null || epochMs === undefined ? '' : yardDayOf(epochMs, timeZone);

// A new pass is dated today; an edited one shows its own values.
export function gatePassFormValues(
  pass: GatePass | null,
  timeZone: string | undefined,
  now: number,
): GatePassFormValues {
  return {
    containerNumber: pass?.containerNumber ?? '',
    date: dayOf(pass ? pass.date : now, timeZone),
    boeDate: dayOf(pass?.boeDate, timeZone),
    boeNumber: pass?.boeNumber ?? '',
    chaName: pass?.chaName ?? '',
    consignee: pass?.consignee ?? '',
    validTill: dayOf(pass?.validTill, timeZone),
    remarks: pass?.remarks ?? '',
  };
}

// The form's refusals, by field: the server's number rule in its words (11 letters and digits),
// real days, a validity that does not end before the pass's date, and the contract's lengths.
export function gatePassFormErrors(values: GatePassFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!/^[A-Z0-9]{11}$/.test(normalizeContainerNumber(values.containerNumber)))
    errors.containerNumber = messages.gatePassNumberFormat;
  for (const key of ['date', 'boeDate', 'validTill'] as const)
    if (values[key] !== '' && !isYardDay(values[key])) errors[key] = messages.sheetBadDate;
  if (!errors.date && !errors.validTill && values.date && values.validTill && values.validTill < values.date)
    errors.validTill = messages.gatePassValidTillBeforeDate;
  for (const [key, label, limit] of LIMITS)
    if (values[key].trim().length > limit) errors[key] = messages.fieldTooLong(label, limit);
  return errors;
}

// ISO 6346: a number of the right shape whose check digit is not the computed one; the words say
// which digit the rule gives. Null when the number passes or is not a container number's shape yet.
export function checkDigitWarning(containerNumber: string): string | null {
  const number = normalizeContainerNumber(containerNumber);
  if (!/^[A-Z]{4}\d{7}$/.test(number) || isValidContainerNumber(number)) return null;
  return `${number} does not pass the ISO 6346 check digit (it would end in ${checkDigit(number.slice(0, 10))}).`;
}

// The call's body. A day left as the pass had it keeps the pass's own instant (an uploaded time of
// day survives an edit), and a new pass dated today is dated now; another day is the yard day's
// first instant, and a validity its last (valid through that day, as the upload reads a day).
export function gatePassInputOf(
  values: GatePassFormValues,
  pass: GatePass | null,
  timeZone: string | undefined,
  now = Date.now(),
): GatePassInput {
  const instant = (day: string, original: number | null | undefined, end = false): number | null => {
    if (day === '') return null;
    if (original !== null && original !== undefined && yardDayOf(original, timeZone) === day) return original;
    return end ? yardDayRange(day, timeZone).to : yardDayStart(day, timeZone);
  };
  const text = (value: string) => value.trim() || null;
  const date = instant(values.date, pass ? pass.date : now);
  return {
    ...(pass ? { id: pass.id } : {}),
    containerNumber: normalizeContainerNumber(values.containerNumber),
    ...(date === null ? {} : { date }),
    boeDate: instant(values.boeDate, pass?.boeDate),
    boeNumber: text(values.boeNumber),
    chaName: text(values.chaName),
    consignee: text(values.consignee),
    validTill: instant(values.validTill, pass?.validTill, true),
    remarks: text(values.remarks),
  };
}

export type GatePassStatus = 'open' | 'used' | 'expired';

// What the list shows of a pass: used by a dispatch, past its validity, or open (the server's
// `valid`: unused and not past validTill).
export function gatePassStatusOf(pass: Pick<GatePass, 'usedAt' | 'valid'>): GatePassStatus {
  if (pass.usedAt !== null) return 'used';
  return pass.valid ? 'open' : 'expired';
}
