import { yardDayOf, yardDayRange } from '@openyard/contracts';
import { epochOfYardDateTime, yardDateTimeOf } from '../../gate/utils/yardDateTime';

// The form's window: two datetime-local values in the yard's zone ('2026-11-25T08:00'); an empty
// end means "until the end of that yard day", as the server fills it.
export interface PreAdviceWindowFields {
  expectedFrom: string;
  expectedTo: string;
}

// The fields of a stored window: an end that is the end of the start's yard day shows empty.
export function windowFieldsOf(
  window: { expectedFrom: number; expectedTo: number },
  timeZone: string,
): PreAdviceWindowFields {
  const dayEnd = yardDayRange(yardDayOf(window.expectedFrom, timeZone), timeZone).to;
  return {
    expectedFrom: yardDateTimeOf(window.expectedFrom, timeZone),
    expectedTo: window.expectedTo === dayEnd ? '' : yardDateTimeOf(window.expectedTo, timeZone),
  };
}

// The instants sent; null for an unreadable start (the form says so).
export function windowOf(
  fields: PreAdviceWindowFields,
  timeZone: string,
): { expectedFrom: number; expectedTo: number | null } | null {
  const expectedFrom = epochOfYardDateTime(fields.expectedFrom, timeZone);
  if (expectedFrom === null) return null;
  return { expectedFrom, expectedTo: epochOfYardDateTime(fields.expectedTo, timeZone) };
}
