import type { Rule } from '@openyard/contracts';
import type { InventoryStore } from './InventoryStore';
import { NO_AREA_FILTER, type GridFilters } from './gridFilters';
import { linerColor } from './linerColor';
import { parseColor, type Rgba } from './parseColor';
import { SLOT_GAP, slotBox, stackBox, type YardGeometry } from './yardGeometry';

// Binary attribute data for deck.gl layers: `length` objects and their attribute arrays. Boxes are
// drawn as thick line segments (source → target along the middle of the box, width = box height):
// an instanced layer whose attributes are filled straight from typed arrays.
export interface SegmentData {
  length: number;
  attributes: {
    getSourcePosition: { value: Float32Array; size: 3 };
    getTargetPosition: { value: Float32Array; size: 3 };
    getColor: { value: Uint8Array; size: 4; normalized: true };
  };
}

export const EMPTY_SLOT: Rgba = [36, 44, 54, 255];
const PLANNED_FILL: Rgba = [250, 204, 21, 56];
export const PLANNED_LINE: Rgba = [250, 204, 21, 255];
const DIMMED_ALPHA = 38;

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

// Every slot of the yard as an empty box (containers are drawn over them); with rule colours on,
// the empty slots of a rule's cells take a shade of the rule colour.
export function slotData(geometry: YardGeometry, rules: Map<string, Rgba> | null): SegmentData {
  const buffers = segments(geometry.slotCount);
  for (let slot = 0; slot < geometry.slotCount; slot += 1) {
    const area = geometry.areasById.get(geometry.slotAreaIds[slot]!)!;
    const rowIndex = geometry.slotRowIndexes[slot]!;
    const columnIndex = geometry.slotColumnIndexes[slot]!;
    const box = slotBox(area, rowIndex, columnIndex, geometry.slotTiers[slot]!)!;
    const middle = (box[1] + box[3]) / 2;
    const rule = rules?.get(`${area.areaId}:${rowIndex}:${columnIndex}`);
    const color: Rgba = rule ? [rule[0], rule[1], rule[2], 110] : EMPTY_SLOT;
    put(buffers, slot, box[0] + SLOT_GAP / 2, middle, box[2] - SLOT_GAP / 2, middle, color);
  }
  return data(geometry.slotCount, buffers);
}

// A bar under each stack of a rule, in the rule's colour (the rule layer).
export function ruleFootData(geometry: YardGeometry, rules: Map<string, Rgba>): SegmentData {
  const buffers = segments(rules.size);
  let at = 0;
  for (const [key, color] of rules) {
    const [areaId, rowIndex, columnIndex] = key.split(':').map(Number) as [number, number, number];
    const area = geometry.areasById.get(areaId);
    const box = area ? stackBox(area, rowIndex, columnIndex) : null;
    if (!box) continue;
    put(buffers, at, box[0] + SLOT_GAP / 2, box[3] + 0.55, box[2] - SLOT_GAP / 2, box[3] + 0.55, color);
    at += 1;
  }
  return data(at, buffers);
}

export interface ContainerData extends SegmentData {
  // Planned slots: their dashed borders and strike-through lines.
  planned: SegmentData;
  // The store's revision the data shows.
  revision: number;
}

function visible(store: InventoryStore, index: number, filters: GridFilters): boolean {
  const filter = filters.areas[store.areaIds[index]!] ?? NO_AREA_FILTER;
  const forty = store.sizes[index]! > 20;
  if (forty ? !filter.show40 : !filter.show20) return false;
  if (filter.liner !== null) {
    const liner = store.linerIndexes[index]!;
    if ((liner < 0 ? null : store.liners[liner]!.name) !== filter.liner) return false;
  }
  if (filters.igmItem !== null) {
    const igmItem = store.igmItemIndexes[index]!;
    if (igmItem < 0 || store.igmItems[igmItem] !== filters.igmItem) return false;
  }
  return true;
}

const DASH = 1.1;
const DASH_GAP = 0.7;
const UNKNOWN_LINER: Rgba = [138, 150, 163, 255];

function dashes(buffers: ReturnType<typeof segments>, at: number, x0: number, y0: number, x1: number, y1: number) {
  const length = Math.hypot(x1 - x0, y1 - y0);
  const steps = Math.max(1, Math.floor(length / (DASH + DASH_GAP)));
  for (let step = 0; step < steps; step += 1) {
    const from = (step * (DASH + DASH_GAP)) / length;
    const to = Math.min(1, (step * (DASH + DASH_GAP) + DASH) / length);
    put(
      buffers,
      at,
      x0 + (x1 - x0) * from,
      y0 + (y1 - y0) * from,
      x0 + (x1 - x0) * to,
      y0 + (y1 - y0) * to,
      PLANNED_LINE,
    );
    at += 1;
  }
  return at;
}

// The containers' buffers, one object per store entry (an entry without a container is an empty
// segment). Kept between frames: a live move patches the entries it changed; a new snapshot, a
// layout, filter or liner colour change rebuilds them all. Liner colours: the liner's, dimmed when
// the filters leave the box out; planned slots yellow, dashed and struck through.
export class ContainerBuffers {
  private buffers = segments(0);
  private capacity = 0;
  private plannedCount = 0;
  private planned: SegmentData = data(0, segments(0));
  private key: { geometry: YardGeometry | null; filters: GridFilters | null; liners: string } = {
    geometry: null,
    filters: null,
    liners: '',
  };
  private linerColors: Rgba[] = [];

  update(
    store: InventoryStore,
    geometry: YardGeometry,
    filters: GridFilters,
    dirty: Set<number> | null,
  ): ContainerData {
    const liners = store.liners.map((liner) => `${liner.name}=${liner.color ?? ''}`).join('|');
    let full =
      dirty === null ||
      this.capacity < store.length ||
      this.key.geometry !== geometry ||
      this.key.filters !== filters ||
      this.key.liners !== liners;
    if (this.capacity < store.length) {
      this.capacity = Math.max(store.length, Math.ceil(this.capacity * 1.5), 1024);
      this.buffers = segments(this.capacity);
      full = true;
    }
    if (this.key.liners !== liners) this.linerColors = store.liners.map((liner) => linerColor(liner.name, liner.color));
    this.key = { geometry, filters, liners };
    let plannedChanged = full;
    if (full) {
      this.buffers.source.fill(0);
      this.buffers.target.fill(0);
      this.buffers.color.fill(0);
      for (let i = 0; i < store.length; i += 1) this.write(store, geometry, filters, i);
    } else {
      for (const i of dirty!) {
        if (store.planned[i]) plannedChanged = true;
        this.write(store, geometry, filters, i);
      }
    }
    // A planned box that moved or left shows in the count of planned entries or in a dirty one.
    let plannedCount = 0;
    for (let i = 0; i < store.length; i += 1) if (store.alive[i] && store.planned[i]) plannedCount += 1;
    if (plannedChanged || plannedCount !== this.plannedCount) this.planned = plannedData(store, geometry, plannedCount);
    this.plannedCount = plannedCount;
    // Fresh views of the same memory: deck.gl uploads a binary attribute again only when it is given a
    // different array object.
    const views = {
      source: new Float32Array(this.buffers.source.buffer, 0, store.length * 3),
      target: new Float32Array(this.buffers.target.buffer, 0, store.length * 3),
      color: new Uint8Array(this.buffers.color.buffer, 0, store.length * 4),
    };
    return { ...data(store.length, views), planned: this.planned, revision: store.revision };
  }

  private write(store: InventoryStore, geometry: YardGeometry, filters: GridFilters, i: number) {
    const area = store.alive[i] ? geometry.areasById.get(store.areaIds[i]!) : undefined;
    const box = area
      ? slotBox(area, store.rowIndexes[i]!, store.columnIndexes[i]!, store.tiers[i]!, store.sizes[i]! > 20 ? 2 : 1)
      : null;
    if (!box) {
      put(this.buffers, i, 0, 0, 0, 0, [0, 0, 0, 0]);
      return;
    }
    const middle = (box[1] + box[3]) / 2;
    let color: Rgba;
    if (store.planned[i]) color = PLANNED_FILL;
    else {
      const liner = store.linerIndexes[i]!;
      color = liner >= 0 ? (this.linerColors[liner] ?? UNKNOWN_LINER) : UNKNOWN_LINER;
    }
    if (!visible(store, i, filters)) color = [color[0], color[1], color[2], Math.min(color[3], DIMMED_ALPHA)];
    put(this.buffers, i, box[0] + SLOT_GAP / 2, middle, box[2] - SLOT_GAP / 2, middle, color);
  }
}

// Planned slots: a dashed border of short segments and a line through the middle.
function plannedData(store: InventoryStore, geometry: YardGeometry, count: number): SegmentData {
  const buffers = segments(count * 48 + 1);
  let p = 0;
  for (let i = 0; i < store.length; i += 1) {
    if (!store.alive[i] || !store.planned[i]) continue;
    const area = geometry.areasById.get(store.areaIds[i]!);
    const box = area
      ? slotBox(area, store.rowIndexes[i]!, store.columnIndexes[i]!, store.tiers[i]!, store.sizes[i]! > 20 ? 2 : 1)
      : null;
    if (!box) continue;
    const [x0, y0, x1, y1] = [
      box[0] + SLOT_GAP / 2,
      box[1] + SLOT_GAP / 2,
      box[2] - SLOT_GAP / 2,
      box[3] - SLOT_GAP / 2,
    ];
    p = dashes(buffers, p, x0, y0, x1, y0);
    p = dashes(buffers, p, x1, y0, x1, y1);
    p = dashes(buffers, p, x1, y1, x0, y1);
    p = dashes(buffers, p, x0, y1, x0, y0);
    put(buffers, p, x0, (y0 + y1) / 2, x1, (y0 + y1) / 2, PLANNED_LINE);
    p += 1;
  }
  return data(p, buffers);
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
