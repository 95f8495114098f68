import { describe, expect, it } from 'vitest';
import { slotScissorRect, type ScissorViewport } from './slotScissor';
import { oneAreaLayout } from './testLayouts';
import { slotBox, slotIndexOf, yardGeometry } from './yardGeometry';

const layout = oneAreaLayout(2);
const geometry = yardGeometry(layout);
const area = geometry.areas[0]!;

// Two CSS pixels per world unit, the world's origin 10 CSS pixels from the canvas's top left corner.
const viewport = (x = 0, y = 0): ScissorViewport => ({
  x,
  y,
  width: 400,
  height: 300,
  project: ([wx, wy]) => [10 + wx! * 2, 10 + wy! * 2],
});

describe('slotScissorRect', () => {
  it('covers the slot’s cell in device pixels, a pixel more on every side, bottom-up', () => {
    const slot = slotIndexOf(area, 2, 1, 2)!;
    const [left, top, right, bottom] = slotBox(area, 2, 1, 2)!;
    const rect = slotScissorRect(geometry, slot, viewport(), 1.5, 600, 450)!;
    const device = (world: number) => (10 + world * 2) * 1.5;
    expect(rect[0]).toBe(Math.floor(device(left)) - 1);
    expect(rect[0] + rect[2]).toBe(Math.ceil(device(right)) + 1);
    // WebGL counts rows from the bottom of the drawing buffer.
    expect(450 - (rect[1] + rect[3])).toBe(Math.floor(device(top)) - 1);
    expect(450 - rect[1]).toBe(Math.ceil(device(bottom)) + 1);
  });

  it('follows the viewport’s place on the canvas', () => {
    const slot = slotIndexOf(area, 1, 2, 1)!;
    const at = slotScissorRect(geometry, slot, viewport(), 1, 400, 300)!;
    const moved = slotScissorRect(geometry, slot, viewport(20, 5), 1, 400, 300)!;
    expect(moved[0] - at[0]).toBe(20);
    expect(at[1] - moved[1]).toBe(5);
  });

  it('is clipped to the drawing buffer, and null off it', () => {
    const slot = slotIndexOf(area, 1, 1, 3)!;
    const far: ScissorViewport = { ...viewport(), project: ([wx, wy]) => [wx! * 2 - 1000, wy! * 2] };
    expect(slotScissorRect(geometry, slot, far, 1, 400, 300)).toBeNull();
    const edge: ScissorViewport = { ...viewport(), project: ([wx, wy]) => [wx! * 2 - area.originX * 2 - 5, wy! * 2] };
    const rect = slotScissorRect(geometry, slot, edge, 1, 400, 300)!;
    expect(rect[0]).toBe(0);
    expect(rect[2]).toBeGreaterThan(0);
  });
});
