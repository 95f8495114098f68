import type { FrameBox } from '@openyard/contracts';

export interface Point {
  x: number;
  y: number;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

// The box a mouse drag drew, in fractions of the image (either corner may come first); a drag
// smaller than `minimum` in either direction is a click, not a box.
export function boxFromDrag(start: Point, end: Point, minimum = 0.01): FrameBox | null {
  const x = clamp(Math.min(start.x, end.x));
  const y = clamp(Math.min(start.y, end.y));
  const width = clamp(Math.max(start.x, end.x)) - x;
  const height = clamp(Math.max(start.y, end.y)) - y;
  return width < minimum || height < minimum ? null : { x, y, width, height };
}
