import { describe, expect, it } from 'vitest';
import { boxFromDrag } from './boxFromDrag';

describe('boxFromDrag', () => {
  it('normalises the corners, clamps to the image and ignores a click', () => {
    expect(boxFromDrag({ x: 0.5, y: 0.75 }, { x: 0.25, y: 0.25 })).toEqual({
      x: 0.25,
      y: 0.25,
      width: 0.25,
      height: 0.5,
    });
    const clamped = boxFromDrag({ x: 0.9, y: 0.8 }, { x: 1.3, y: 1.2 });
    expect(clamped?.x).toBe(0.9);
    expect(clamped?.width).toBeCloseTo(0.1);
    expect(clamped?.height).toBeCloseTo(0.2);
    expect(boxFromDrag({ x: 0.5, y: 0.5 }, { x: 0.502, y: 0.6 })).toBeNull();
  });
});
