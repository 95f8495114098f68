import { describe, expect, it } from 'vitest';
import { smartGatePath } from './menu';

// Spec 3 §2: the Smart Gate link goes to /igateout only when the user has nothing but OUT gates.
describe('smartGatePath', () => {
  it('goes to /igateout for only OUT gates and to /igate otherwise', () => {
    expect(smartGatePath(['OUT'])).toBe('/igateout');
    expect(smartGatePath(['OUT', 'OUT'])).toBe('/igateout');
    expect(smartGatePath(['OUT', 'IN'])).toBe('/igate');
    expect(smartGatePath(['IN'])).toBe('/igate');
    // No gate: /igate, where the 'No Gate Configured' dialog sends the user home.
    expect(smartGatePath([])).toBe('/igate');
  });
});
