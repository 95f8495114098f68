import { describe, expect, it } from 'vitest';
import type { Activity, ChaAllocation } from '@openyard/contracts';
import { draftOf, inputOf, withFigure } from './allocationDraft';

const group = { id: 2, name: 'VEHICLE GATE-IN' };
const types: Activity[] = [
  { id: 5, activityId: 5, activityName: 'Import', activityGroup: group },
  { id: 6, activityId: 6, activityName: 'Loaded Delivery', activityGroup: group },
];
const allocation: ChaAllocation = {
  id: 9,
  createDate: 0,
  agent: { id: 1 },
  equipments: [{ id: 3, name: 'Forklift' }],
  allowedDeliveries: {
    Import: {
      id: 40,
      deliveryType: { activityId: 5, activityName: 'Import' },
      allowedCount: 5,
      allowed20: 2,
      allowed40: 3,
      gatedInCount: 4,
    },
  },
};

describe('the allocation form', () => {
  it('has a row per delivery type, zero where the allocation has none', () => {
    expect(draftOf(allocation, types)).toEqual({
      rows: [
        { activityId: 5, name: 'Import', allowedCount: 5, allowed20: 2, allowed40: 3, gatedInCount: 4 },
        { activityId: 6, name: 'Loaded Delivery', allowedCount: 0, allowed20: 0, allowed40: 0, gatedInCount: 0 },
      ],
      equipmentIds: ['3'],
    });
    expect(draftOf(null, types).rows.every((row) => row.allowedCount === 0)).toBe(true);
  });

  it('keeps a row consistent as its figures change, and leaves the other rows alone (spec 1 §5)', () => {
    const draft = draftOf(allocation, types);
    const raised = withFigure(draft, 5, 'allowed20', 4);
    expect(raised.rows[0]).toMatchObject({ allowedCount: 7, allowed20: 4, allowed40: 3, gatedInCount: 4 });
    const lowered = withFigure(raised, 5, 'allowedCount', 5);
    expect(lowered.rows[0]).toMatchObject({ allowedCount: 5, allowed20: 4, allowed40: 1 });
    expect(lowered.rows[1]).toBe(raised.rows[1]);
  });

  it('sends every delivery type keyed by its name, and the equipments by id', () => {
    expect(inputOf(draftOf(allocation, types))).toEqual({
      equipments: [{ id: 3 }],
      allowedDeliveries: {
        Import: { deliveryType: { activityId: 5 }, allowedCount: 5, allowed20: 2, allowed40: 3 },
        'Loaded Delivery': { deliveryType: { activityId: 6 }, allowedCount: 0, allowed20: 0, allowed40: 0 },
      },
    });
  });
});
