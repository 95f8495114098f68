import { hasTagLength, messages } from '@openyard/contracts';
import type { RetagDraft } from './gateDrafts';

// Spec 1 §5 "Retag": the container, its existing tag (`noExistingTag` when the yard's record of the
// container has none; the clerk may also type the old tag), the new tag of 8 characters.
export function retagProblem(draft: RetagDraft, options: { noExistingTag: boolean }): string | null {
  if (!draft.containerNumber.trim()) return messages.retagNumberRequired;
  if (options.noExistingTag && !draft.oldTag.trim()) return messages.retagNoExistingTag;
  if (!draft.newTag.trim()) return messages.retagNewTagRequired;
  if (!hasTagLength(draft.newTag)) return messages.retagNewTagLength;
  return null;
}
