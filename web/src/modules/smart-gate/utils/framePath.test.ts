import { describe, expect, it } from 'vitest';
import { framePathOf } from './framePath';

describe('framePathOf', () => {
  it('puts the frame route prefix on a path once', () => {
    expect(framePathOf('3/2026-11-25/a.jpg')).toBe('frames/3/2026-11-25/a.jpg');
    expect(framePathOf('frames/3/2026-11-25/a.jpg')).toBe('frames/3/2026-11-25/a.jpg');
  });
});
