import { describe, expect, it } from 'vitest';
import type { MachineAllocation, MachineAllocationSave } from '@openyard/contracts';
import { saveInTurn } from './saveInTurn';

const save = (areaId: number, id: number): MachineAllocationSave => ({
  areaId,
  allocations: [{ id, version: 0, machineId: 1, fromTime: 0, toTime: 1 }],
});
// What the server answers for a save: its allocations, by id.
const answer = (each: MachineAllocationSave) => ({
  allocations: each.allocations.map((allocation): MachineAllocation => ({
    id: allocation.id!,
    machineId: allocation.machineId,
    machine: 'M',
    areaId: each.areaId,
    area: 'A',
    fromTime: allocation.fromTime,
    toTime: allocation.toTime,
    version: 1,
  })),
});
const idsOf = (outcome: { saved: MachineAllocation[] }) => outcome.saved.map((allocation) => allocation.id);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'failed');

describe('saveInTurn', () => {
  it('saves each area in turn', async () => {
    const calls: number[] = [];
    const outcome = await saveInTurn(
      [save(1, 10), save(2, 20)],
      async (each) => {
        calls.push(each.areaId);
        return answer(each);
      },
      messageOf,
    );
    expect(calls).toEqual([1, 2]);
    expect(idsOf(outcome)).toEqual([10, 20]);
    expect(outcome.refused).toEqual([]);
  });

  it('tries a refused save once more after the others went through', async () => {
    // Area 1's save is refused until area 2's has been made (a machine moving out of its way).
    const made = new Set<number>();
    const calls: number[] = [];
    const outcome = await saveInTurn(
      [save(1, 10), save(2, 20)],
      async (each) => {
        calls.push(each.areaId);
        if (each.areaId === 1 && !made.has(2)) throw new Error('in the way');
        made.add(each.areaId);
        return answer(each);
      },
      messageOf,
    );
    expect(calls).toEqual([1, 2, 1]);
    expect(idsOf(outcome)).toEqual([20, 10]);
    expect(outcome.refused).toEqual([]);
  });

  it('gives the server’s words for what stays refused, and tries no more when nothing went through', async () => {
    const calls: number[] = [];
    const outcome = await saveInTurn(
      [save(1, 10), save(2, 20)],
      async (each) => {
        calls.push(each.areaId);
        throw new Error(`refused ${each.areaId}`);
      },
      messageOf,
    );
    expect(calls).toEqual([1, 2]);
    expect(outcome.saved).toEqual([]);
    expect(outcome.refused.map((each) => each.message)).toEqual(['refused 1', 'refused 2']);
  });
});
