import type { DispatchQuery, GateInForm, GateTaskInput, RetagForm, TrailerGateInForm } from '../gate-operations';
import { messages } from '../messages';
import {
  hasContainerNumberLength,
  hasTagLength,
  isSpecialTag,
  isValidContainerTag,
  TRAILER_CLASSES,
  TRAILER_GATE_IN_TYPES,
} from './gate';
import { normalizeContainerNumber } from './iso6346';
import { EXPORT_OUT_TASK_TYPES, keepsTaskTypeRule, TRAILER_LOCATION } from './task-types';

// The gate forms' rules (spec 1 §5), checked in the spec's order: the first one broken is the
// message shown, on the field it is about. The clerk's form runs them before sending; the server
// runs them again (it is the authority) and answers the same message with a 400.

export interface FormProblem {
  message: string;
  field: string;
}

const filled = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';
const problem = (message: string, field: string): FormProblem => ({ message, field });

// The containers of a gate-in form, first and second, with the fields the rules read.
export function gateInContainers(form: Pick<GateInForm, 'container1Data' | 'container2Data' | 'mode'>) {
  const list = [form.container1Data, form.mode === 'double' ? form.container2Data : undefined];
  return list.filter((container) => container !== undefined && container !== null);
}

// Whether a gate-in counts as planned: planning's tasks came with it (spec 1 §5 "with planning on").
export function gateInPlanned(form: Pick<GateInForm, 'planningGeneratedTasks'>): boolean {
  return (form.planningGeneratedTasks?.length ?? 0) > 0;
}

// A task of the export-out list: an export-out type, a delivery mode, and the task-type rule kept
// (spec 3 §5: Export Loading with Export Out to the Trailer, Empty Loading with Empty Out). A task
// without a target goes to the Trailer.
export function exportTaskProblem(task: GateTaskInput, field: string): FormProblem | null {
  if (!filled(task.taskType) || !filled(task.deliveryMode)) return problem(messages.gateExportTaskIncomplete, field);
  if (!(EXPORT_OUT_TASK_TYPES as readonly string[]).includes(task.taskType))
    return problem(messages.gateExportTaskType(task.taskType), field);
  if (!keepsTaskTypeRule(task.taskType, task.deliveryMode, task.toLocation || TRAILER_LOCATION))
    return problem(messages.gateTaskTypeRule(task.taskType), field);
  return null;
}

export function gateInFormProblem(form: GateInForm): FormProblem | null {
  const first = form.container1Data;
  const second = form.container2Data;
  const hasSecond = !!second && (filled(second.containerNumber) || filled(second.tagId));
  if (!first || (!filled(first.containerNumber) && !filled(first.tagId)))
    return problem(messages.gateInInsufficientData, 'container1Data');
  if (form.mode === 'single' && hasSecond) return problem(messages.gateSingleNeedsOne, 'container2Data');
  if (form.mode === 'double' && !hasSecond) return problem(messages.gateDoubleNeedsTwo, 'container2Data');
  const containers = gateInContainers(form);
  const ordinal = (index: number) => (index === 0 ? 'container1Data' : 'container2Data');
  for (const [index, container] of containers.entries()) {
    if (!filled(container.gateInPurpose))
      return problem(
        index === 0 ? messages.gateInPurposeRequired : messages.gateInPurposeRequiredSecond,
        `${ordinal(index)}.gateInPurpose`,
      );
  }
  for (const [index, container] of containers.entries()) {
    if (!filled(container.containerNumber) || !hasContainerNumberLength(container.containerNumber))
      return problem(
        index === 0 ? messages.gateFirstNumberInvalid : messages.gateSecondNumberInvalid,
        `${ordinal(index)}.containerNumber`,
      );
    if (!filled(container.tagId) || !isValidContainerTag(container.tagId.trim()))
      return problem(
        index === 0 ? messages.gateFirstTagInvalid : messages.gateSecondTagInvalid,
        `${ordinal(index)}.tagId`,
      );
  }
  if (containers.length === 2) {
    const [a, b] = containers as [NonNullable<typeof first>, NonNullable<typeof first>];
    if (normalizeContainerNumber(a.containerNumber!) === normalizeContainerNumber(b.containerNumber!))
      return problem(messages.gateSameNumbers, 'container2Data.containerNumber');
    const tagA = a.tagId!.trim();
    if (tagA === b.tagId!.trim() && !isSpecialTag(tagA)) return problem(messages.gateSameTags, 'container2Data.tagId');
  }
  if (!filled(form.trailerNumber)) return problem(messages.gateTrailerNumberRequired, 'trailerNumber');
  if (filled(form.trailerTag1) && !hasTagLength(form.trailerTag1))
    return problem(messages.gateTrailerTagInvalid, 'trailerTag1');
  // The size is needed to place the box (and with planning on the spec asks for it too).
  for (const [index, container] of containers.entries()) {
    if (!filled(container.containerSize))
      return problem(messages.gatePlanningSizeRequired, `${ordinal(index)}.containerSize`);
    if (form.mode === 'double' && container.containerSize.trim() !== '20')
      return problem(messages.gateDoubleTwentyOnly, `${ordinal(index)}.containerSize`);
  }
  if (form.gateOutWithExportContainer) {
    const out = (form.outContainers ?? []).filter(filled);
    if (!out.length) return problem(messages.gateExportTaskIncomplete, 'outContainers');
    for (const number of out) {
      const task = (form.gateInTasks ?? []).find(
        (candidate) => normalizeContainerNumber(candidate.containerNumber) === normalizeContainerNumber(number),
      );
      if (!task) return problem(messages.gateExportTaskIncomplete, 'gateInTasks');
      const broken = exportTaskProblem(task, 'gateInTasks');
      if (broken) return broken;
    }
  }
  if (gateInPlanned(form)) {
    for (const detail of form.outContainerDetails ?? [])
      if (!filled(detail.activityGroup) || !filled(detail.activity))
        return problem(messages.gatePlanningOutActivityRequired, 'outContainerDetails');
  }
  return null;
}

// Trailer gate-in (spec 1 §5): purpose, trailer number, trailer tag of 8 characters.
export function trailerGateInProblem(form: TrailerGateInForm): FormProblem | null {
  if (!filled(form.gateInType) || !(TRAILER_GATE_IN_TYPES as readonly string[]).includes(form.gateInType.trim()))
    return problem(messages.vehiclePurposeRequired, 'gateInType');
  if (!filled(form.trailerNumber)) return problem(messages.gateTrailerNumberRequired, 'trailerNumber');
  if (!filled(form.trailerTag)) return problem(messages.vehicleTrailerTagRequired, 'trailerTag');
  if (!hasTagLength(form.trailerTag)) return problem(messages.trailerTagLength, 'trailerTag');
  if (filled(form.trailerType) && !(TRAILER_CLASSES as readonly string[]).includes(form.trailerType.trim()))
    return problem(messages.trailerClassInvalid, 'trailerType');
  return null;
}

// Retag (spec 1 §5): the container, a new tag of 8 characters that is a container tag.
export function retagProblem(form: RetagForm): FormProblem | null {
  if (!filled(form.containerNumber)) return problem(messages.retagNumberRequired, 'containerNumber');
  if (!filled(form.newTag)) return problem(messages.retagNewTagRequired, 'newTag');
  if (!hasTagLength(form.newTag)) return problem(messages.retagNewTagLength, 'newTag');
  if (!isValidContainerTag(form.newTag.trim())) return problem(messages.tagInvalid, 'newTag');
  return null;
}

// Dispatch and out for scanning (spec 1 §5): an 11-character number and the dispatch time.
export function dispatchProblem(query: DispatchQuery): FormProblem | null {
  if (!filled(query.containerNumber) || !hasContainerNumberLength(query.containerNumber))
    return problem(messages.dispatchNumberInvalid, 'containerNumber');
  if (query.dispatchTime === undefined) return problem(messages.dispatchTimeRequired, 'dispatchTime');
  return null;
}
