import type { Rule } from '@openyard/contracts';
import { parseColor, type Rgba } from './parseColor';
import { SLOT_GAP, stackBox, type YardGeometry } from './yardGeometry';

// Binary attribute data for deck.gl line layers: `length` segments and their attribute arrays (the
// outlines of found and selected boxes: a handful of instances).
export interface SegmentData {
  length: number;
  attributes: {
    getSourcePosition: { value: Float32Array; size: 3 };
    getTargetPosition: { value: Float32Array; size: 3 };
    getColor: { value: Uint8Array; size: 4; normalized: true };
  };
}

function segments(capacity: number) {
  return {
    source: new Float32Array(capacity * 3),
    target: new Float32Array(capacity * 3),
    color: new Uint8Array(capacity * 4),
  };
}

function data(length: number, buffers: ReturnType<typeof segments>): SegmentData {
  return {
    length,
    attributes: {
      getSourcePosition: { value: buffers.source, size: 3 },
      getTargetPosition: { value: buffers.target, size: 3 },
      getColor: { value: buffers.color, size: 4, normalized: true },
    },
  };
}

function put(
  buffers: ReturnType<typeof segments>,
  at: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  color: Rgba,
) {
  buffers.source[at * 3] = x0;
  buffers.source[at * 3 + 1] = y0;
  buffers.target[at * 3] = x1;
  buffers.target[at * 3 + 1] = y1;
  buffers.color.set(color, at * 4);
}

// Rule colour of each stack ('areaId:row:column'), when the rule layer is on.
export function ruleStacks(geometry: YardGeometry, rules: readonly Rule[]): Map<string, Rgba> {
  const stacks = new Map<string, Rgba>();
  for (const rule of rules) {
    const color = parseColor(rule.color);
    for (const cell of rule.cells) {
      const stack = geometry.cellStacks.get(cell.id);
      if (stack) stacks.set(`${stack.areaId}:${stack.rowIndex}:${stack.columnIndex}`, color);
    }
  }
  return stacks;
}

export interface RuleFoot {
  polygon: [number, number][];
  color: Rgba;
}

// A bar under each stack of a rule, in the rule's colour (the rule layer).
export function ruleFeet(geometry: YardGeometry, rules: Map<string, Rgba>): RuleFoot[] {
  const feet: RuleFoot[] = [];
  for (const [key, color] of rules) {
    const [areaId, rowIndex, columnIndex] = key.split(':').map(Number) as [number, number, number];
    const area = geometry.areasById.get(areaId);
    const box = area ? stackBox(area, rowIndex, columnIndex) : null;
    if (!box) continue;
    const [left, right] = [box[0] + SLOT_GAP / 2, box[2] - SLOT_GAP / 2];
    const [top, bottom] = [box[3] + 0.1, box[3] + 1];
    feet.push({
      polygon: [
        [left, top],
        [right, top],
        [right, bottom],
        [left, bottom],
      ],
      color,
    });
  }
  return feet;
}

// Outlines of boxes (search results, the selected container, a slot the search went to).
export function outlineData(boxes: readonly (readonly [number, number, number, number])[], color: Rgba): SegmentData {
  const buffers = segments(boxes.length * 4);
  let at = 0;
  for (const [x0, y0, x1, y1] of boxes) {
    put(buffers, at++, x0, y0, x1, y0, color);
    put(buffers, at++, x1, y0, x1, y1, color);
    put(buffers, at++, x1, y1, x0, y1, color);
    put(buffers, at++, x0, y1, x0, y0, color);
  }
  return data(at, buffers);
}
