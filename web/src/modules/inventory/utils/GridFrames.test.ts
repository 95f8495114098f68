import { describe, expect, it } from 'vitest';
import { GridFrames, REDRAW_MS } from './GridFrames';

describe('GridFrames', () => {
  it('is clear before the grid ever drew', () => {
    expect(new GridFrames().clearOfRedraw(1000)).toBe(true);
  });

  it('is clear right after a draw and once the next live redraw is overdue, not when it is due', () => {
    const frames = new GridFrames();
    frames.drawn(1000);
    expect(frames.clearOfRedraw(1000)).toBe(true);
    expect(frames.clearOfRedraw(1000 + 33)).toBe(true);
    expect(frames.clearOfRedraw(1000 + REDRAW_MS - 20)).toBe(false);
    expect(frames.clearOfRedraw(1000 + REDRAW_MS + 10)).toBe(false);
    expect(frames.clearOfRedraw(1000 + REDRAW_MS + 20)).toBe(true);
  });
});
