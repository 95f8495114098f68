import { deliveryModesFor, locationsFor, taskTypeRule } from '@openyard/contracts';
import type { TaskFormDraft } from './TaskFormDraft';

// A task type chosen on a form (spec 3 §5 Task type rules): the delivery mode and the target location
// stay when the type allows them; otherwise each becomes the type's only one (or blank), and the slot
// title goes with a target that changed.
export function withTaskType(
  draft: TaskFormDraft,
  taskType: string,
  allModes: readonly string[],
  allLocations: readonly string[],
): TaskFormDraft {
  const modes = deliveryModesFor(taskType, allModes);
  const locations = locationsFor(taskType, allLocations);
  const deliveryMode = modes.includes(draft.deliveryMode) ? draft.deliveryMode : modes.length === 1 ? modes[0]! : '';
  // A target the type allows stays, also one outside the list (a slot a gate task names).
  const keepsTarget = draft.toLocation !== '' && taskTypeRule(taskType).locations(draft.toLocation);
  const toLocation = keepsTarget ? draft.toLocation : locations.length === 1 ? locations[0]! : '';
  return {
    ...draft,
    taskType,
    deliveryMode,
    toLocation,
    toLocationDetails: toLocation === draft.toLocation ? draft.toLocationDetails : '',
  };
}
