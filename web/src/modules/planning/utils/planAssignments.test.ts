import { describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import {
  assignmentList,
  assignmentsOfPlan,
  nextUnassigned,
  NO_ASSIGNMENTS,
  planSaveProblem,
  sameAssignments,
  spanOfSize,
  withAssignment,
  withoutAssignment,
  withPlacements,
} from './planAssignments';

const listed = (numbers: string[], planIds: (number | null)[] = []) =>
  numbers.map((containerNumber, index) => ({ containerNumber, planId: planIds[index] ?? null }));

describe('plan assignments', () => {
  it('assign, replace and release a slot without changing the state they were made from', () => {
    const one = withAssignment(NO_ASSIGNMENTS, 'MSCU1234565', 'A_1_1_1');
    const moved = withAssignment(one, 'MSCU1234565', 'A_1_2_1');
    expect([...one]).toEqual([['MSCU1234565', 'A_1_1_1']]);
    expect([...moved]).toEqual([['MSCU1234565', 'A_1_2_1']]);
    expect(withoutAssignment(moved, 'MSCU1234565').size).toBe(0);
    expect(withoutAssignment(moved, 'OTHER')).toBe(moved);
    expect(NO_ASSIGNMENTS.size).toBe(0);
  });

  it('are unsaved when they differ from the plan they started from', () => {
    const plan = {
      plannedContainers: [
        { containerNumber: 'A1', slotFullName: 'A_1_1_1' },
        { containerNumber: 'A2', slotFullName: null },
      ],
    } as Parameters<typeof assignmentsOfPlan>[0];
    const saved = assignmentsOfPlan(plan);
    expect([...saved]).toEqual([['A1', 'A_1_1_1']]);
    expect(sameAssignments(saved, withAssignment(NO_ASSIGNMENTS, 'A1', 'A_1_1_1'))).toBe(true);
    expect(sameAssignments(saved, withAssignment(saved, 'A1', 'A_1_1_2'))).toBe(false);
    expect(sameAssignments(saved, withAssignment(saved, 'A2', 'A_1_1_2'))).toBe(false);
    expect(sameAssignments(assignmentsOfPlan(null), NO_ASSIGNMENTS)).toBe(true);
  });

  it("add the engine's proposal around what the planner placed by hand", () => {
    const byHand = withAssignment(NO_ASSIGNMENTS, 'A1', 'A_1_1_1');
    const { assignments, skipped } = withPlacements(byHand, [
      { containerNumber: 'A1', slotFullName: 'A_1_4_1' },
      { containerNumber: 'A2', slotFullName: 'A_1_1_1' },
      { containerNumber: 'A3', slotFullName: 'A_1_2_1' },
    ]);
    expect([...assignments]).toEqual([
      ['A1', 'A_1_1_1'],
      ['A3', 'A_1_2_1'],
    ]);
    expect(skipped).toEqual(['A2']);
  });

  it('may be saved only with a slot and a free name (spec 2 §5)', () => {
    const one = withAssignment(NO_ASSIGNMENTS, 'A1', 'A_1_1_1');
    expect(planSaveProblem({ assignments: NO_ASSIGNMENTS, name: 'Monday', nameTaken: false })).toBe(
      'Assign a slot to at least one container',
    );
    expect(planSaveProblem({ assignments: one, name: '  ', nameTaken: false })).toBe('Name the plan');
    expect(planSaveProblem({ assignments: one, name: ' Monday ', nameTaken: true })).toBe(
      messages.planNameTaken('Monday'),
    );
    expect(planSaveProblem({ assignments: one, name: 'Monday', nameTaken: false })).toBeNull();
  });

  it('are sent in the order the containers are listed', () => {
    let assignments = withAssignment(NO_ASSIGNMENTS, 'C', 'A_1_3_1');
    assignments = withAssignment(assignments, 'Z', 'A_1_9_1');
    assignments = withAssignment(assignments, 'A', 'A_1_1_1');
    expect(assignmentList(assignments, listed(['A', 'B', 'C'])).map((entry) => entry.containerNumber)).toEqual([
      'A',
      'C',
      'Z',
    ]);
  });

  it('go on to the next container without a slot, skipping those another plan holds', () => {
    const rows = listed(['A', 'B', 'C', 'D'], [null, 7, null, null]);
    const placed = withAssignment(NO_ASSIGNMENTS, 'C', 'A_1_1_1');
    expect(nextUnassigned(rows, placed, 'A', null)).toBe('D');
    expect(nextUnassigned(rows, placed, 'A', 7)).toBe('B');
    expect(nextUnassigned(rows, withAssignment(placed, 'D', 'A_1_2_1'), 'D', null)).toBe('A');
    expect(nextUnassigned(rows, NO_ASSIGNMENTS, null, null)).toBe('A');
    const all = ['A', 'C', 'D'].reduce((state, number) => withAssignment(state, number, number), NO_ASSIGNMENTS);
    expect(nextUnassigned(rows, all, 'D', null)).toBeNull();
  });

  it('span a merged pair above 20 ft (spec 2 §9)', () => {
    expect(spanOfSize('20')).toBe(1);
    expect(spanOfSize('40')).toBe(2);
    expect(spanOfSize('45')).toBe(2);
    expect(spanOfSize('40HC')).toBe(2);
    expect(spanOfSize('?')).toBe(1);
  });
});
