import { messages } from '../messages';
import { DEFAULT_DISPATCH_MODE, hasTagLength, TRAILER_NUMBER_MAX_LENGTH } from './gate';
import { hasRole, type SystemRole } from './permissions';

// A trailer may be dispatched while it is in the yard; a dispatched one again only by an admin or
// the superadmin (spec 3 §4, §5). The server enforces it; the screen uses it to disable Dispatch.
export function mayDispatchTrailer(
  trailer: { readonly outDate: number | null },
  user: { readonly systemRole: SystemRole | null },
): boolean {
  return trailer.outDate === null || hasRole(user, 'admin', 'superadmin');
}

// The dispatch mode of a dispatch that names none, or only blanks (spec 3 §9).
export function dispatchModeOf(mode: string | undefined | null): string {
  return mode?.trim() || DEFAULT_DISPATCH_MODE;
}

// A header of an upload sheet as the column tables of contracts/src/trailers.ts name it:
// 'Trailer Tag Number', 'trailer_tag_number' and 'TrailerTagNumber' are one column.
export function uploadHeaderKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

// A refused field of a trailers form or upload row: the field and the words to show.
export interface FieldProblem {
  field: string;
  message: string;
}

export const PLA_CARD_MAX_LENGTH = 40;
export const TRAILER_TYPE_MAX_LENGTH = 20;
export const TRANSPORTER_MAX_LENGTH = 80;

const blank = (value: string | null | undefined) => !value?.trim();

function trailerNumberProblem(number: string | null | undefined, field = 'trailerNumber'): FieldProblem | null {
  if (blank(number)) return { field, message: messages.gateTrailerNumberRequired };
  if (number!.trim().length > TRAILER_NUMBER_MAX_LENGTH)
    return { field, message: messages.fieldTooLong('Trailer number', TRAILER_NUMBER_MAX_LENGTH) };
  return null;
}

function trailerTagProblem(tag: string | null | undefined, field: string, required: boolean): FieldProblem | null {
  if (blank(tag)) return required ? { field, message: messages.vehicleTrailerTagRequired } : null;
  return hasTagLength(tag!) ? null : { field, message: messages.trailerTagLength };
}

function lengthProblem(value: string | null | undefined, field: string, label: string, max: number) {
  return value && value.trim().length > max ? { field, message: messages.fieldTooLong(label, max) } : null;
}

// The rules of the trailer, PLA card and permanent trailer forms and upload rows (spec 1 §5 trailer
// numbers and 8-character tags, spec 3 §3 fields), the first problem or null. The server applies
// them; the forms show the same words before sending.
export function trailerProblem(input: {
  trailerNumber?: string | undefined;
  trailerTagId?: string | null | undefined;
  type?: string | undefined;
}): FieldProblem | null {
  return (
    trailerNumberProblem(input.trailerNumber) ??
    trailerTagProblem(input.trailerTagId, 'trailerTagId', false) ??
    (blank(input.type) ? { field: 'type', message: messages.vehiclePurposeRequired } : null)
  );
}

export function plaCardProblem(input: {
  trailerTagNumber?: string | undefined;
  plaCardNumber?: string | undefined;
}): FieldProblem | null {
  return (
    trailerTagProblem(input.trailerTagNumber, 'trailerTagNumber', true) ??
    (blank(input.plaCardNumber) ? { field: 'plaCardNumber', message: messages.plaCardRequired } : null) ??
    lengthProblem(input.plaCardNumber, 'plaCardNumber', 'PLA card number', PLA_CARD_MAX_LENGTH)
  );
}

export function permanentTrailerProblem(input: {
  trailerNumber?: string | undefined;
  trailerTag?: string | undefined;
  trailerType?: string | null | undefined;
  transporter?: string | null | undefined;
}): FieldProblem | null {
  return (
    trailerNumberProblem(input.trailerNumber) ??
    trailerTagProblem(input.trailerTag, 'trailerTag', true) ??
    lengthProblem(input.trailerType, 'trailerType', 'Trailer type', TRAILER_TYPE_MAX_LENGTH) ??
    lengthProblem(input.transporter, 'transporter', 'Transporter', TRANSPORTER_MAX_LENGTH)
  );
}
