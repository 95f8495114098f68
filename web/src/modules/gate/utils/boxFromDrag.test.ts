import { describe, expect, it } from 'vitest';
import { boxFromDrag } from './boxFromDrag';

describe('boxFromDrag', () => {
  it('normalises the corners, clamps to the image and ignores a click', () => {
    expect(boxFromDrag({ x: 0.5, y: 0.6 }, { x: 0.25, y: 0.2 })).toEqual({ x: 0.25, y: 0.2, width: 0.25, height: 0.4 });
    expect(boxFromDrag({ x: 0.9, y: 0.9 }, { x: 1.3, y: 1.2 })).toEqual({
      x: 0.9,
      y: 0.9,
      width: 0.09999999999999998,
      height: 0.09999999999999998,
    });
    expect(boxFromDrag({ x: 0.5, y: 0.5 }, { x: 0.502, y: 0.6 })).toBeNull();
  });
});
