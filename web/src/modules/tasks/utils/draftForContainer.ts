import { DEFAULT_PLANNING_TASK, defaultTaskFor } from '@openyard/contracts';
import type { TaskFormDraft } from './TaskFormDraft';
import { withTaskType } from './withTaskType';

export interface ChosenContainer {
  containerId: number | null;
  containerNumber: string;
  planned: boolean;
  location: string | null;
}

// The form once a container is chosen (spec 3 §5 Defaults and selection): a planned container, or
// one with no location, goes Offloading (with planning's Loaded mode) from Trailer to its slot;
// otherwise the task starts from where the container is and keeps the type already chosen. The
// machine is the one given (the nearest, or ALL).
export function draftForContainer(
  draft: TaskFormDraft,
  container: ChosenContainer,
  machine: string,
  allModes: readonly string[],
  allLocations: readonly string[],
): TaskFormDraft {
  const defaults = defaultTaskFor({ planned: container.planned, location: container.location });
  const base: TaskFormDraft = {
    ...draft,
    containerId: container.containerId,
    containerNumber: container.containerNumber,
    fromLocation: defaults.fromLocation ?? '',
    toLocation: defaults.toLocation ?? '',
    toLocationDetails: defaults.toLocationDetails ?? '',
    assignedToMachine: machine,
  };
  if (defaults.taskType === null)
    return draft.taskType ? withTaskType(base, draft.taskType, allModes, allLocations) : base;
  const typed = withTaskType({ ...base, deliveryMode: '' }, defaults.taskType, allModes, allLocations);
  return defaults.taskType === DEFAULT_PLANNING_TASK.taskType && allModes.includes(DEFAULT_PLANNING_TASK.deliveryMode)
    ? { ...typed, deliveryMode: DEFAULT_PLANNING_TASK.deliveryMode }
    : typed;
}
