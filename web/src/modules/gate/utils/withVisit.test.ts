import { describe, expect, it } from 'vitest';
import type { TruckVisit } from '@openyard/contracts';
import { withVisit } from './withVisit';

const visit = (id: number, entryDate: number, patch: Partial<TruckVisit> = {}): TruckVisit => ({
  id,
  trailerNumber: `TR-${id}`,
  trailerTagId: null,
  gateInType: 'Import',
  trailerType: null,
  gateId: 1,
  containerNumbers: [],
  entryDate,
  outDate: null,
  tasksDone: 0,
  tasksPending: 0,
  lastTaskDoneAt: null,
  ...patch,
});

describe('withVisit', () => {
  it('adds a visit in entry order, replaces it, drops it when it left, ignores other gates', () => {
    const start = { visits: [visit(1, 100)], now: 0 };
    const added = withVisit(start, visit(2, 50), 1);
    expect(added.visits.map((shown) => shown.id)).toEqual([2, 1]);
    expect(withVisit(added, visit(2, 50, { tasksDone: 1 }), 1).visits[0]?.tasksDone).toBe(1);
    expect(withVisit(added, visit(2, 50, { outDate: 200 }), 1).visits.map((shown) => shown.id)).toEqual([1]);
    expect(withVisit(start, visit(3, 10, { gateId: 2 }), 1)).toBe(start);
    // The wall display's list of every gate takes it.
    expect(withVisit(start, visit(3, 10, { gateId: 2 }), 'all').visits.map((shown) => shown.id)).toEqual([3, 1]);
  });
});
