import { hasContainerNumberLength, messages } from '@openyard/contracts';
import type { DispatchDraft } from './gateDrafts';

// Spec 1 §5 "Dispatch": a container number of 11 characters and a dispatch time (the form starts
// with now; the clerk may clear it).
export function dispatchProblem(draft: DispatchDraft, options: { needsTime: boolean }): string | null {
  if (!hasContainerNumberLength(draft.containerNumber)) return messages.dispatchNumberInvalid;
  if (options.needsTime && !draft.dispatchTime.trim()) return messages.dispatchTimeRequired;
  return null;
}
