import { describe, expect, it } from 'vitest';
import { configurationWarnings } from './process';

describe('configuration warnings at start', () => {
  it('warns that TRUST_PROXY=true believes any forwarded address, and not for a hop count or addresses', () => {
    expect(configurationWarnings({ trustProxy: 'true' })).toEqual([
      expect.stringMatching(/TRUST_PROXY=true.*hop count/),
    ]);
    for (const trustProxy of [undefined, '1', '10.0.0.2, 10.0.0.3'])
      expect(configurationWarnings({ trustProxy })).toEqual([]);
  });
});
