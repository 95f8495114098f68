import {
  hasContainerNumberLength,
  hasTagLength,
  isSpecialTag,
  isValidContainerTag,
  messages,
} from '@openyard/contracts';
import type { ContainerDraft, OffloadingDraft } from './gateDrafts';

const filled = (value: string) => value.trim() !== '';
const hasData = (container: ContainerDraft) => filled(container.containerNumber) || filled(container.tagId);

// The first rule of spec 1 §5 "Gate-in messages" the form breaks, in the order the clerk fills the
// form (first container, second container, both, trailer, out-containers, planning), or null.
// The server checks the same rules; this shows the spec's message before anything is sent.
export function gateInProblem(draft: OffloadingDraft, options: { planning: boolean }): string | null {
  const { container1, container2 } = draft;
  const double = draft.mode === 'double';
  if (!hasData(container1) && (!double || !hasData(container2))) return messages.gateInInsufficientData;
  if (double && (!hasData(container1) || !hasData(container2))) return messages.gateDoubleNeedsTwo;
  if (!double && hasData(container2)) return messages.gateSingleNeedsOne;

  if (!filled(container1.gateInPurpose)) return messages.gateInPurposeRequired;
  if (!hasContainerNumberLength(container1.containerNumber)) return messages.gateFirstNumberInvalid;
  if (!isValidContainerTag(container1.tagId.trim())) return messages.gateFirstTagInvalid;
  if (double) {
    if (!filled(container2.gateInPurpose)) return messages.gateInPurposeRequiredSecond;
    if (!hasContainerNumberLength(container2.containerNumber)) return messages.gateSecondNumberInvalid;
    if (!isValidContainerTag(container2.tagId.trim())) return messages.gateSecondTagInvalid;
    if (container1.containerNumber.trim().toUpperCase() === container2.containerNumber.trim().toUpperCase())
      return messages.gateSameNumbers;
    const tag = container1.tagId.trim();
    if (!isSpecialTag(tag) && tag === container2.tagId.trim()) return messages.gateSameTags;
  }

  if (!filled(draft.trailerNumber)) return messages.gateTrailerNumberRequired;
  if (!hasTagLength(draft.trailerTag)) return messages.gateTrailerTagInvalid;

  const outs = draft.outContainers.filter((out) => filled(out.containerNumber));
  if (outs.some((out) => !filled(out.taskType) || !filled(out.deliveryMode))) return messages.gateExportTaskIncomplete;
  if (options.planning) {
    const containers = double ? [container1, container2] : [container1];
    if (containers.some((container) => !filled(container.containerSize))) return messages.gatePlanningSizeRequired;
    if (outs.some((out) => !filled(out.activityGroup) || !filled(out.activity)))
      return messages.gatePlanningOutActivityRequired;
  }
  return null;
}
