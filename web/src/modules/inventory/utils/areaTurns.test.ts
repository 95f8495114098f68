import { describe, expect, it } from 'vitest';
import { queueTurns, turnsPerFrame } from './areaTurns';
import type { AreaSummary } from './InventoryStore';

const summary = (areaId: number, filledSlots: number): AreaSummary => ({
  areaId,
  filledSlots,
  occupancy: 0,
  containers20: filledSlots,
  containers40: 0,
  planned: 0,
  byLiner: [],
});

describe('queueTurns', () => {
  it('queues the changed areas in order when none wait', () => {
    expect(queueTurns([], [summary(1, 5), summary(2, 6)]).map((s) => s.areaId)).toEqual([1, 2]);
  });

  it('keeps the turn of a waiting area and gives it its newest figures', () => {
    const queue = queueTurns([summary(3, 1), summary(1, 1)], [summary(2, 4), summary(1, 9), summary(3, 1)]);
    expect(queue.map((s) => [s.areaId, s.filledSlots])).toEqual([
      [3, 1],
      [1, 9],
      [2, 4],
    ]);
  });

  it('drops a waiting area whose figures are back at those shown', () => {
    expect(queueTurns([summary(3, 1), summary(1, 1)], [summary(1, 2)]).map((s) => s.areaId)).toEqual([1]);
  });
});

describe('turnsPerFrame', () => {
  it('shows one area a frame when the queue fits the frames, more when it does not', () => {
    expect(turnsPerFrame(0, 12)).toBe(1);
    expect(turnsPerFrame(10, 12)).toBe(1);
    expect(turnsPerFrame(50, 12)).toBe(5);
  });
});
