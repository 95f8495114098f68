// Task types and what each allows (spec 1 §9, spec 3 §5 "Task type rules"): the gate's generated
// tasks, the tasks screen and the kiosk all narrow delivery modes and locations through here.

export const HANDLING_MODES = ['Labour', 'ForkLift', 'Crane', 'Manual'] as const;

// Export-out generated tasks (spec 1 §9).
export const EXPORT_OUT_TASK_TYPES = ['Export Loading', 'Empty Loading'] as const;
// Planning-generated tasks (spec 1 §9): types and modes; the default is Offloading with Loaded.
export const PLANNING_TASK_TYPES = ['Grounding', 'Offloading', 'Weighbridge', 'Examination'] as const;
export const PLANNING_DELIVERY_MODES = ['Loaded', 'ForkLift', 'Crane de-stuff', 'Labour'] as const;
export const DEFAULT_PLANNING_TASK = { taskType: 'Offloading', deliveryMode: 'Loaded' } as const;

// The machine a task goes to when nobody chose one (spec 1 §9).
export const ALL_MACHINES = 'ALL';
// The pseudo-location of a box on a truck's trailer.
export const TRAILER_LOCATION = 'Trailer';

export interface TaskTypeRule {
  // null: every delivery mode of the master list.
  deliveryModes: readonly string[] | null;
  // Which of the yard's task locations may be chosen.
  locations: (name: string) => boolean;
  // The locations in the order shown (spec 3 §5: Export Zone plus Chasis, sorted by number).
  sortLocations?: (names: string[]) => string[];
}

const byNumber = (names: string[]) =>
  [...names].sort((a, b) => Number(/\d+/.exec(a)?.[0] ?? 0) - Number(/\d+/.exec(b)?.[0] ?? 0) || a.localeCompare(b));
const anyLocation = () => true;

// Spec 3 §5's table, keyed by the task type in lower case (the spec writes them in lower case,
// spec 1 §9 capitalised; both mean the same type).
const RULES: Record<string, TaskTypeRule> = {
  'export loading': { deliveryModes: ['Export Out'], locations: (name) => name === TRAILER_LOCATION },
  'empty loading': { deliveryModes: ['Empty Out'], locations: (name) => name === TRAILER_LOCATION },
  'empty placement': {
    deliveryModes: HANDLING_MODES,
    locations: (name) => name === 'Export Zone' || name.startsWith('Chasis'),
    sortLocations: byNumber,
  },
  weighbridge: { deliveryModes: ['Loaded', ''], locations: anyLocation },
  'lcl placement': {
    deliveryModes: HANDLING_MODES,
    locations: (name) => name.startsWith('LCL') || name.startsWith('Chasis'),
  },
};
const OTHERS: TaskTypeRule = { deliveryModes: null, locations: anyLocation };

export function taskTypeRule(taskType: string): TaskTypeRule {
  return RULES[taskType.trim().toLowerCase()] ?? OTHERS;
}

// The delivery modes a task type allows, out of the master list.
export function deliveryModesFor(taskType: string, all: readonly string[]): string[] {
  const allowed = taskTypeRule(taskType).deliveryModes;
  return allowed === null ? [...all] : [...allowed];
}

// The locations a task type allows, out of the yard's task locations, in the order shown.
export function locationsFor(taskType: string, all: readonly string[]): string[] {
  const rule = taskTypeRule(taskType);
  const allowed = all.filter(rule.locations);
  return rule.sortLocations ? rule.sortLocations(allowed) : allowed;
}

// Whether a (type, mode, location) triple keeps the rule; an empty mode passes only where the
// rule lists '' (weighbridge) or has no list.
export function keepsTaskTypeRule(taskType: string, deliveryMode: string, toLocation: string): boolean {
  const rule = taskTypeRule(taskType);
  if (rule.deliveryModes !== null && !rule.deliveryModes.includes(deliveryMode)) return false;
  return rule.locations(toLocation);
}
