import {
  messages,
  slotSpan,
  type EnginePlacement,
  type Plan,
  type PlanAssignment,
  type QueuedContainer,
} from '@openyard/contracts';

// A plan being made (spec 2 §4 Plan): container number → the slot assigned to it (its name in the
// yard's slot format; a 40 ft box names the first slot of its merged pair). A container counts as
// planned when it has a slot; this is what Save sends.
export type Assignments = ReadonlyMap<string, string>;

export const NO_ASSIGNMENTS: Assignments = new Map();

// The length in feet of a queued container's size as the master data names it ('20', '40', '45',
// '40HC'); an unreadable size counts as 20 ft.
export function feetOfSize(size: string): number {
  const feet = Number.parseInt(size, 10);
  return Number.isFinite(feet) && feet > 0 ? feet : 20;
}

// Spec 2 §9: above 20 ft a box fills the two slots of a merged pair.
export function spanOfSize(size: string): 1 | 2 {
  return slotSpan(feetOfSize(size));
}

// The assignments a saved plan holds (what Edit Plan starts from).
export function assignmentsOfPlan(plan: Pick<Plan, 'plannedContainers'> | null): Assignments {
  const assignments = new Map<string, string>();
  for (const container of plan?.plannedContainers ?? [])
    if (container.slotFullName) assignments.set(container.containerNumber, container.slotFullName);
  return assignments;
}

export function withAssignment(assignments: Assignments, containerNumber: string, slotFullName: string): Assignments {
  const next = new Map(assignments);
  next.set(containerNumber, slotFullName);
  return next;
}

export function withoutAssignment(assignments: Assignments, containerNumber: string): Assignments {
  if (!assignments.has(containerNumber)) return assignments;
  const next = new Map(assignments);
  next.delete(containerNumber);
  return next;
}

export function sameAssignments(a: Assignments, b: Assignments): boolean {
  if (a.size !== b.size) return false;
  for (const [containerNumber, slot] of a) if (b.get(containerNumber) !== slot) return false;
  return true;
}

// The engine's proposal (auto-assign) added to what the planner assigned by hand: a container the
// planner placed keeps its slot, and a proposed slot the planner has given another container is
// left out (the engine did not know of unsaved assignments); those containers are returned.
export function withPlacements(
  assignments: Assignments,
  placements: readonly Pick<EnginePlacement, 'containerNumber' | 'slotFullName'>[],
): { assignments: Assignments; skipped: string[] } {
  const next = new Map(assignments);
  const taken = new Set(assignments.values());
  const skipped: string[] = [];
  for (const placement of placements) {
    if (next.has(placement.containerNumber)) continue;
    if (taken.has(placement.slotFullName)) {
      skipped.push(placement.containerNumber);
      continue;
    }
    next.set(placement.containerNumber, placement.slotFullName);
    taken.add(placement.slotFullName);
  }
  return { assignments: next, skipped };
}

// Spec 2 §5: Save is disabled with no assigned slot or an empty plan name, and a name another plan
// has is refused with the spec's words. Null when the plan may be saved; else why not.
export function planSaveProblem({
  assignments,
  name,
  nameTaken,
}: {
  assignments: Assignments;
  name: string;
  nameTaken: boolean;
}): string | null {
  if (assignments.size === 0) return 'Assign a slot to at least one container';
  if (!name.trim()) return 'Name the plan';
  if (nameTaken) return messages.planNameTaken(name.trim());
  return null;
}

// The save's assignments, in the order of the containers listed (those assigned and no longer
// listed after them).
export function assignmentList(assignments: Assignments, listed: readonly Pick<QueuedContainer, 'containerNumber'>[]) {
  const order = new Map(listed.map((container, index) => [container.containerNumber, index]));
  return [...assignments]
    .map(([containerNumber, slotFullName]): PlanAssignment => ({ containerNumber, slotFullName }))
    .sort((a, b) => (order.get(a.containerNumber) ?? Infinity) - (order.get(b.containerNumber) ?? Infinity));
}

// A listed container this plan may give a slot: one no plan holds, or one of this plan (Edit Plan).
// A container another plan holds is shown with its slot and left to that plan.
export function mayAssign(container: Pick<QueuedContainer, 'planId'>, planId: number | null): boolean {
  return container.planId === null || container.planId === planId;
}

// The next container to place after one was placed: the first unassigned one listed after it, else
// the first unassigned one before it; null when every listed container has a slot.
export function nextUnassigned(
  listed: readonly Pick<QueuedContainer, 'containerNumber' | 'planId'>[],
  assignments: Assignments,
  after: string | null,
  planId: number | null,
): string | null {
  const open = (container: Pick<QueuedContainer, 'containerNumber' | 'planId'>) =>
    !assignments.has(container.containerNumber) && mayAssign(container, planId);
  const from = after === null ? -1 : listed.findIndex((container) => container.containerNumber === after);
  const later = listed.slice(from + 1).find(open);
  return (later ?? listed.slice(0, Math.max(from, 0)).find(open))?.containerNumber ?? null;
}
