import { describe, expect, it } from 'vitest';
import { CHA_ALLOWED_COUNT_MAX } from '../cha';
import { messages } from '../messages';
import { chaAgentProblem, chaAllocationProblem, consistentDelivery, isConsistentDelivery } from './cha';

describe('consistentDelivery (spec 1 §5 CHA allocation)', () => {
  it('raises the allowed count to the 20 and 40 figures when one of them grows past it', () => {
    expect(consistentDelivery({ allowedCount: 5, allowed20: 4, allowed40: 2 }, 'allowed20')).toEqual({
      allowedCount: 6,
      allowed20: 4,
      allowed40: 2,
    });
    expect(consistentDelivery({ allowedCount: 5, allowed20: 1, allowed40: 7 }, 'allowed40')).toEqual({
      allowedCount: 8,
      allowed20: 1,
      allowed40: 7,
    });
  });

  it('leaves a larger allowed count as it is (vehicles of either size)', () => {
    expect(consistentDelivery({ allowedCount: 10, allowed20: 2, allowed40: 3 }, 'allowed40')).toEqual({
      allowedCount: 10,
      allowed20: 2,
      allowed40: 3,
    });
  });

  it('takes a lowered allowed count off the 40 figure first, then off the 20 figure', () => {
    expect(consistentDelivery({ allowedCount: 6, allowed20: 4, allowed40: 4 }, 'allowedCount')).toEqual({
      allowedCount: 6,
      allowed20: 4,
      allowed40: 2,
    });
    expect(consistentDelivery({ allowedCount: 3, allowed20: 4, allowed40: 4 }, 'allowedCount')).toEqual({
      allowedCount: 3,
      allowed20: 3,
      allowed40: 0,
    });
  });

  it('makes whole, non-negative figures within the bound, and keeps them consistent', () => {
    expect(consistentDelivery({ allowedCount: -2, allowed20: 1.7, allowed40: Number.NaN }, 'allowed20')).toEqual({
      allowedCount: 1,
      allowed20: 1,
      allowed40: 0,
    });
    const big = consistentDelivery(
      { allowedCount: CHA_ALLOWED_COUNT_MAX, allowed20: CHA_ALLOWED_COUNT_MAX, allowed40: 10 },
      'allowed40',
    );
    expect(big).toEqual({ allowedCount: CHA_ALLOWED_COUNT_MAX, allowed20: CHA_ALLOWED_COUNT_MAX - 10, allowed40: 10 });
    for (const changed of ['allowedCount', 'allowed20', 'allowed40'] as const)
      for (const figures of [
        { allowedCount: 0, allowed20: 9, allowed40: 9 },
        { allowedCount: 9, allowed20: 0, allowed40: 0 },
        { allowedCount: 4, allowed20: 3, allowed40: 3 },
      ])
        expect(isConsistentDelivery(consistentDelivery(figures, changed))).toBe(true);
  });
});

describe('chaAllocationProblem', () => {
  it('names the first delivery type whose allowed count is below its 20 and 40 figures', () => {
    expect(
      chaAllocationProblem({
        Import: { allowedCount: 5, allowed20: 2, allowed40: 3 },
        'Loaded Delivery': { allowedCount: 1, allowed20: 1, allowed40: 1 },
      }),
    ).toEqual({
      message: messages.chaAllowedBelowSizes('Loaded Delivery'),
      field: 'allowedDeliveries.Loaded Delivery.allowedCount',
    });
    expect(chaAllocationProblem({ Import: { allowedCount: 0, allowed20: 0, allowed40: 0 } })).toBeNull();
  });
});

describe('chaAgentProblem', () => {
  it('needs a name, a registration number and no blank contact', () => {
    expect(chaAgentProblem({ name: ' ', registrationNumber: 'R1' })?.field).toBe('name');
    expect(chaAgentProblem({ name: 'A', registrationNumber: '' })?.field).toBe('registrationNumber');
    expect(chaAgentProblem({ name: 'A', registrationNumber: 'R1', contacts: ['x', ' '] })?.message).toBe(
      messages.chaContactEmpty,
    );
    expect(chaAgentProblem({ name: 'A', registrationNumber: 'R1', contacts: ['98200 00000'] })).toBeNull();
  });
});
