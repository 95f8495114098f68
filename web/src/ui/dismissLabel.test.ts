import { describe, expect, it } from 'vitest';
import { dismissLabel } from './dismissLabel';

describe('the button that leaves a form (docs/screen-kit.md)', () => {
  it('reads Cancel while the work is to do and Close once it is done', () => {
    expect(dismissLabel(false)).toBe('Cancel');
    expect(dismissLabel(true)).toBe('Close');
  });
});
