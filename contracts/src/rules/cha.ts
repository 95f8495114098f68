import type { AllowedDeliveryInput, ChaAgentInput } from '../cha';
import { CHA_ALLOWED_COUNT_MAX } from '../cha';
import { messages } from '../messages';
import type { FormProblem } from './gate-forms';

// The figures of one delivery type of a CHA allocation (spec 1 §3).
export interface DeliveryFigures {
  allowedCount: number;
  allowed20: number;
  allowed40: number;
}

export type DeliveryFigure = keyof DeliveryFigures;

const count = (value: number) =>
  Number.isFinite(value) ? Math.min(CHA_ALLOWED_COUNT_MAX, Math.max(0, Math.trunc(value))) : 0;

// Spec 1 §5 CHA allocation: "The allowed count is kept equal to or above allowed20 plus allowed40.
// The 20 and 40 figures are recomputed to stay consistent." The figure the person just changed
// wins: a 20 or 40 figure above what the allowed count leaves raises the allowed count; an allowed
// count below the two takes the difference off the 40 figure first, then off the 20 figure.
export function consistentDelivery(figures: DeliveryFigures, changed: DeliveryFigure): DeliveryFigures {
  const next = {
    allowedCount: count(figures.allowedCount),
    allowed20: count(figures.allowed20),
    allowed40: count(figures.allowed40),
  };
  if (changed === 'allowedCount') {
    next.allowed20 = Math.min(next.allowed20, next.allowedCount);
    next.allowed40 = Math.min(next.allowed40, next.allowedCount - next.allowed20);
    return next;
  }
  // The 20 and 40 figures together may not pass the bound either: the other one gives way.
  if (next.allowed20 + next.allowed40 > CHA_ALLOWED_COUNT_MAX) {
    if (changed === 'allowed20') next.allowed40 = CHA_ALLOWED_COUNT_MAX - next.allowed20;
    else next.allowed20 = CHA_ALLOWED_COUNT_MAX - next.allowed40;
  }
  next.allowedCount = Math.max(next.allowedCount, next.allowed20 + next.allowed40);
  return next;
}

export function isConsistentDelivery(figures: DeliveryFigures): boolean {
  return figures.allowedCount >= figures.allowed20 + figures.allowed40;
}

// What a save refuses before the database's check does (cha_vehicle_details_counts): the first
// delivery type whose allowed count is below its 20 and 40 figures.
export function chaAllocationProblem(
  deliveries: Readonly<Record<string, Pick<AllowedDeliveryInput, keyof DeliveryFigures>>>,
): FormProblem | null {
  for (const [name, figures] of Object.entries(deliveries)) {
    if (!isConsistentDelivery(figures))
      return { message: messages.chaAllowedBelowSizes(name), field: `allowedDeliveries.${name}.allowedCount` };
  }
  return null;
}

// A new agent needs a name and a registration number; a contact is not blank.
export function chaAgentProblem(input: ChaAgentInput): FormProblem | null {
  if (!input.name.trim()) return { message: messages.chaNameRequired, field: 'name' };
  if (!input.registrationNumber.trim())
    return { message: messages.chaRegistrationRequired, field: 'registrationNumber' };
  return chaContactsProblem(input.contacts ?? []);
}

export function chaContactsProblem(contacts: readonly string[]): FormProblem | null {
  return contacts.some((contact) => !contact.trim()) ? { message: messages.chaContactEmpty, field: 'contacts' } : null;
}
