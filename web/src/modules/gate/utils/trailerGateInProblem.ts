import { hasTagLength, messages } from '@openyard/contracts';
import type { TrailerDraft } from './gateDrafts';

// Spec 1 §5 "Trailer gate-in": purpose, trailer number, trailer tag of 8 characters, in that order.
export function trailerGateInProblem(draft: TrailerDraft): string | null {
  if (!draft.gateInType.trim()) return messages.vehiclePurposeRequired;
  if (!draft.trailerNumber.trim()) return messages.gateTrailerNumberRequired;
  if (!draft.trailerTag.trim()) return messages.vehicleTrailerTagRequired;
  if (!hasTagLength(draft.trailerTag)) return messages.trailerTagLength;
  return null;
}
