import { describe, expect, it } from 'vitest';
import { labelEvery, valueTicks } from './chartScale';

describe('chart scales', () => {
  it('rounds the value axis up to a round step', () => {
    expect(valueTicks(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(valueTicks(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(valueTicks(1234)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
    expect(valueTicks(100)).toEqual({ top: 100, ticks: [0, 50, 100] });
  });

  it('thins labels to the room there is', () => {
    expect(labelEvery(12, 12)).toBe(1);
    expect(labelEvery(31, 8)).toBe(4);
    expect(labelEvery(5, 0)).toBe(5);
  });
});
