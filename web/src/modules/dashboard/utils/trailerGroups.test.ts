import { describe, expect, it } from 'vitest';
import { trailersByGateInType } from './trailerGroups';

describe('trailersByGateInType', () => {
  it('adds up the trailer types of each gate-in type, largest first', () => {
    const group = (trailerGateInType: string, trailerType: string | null, count: number, tatViolated: number) => ({
      trailerType,
      trailerGateInType,
      gateInType: 'VEHICLE GATE-IN',
      count,
      tatViolated,
    });
    expect(
      trailersByGateInType([
        group('Import', 'Drop', 2, 1),
        group('Empty Delivery', 'Pickup', 3, 0),
        group('Import', null, 2, 2),
      ]),
    ).toEqual([
      { type: 'Import', count: 4, tatViolated: 3 },
      { type: 'Empty Delivery', count: 3, tatViolated: 0 },
    ]);
  });
});
