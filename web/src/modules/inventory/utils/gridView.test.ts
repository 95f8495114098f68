import { describe, expect, it } from 'vitest';
import { toScreen, viewShowing } from './gridView';

describe('grid view', () => {
  const view = { target: [100, 50, 0], zoom: 1 };

  it('puts the target at the middle of the canvas, 2^zoom pixels a unit', () => {
    expect(toScreen(view, 400, 200, 100, 50)).toEqual({ x: 200, y: 100 });
    expect(toScreen(view, 400, 200, 110, 45)).toEqual({ x: 220, y: 90 });
  });

  it('keeps a view that shows the box, and centres on a box out of sight', () => {
    expect(viewShowing(view, 400, 200, [90, 40, 100, 45], 0)).toBe(view);
    expect(viewShowing(view, 400, 200, [300, 40, 310, 45], 0)).toEqual({ target: [305, 42.5, 0], zoom: 1 });
  });

  it('comes close enough to see the box', () => {
    expect(viewShowing(view, 400, 200, [90, 40, 100, 45], 2)).toEqual({ target: view.target, zoom: 2 });
  });
});
