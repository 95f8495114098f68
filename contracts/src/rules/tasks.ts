import { messages } from '../messages';
import { YARD_LOCATION_TYPES } from '../yard-locations';
import type { TaskStatus } from '../tasks';
import { CONTAINER_NUMBER_LENGTH } from './gate';
import { isBrokenDown } from './health';
import { greatCircleMetres } from './machines';
import { ALL_MACHINES, DEFAULT_PLANNING_TASK, keepsTaskTypeRule, TRAILER_LOCATION, taskTypeRule } from './task-types';

// The pure rules of tasks and ITV tasks (spec 3 §5 Task save, Duplicate check, Defaults and
// selection, Move tasks; spec 1 §5 Future task): the tasks screen runs them before sending, the
// server again before saving.

// The pseudo-location that needs a slot title in toLocationDetails (spec 3 §3, §5).
export const SLOT_LOCATION = 'Slot';

// The locations a task may go from or to: a truck's trailer, a slot of the yard (named in the slot
// title, spec 3 §3 toLocationDetails) and the yard's named places (taskPlaceNames: Export Zone,
// Chasis 1, LCL Shed, ...), each once. The task type narrows them (locationsFor, spec 3 §5).
export function taskLocationsOf(places: readonly string[]): string[] {
  return [...new Set([TRAILER_LOCATION, SLOT_LOCATION, ...places.map((place) => place.trim()).filter(Boolean)])];
}

// The yard's named places a task may go to besides Trailer and Slot: the yard locations drawn on
// /yard-locations (spec 3 §3, §9 location types), the yard zones (YARD_ZONE) and the places drawn
// for tasks (TASK_TO_LOCATION), by name. One list for the task forms, the kiosks and the server's
// check of a task's "to".
export function taskPlaceNames(yardLocations: readonly { name: string; type: string }[]): string[] {
  return YARD_LOCATION_TYPES.flatMap((type) =>
    yardLocations.filter((location) => location.type === type).map((location) => location.name),
  );
}

// Whether a task's "to" is a place the yard knows (one of taskLocationsOf's), without regard to
// case or surrounding spaces.
export function knownTaskLocation(toLocation: string, locations: readonly string[]): boolean {
  const wanted = toLocation.trim().toLowerCase();
  return locations.some((location) => location.trim().toLowerCase() === wanted);
}

// The locations a kiosk's rows offer (spec 2 §3): the same without Slot, whose title names a slot of
// the yard's grid, which a customer at a kiosk neither knows nor should be shown.
export function kioskTaskLocationsOf(places: readonly string[]): string[] {
  return taskLocationsOf(places).filter((location) => location !== SLOT_LOCATION);
}

// The number a task saves: trimmed, upper case, its first 11 characters (spec 3 §5).
export function taskContainerNumber(raw: string): string {
  return raw.trim().toUpperCase().slice(0, CONTAINER_NUMBER_LENGTH);
}

const filled = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

export interface TaskDraft {
  containerNumber?: string | null;
  taskType?: string | null;
  deliveryMode?: string | null;
  assignedToMachine?: string | null;
  fromLocation?: string | null;
  toLocation?: string | null;
  toLocationDetails?: string | null;
}

// The fields "Task save" needs, in the order the form shows them (spec 3 §5).
export const TASK_SAVE_FIELDS = [
  'containerNumber',
  'taskType',
  'deliveryMode',
  'assignedToMachine',
  'fromLocation',
  'toLocation',
] as const satisfies readonly (keyof TaskDraft)[];

// Save is enabled only when all six are non-empty (spec 3 §5 Task save).
export function taskSaveEnabled(draft: TaskDraft): boolean {
  return TASK_SAVE_FIELDS.every((field) => filled(draft[field]));
}

// Why a task may not be saved, or null: the six fields, a slot title for Slot, the task type rules.
// Weighbridge allows a blank delivery mode (spec 3 §5 table), so an empty mode passes there.
export function taskProblem(draft: TaskDraft): string | null {
  const taskType = draft.taskType?.trim() ?? '';
  const mode = draft.deliveryMode?.trim() ?? '';
  const blankModeAllowed = taskTypeRule(taskType).deliveryModes?.includes('') === true;
  const missing = TASK_SAVE_FIELDS.filter((field) => !filled(draft[field]));
  if (missing.length && !(missing.length === 1 && missing[0] === 'deliveryMode' && blankModeAllowed))
    return messages.taskIncomplete;
  if (draft.toLocation?.trim() === SLOT_LOCATION && !filled(draft.toLocationDetails))
    return messages.taskSlotTitleRequired;
  if (!keepsTaskTypeRule(taskType, mode, draft.toLocation!.trim())) return messages.gateTaskTypeRule(taskType);
  return null;
}

// A row of the bulk (IGM) tab (spec 3 §5): rows with nothing filled are skipped; a row is complete
// only when the six fields are.
export function bulkTaskRowState(row: TaskDraft): 'empty' | 'incomplete' | 'complete' {
  const any = TASK_SAVE_FIELDS.some((field) => field !== 'assignedToMachine' && filled(row[field]));
  if (!any) return 'empty';
  return taskProblem(row) === null ? 'complete' : 'incomplete';
}

// In the IGM tab the query must contain a colon (IGM:item; spec 3 §5).
export function igmQueryProblem(query: string): string | null {
  return query.includes(':') ? null : messages.taskIgmQueryNeedsColon;
}

// Future tasks (spec 1 §5, enterprise): the number is exactly 4 upper-case letters and 7 digits, and
// every field of a task is needed, each with the spec's message.
export const FUTURE_CONTAINER_NUMBER = /^[A-Z]{4}\d{7}$/;
export function futureTaskProblem(draft: TaskDraft): string | null {
  if (!TASK_SAVE_FIELDS.every((field) => filled(draft[field]))) return messages.futureTaskDataInvalid;
  if (!FUTURE_CONTAINER_NUMBER.test(draft.containerNumber!.trim())) return messages.futureTaskNumberInvalid;
  return null;
}

export interface ItvTaskDraft {
  containerNumber?: string | null;
  taskType?: string | null;
  trailer?: string | null;
  fromLocation?: string | null;
  toLocation?: string | null;
}

// An ITV task needs containerNumber, taskType, trailer, fromLocation and toLocation (spec 3 §5).
export const ITV_TASK_SAVE_FIELDS = [
  'containerNumber',
  'taskType',
  'trailer',
  'fromLocation',
  'toLocation',
] as const satisfies readonly (keyof ItvTaskDraft)[];
export function itvTaskProblem(draft: ItvTaskDraft): string | null {
  return ITV_TASK_SAVE_FIELDS.every((field) => filled(draft[field])) ? null : messages.itvTaskIncomplete;
}

// The ITV task types the ITV task modal offers (GET /rest/tasks/itv-tasks/itv-task-types): an ITV
// carries a box between the quay or gate, the yard and the freight station.
export const ITV_TASK_TYPES = [
  'Import Transfer',
  'Export Transfer',
  'Empty Transfer',
  'Shifting',
  'Examination',
] as const;

// The duplicate check's key (spec 3 §5): same task type, container number, from and to.
export function sameTaskKey(task: {
  containerNumber: string;
  taskType: string;
  fromLocation?: string | null;
  toLocation?: string | null;
}): string {
  const part = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();
  return [
    taskContainerNumber(task.containerNumber),
    part(task.taskType),
    part(task.fromLocation),
    part(task.toLocation),
  ].join('\u0000');
}

// What the add-task form fills in when a container is chosen (spec 3 §5 Defaults and selection): a
// planned container, or one with no location, goes Offloading from Trailer to its (planned) slot;
// otherwise the task starts where the container is.
export interface TaskDefaults {
  taskType: string | null;
  fromLocation: string | null;
  toLocation: string | null;
  toLocationDetails: string | null;
}
export function defaultTaskFor(container: { planned: boolean; location: string | null }): TaskDefaults {
  if (container.planned || !filled(container.location))
    return {
      taskType: DEFAULT_PLANNING_TASK.taskType,
      fromLocation: TRAILER_LOCATION,
      toLocation: filled(container.location) ? SLOT_LOCATION : null,
      toLocationDetails: filled(container.location) ? container.location : null,
    };
  return { taskType: null, fromLocation: container.location, toLocation: null, toLocationDetails: null };
}

export interface LatLng {
  latitude: number;
  longitude: number;
}

// Great-circle distance in km on the 6,371 km sphere of spec 3 §5 (the machines' one haversine).
export function greatCircleKm(a: LatLng, b: LatLng): number {
  return greatCircleMetres(a, b) / 1000;
}

// The machine closest to the container, skipping broken-down machines and machines whose position
// is unknown; ALL when there is none (spec 3 §5, spec 1 §9). Ties go to the first in the list.
export function nearestMachine(
  container: LatLng | null,
  machines: readonly { machineName: string; machineStatus: string | null; position: LatLng | null }[],
): string {
  if (!container) return ALL_MACHINES;
  let best: { name: string; km: number } | null = null;
  for (const machine of machines) {
    if (isBrokenDown(machine.machineStatus) || !machine.position) continue;
    const km = greatCircleKm(container, machine.position);
    if (!best || km < best.km) best = { name: machine.machineName, km };
  }
  return best?.name ?? ALL_MACHINES;
}

// Machine names compare without case (the machines table's unique name is lower(name)).
export function sameMachine(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

// Move tasks: the source and target machines must differ (spec 3 §5), for every task moved.
export function transferProblem(tasks: readonly { assignedToMachine: string }[], toMachine: string): string | null {
  return tasks.some((task) => sameMachine(task.assignedToMachine, toMachine)) ? messages.taskSameMachine : null;
}

// The rows of a list call (spec 3 §7): skip -1 and limit -1 mean all; skip is 0-based for tasks.
export function taskPageWindow(
  skip: number | undefined,
  limit: number | undefined,
): { offset: number; limit: number | null } {
  const all = skip === -1 || limit === -1;
  return { offset: all ? 0 : Math.max(skip ?? 0, 0), limit: all ? null : (limit ?? null) };
}

// Ids a DELETE sends in its query, comma-joined (contracts ID_LIST_PATTERN), each once.
export function joinIdList(ids: readonly number[]): string {
  return ids.join(',');
}
export function parseIdList(text: string): number[] {
  return [...new Set(text.split(',').map((part) => Number(part.trim())))].filter(
    (id) => Number.isSafeInteger(id) && id > 0,
  );
}

// Where a task stands (spec 3 §4): completed once it has a completion date; a reported problem
// holds it until it is started again.
export function taskStatusOf(task: {
  completionDate: number | null;
  startedAt: number | null;
  problem: string | null;
}): TaskStatus {
  if (task.completionDate !== null) return 'completed';
  if (task.problem !== null) return 'problem';
  if (task.startedAt !== null) return 'started';
  return 'pending';
}

// A machine's queue (the terminal, issue 17): its open tasks and those for ALL machines.
export function inMachineQueue(
  task: { assignedToMachine: string; completionDate: number | null },
  machineName: string,
): boolean {
  return (
    task.completionDate === null &&
    (sameMachine(task.assignedToMachine, machineName) || sameMachine(task.assignedToMachine, ALL_MACHINES))
  );
}

// The queue's order: started first (the driver's work in hand), then priority tasks, then its own
// before ALL's, then the oldest first.
export function machineQueueOrder(
  a: {
    startedAt: number | null;
    onPriority: boolean;
    assignedToMachine: string;
    generationDate: number;
    taskId: number;
  },
  b: {
    startedAt: number | null;
    onPriority: boolean;
    assignedToMachine: string;
    generationDate: number;
    taskId: number;
  },
): number {
  const rank = (task: typeof a) =>
    (task.startedAt !== null ? 0 : 4) +
    (task.onPriority ? 0 : 2) +
    (sameMachine(task.assignedToMachine, ALL_MACHINES) ? 1 : 0);
  return rank(a) - rank(b) || a.generationDate - b.generationDate || a.taskId - b.taskId;
}
