import { describe, expect, it } from 'vitest';
import { newestAsOf } from './newestAsOf';

describe('newestAsOf', () => {
  it('takes the newest read time among the answers that have one', () => {
    expect(newestAsOf([{ asOf: 5, months: [] }, undefined, { asOf: 9 }, { asOf: 'soon' }, null])).toBe(9);
    expect(newestAsOf([undefined])).toBeNull();
    expect(newestAsOf([])).toBeNull();
  });
});
