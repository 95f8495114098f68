import { slotSpan } from '@openyard/contracts';
import type { InventoryStore } from './InventoryStore';
import { NO_AREA_FILTER, type GridFilters } from './gridFilters';
import { linerColor } from './linerColor';
import type { Rgba } from './parseColor';
import { SlotChanges } from './SlotChanges';
import { slotTextureLayout, type SlotTextureLayout } from './slotTextureLayout';
import { drawnSlotBox, slotIndexOf, type YardGeometry } from './yardGeometry';

// The low bits of a texel's alpha byte: the box reaches over the gap on that side (the two halves
// of a 40 ft box). The six high bits are the box's opacity.
export const SLOT_JOIN_LEFT = 1;
export const SLOT_JOIN_RIGHT = 2;

export interface SlotTexture {
  // One RGBA texel per slot (where `layout` says): the colour of its box as drawn (the container in
  // it over the empty slot, or the empty slot), opacity in the six high bits of alpha, the join
  // bits in the low two.
  texels: Uint8Array;
  layout: SlotTextureLayout;
  // [left, top, right, bottom] of every planned box, for their dashed borders (a new array only
  // when they changed).
  planned: Float32Array;
  // The store's revision it shows.
  revision: number;
  // The slots repainted since the layer last took them (one object for every texture of a grid).
  changes: SlotChanges;
}

export const EMPTY_SLOT: Rgba = [36, 44, 54, 255];
// An empty slot of a colour rule's stack: a shade of the rule's colour.
const RULE_SHADE_ALPHA = 110;
// Planned boxes (and planning's assigned slots, drawn over the grid): yellow, faint.
export const PLANNED_FILL: Rgba = [250, 204, 21, 56];
const UNKNOWN_LINER: Rgba = [138, 150, 163, 255];
const DIMMED_ALPHA = 38;
const NOBODY = -1;

function visible(store: InventoryStore, index: number, filters: GridFilters): boolean {
  const filter = filters.areas[store.areaIds[index]!] ?? NO_AREA_FILTER;
  const forty = slotSpan(store.sizes[index]!) === 2;
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

// What every slot of the yard shows, as the texture the grid's shader draws from: the liner colour
// of the container standing there (dimmed when the filters leave it out, yellow when planned) over
// the empty slot's colour (a shade of its colour rule's, with rule colours on), and 40 ft boxes
// across both slots of their pair. Kept between frames: a live move repaints the slots its
// container left and took; a new snapshot, a layout, filter, rule or liner colour change repaints
// them all. It also knows which container stands in which slot, for picking.
export class SlotTexels {
  private texels = new Uint8Array(0);
  private layout: SlotTextureLayout | null = null;
  // Colour of each slot when empty (RGBA).
  private emptyColors = new Uint8Array(0);
  // Store entry standing in each slot, or NOBODY.
  private occupants = new Int32Array(0);
  // Slots each store entry painted (a 40 ft box two), or NOBODY.
  private firstSlots = new Int32Array(0);
  private secondSlots = new Int32Array(0);
  // 1 for the store entries painted as planned.
  private plannedEntries = new Uint8Array(0);
  private planned: Float32Array = new Float32Array(0);
  private readonly changes = new SlotChanges();
  private key: {
    geometry: YardGeometry | null;
    filters: GridFilters | null;
    rules: Map<string, Rgba> | null;
    liners: string;
  } = { geometry: null, filters: null, rules: null, liners: '' };
  private linerColors: Rgba[] = [];
  // Containers changed in the updates no frame has shown yet, and when the first of them arrived.
  private unshown: { containerIds: number[]; since: number | null } = { containerIds: [], since: null };

  update(
    store: InventoryStore,
    geometry: YardGeometry,
    filters: GridFilters,
    rules: Map<string, Rgba> | null,
    dirty: Set<number> | null,
    changed: { containerIds: number[]; since: number | null },
  ): SlotTexture {
    this.unshown.containerIds.push(...changed.containerIds);
    this.unshown.since ??= changed.since;
    const liners = store.liners.map((liner) => `${liner.name}=${liner.color ?? ''}`).join('|');
    if (this.key.geometry !== geometry) {
      this.layout = slotTextureLayout(geometry);
      this.texels = new Uint8Array(this.layout.width * this.layout.height * 4);
      this.emptyColors = new Uint8Array(geometry.slotCount * 4);
      this.occupants = new Int32Array(geometry.slotCount);
    }
    if (this.key.geometry !== geometry || this.key.rules !== rules) this.paintEmpty(geometry, rules);
    if (this.key.liners !== liners) this.linerColors = store.liners.map((liner) => linerColor(liner.name, liner.color));
    const full =
      dirty === null ||
      this.firstSlots.length < store.length ||
      this.key.geometry !== geometry ||
      this.key.filters !== filters ||
      this.key.rules !== rules ||
      this.key.liners !== liners;
    this.key = { geometry, filters, rules, liners };
    let plannedChanged = full;
    if (full) {
      this.changes.addAll();
      if (this.firstSlots.length < store.length) {
        const capacity = Math.max(store.length, Math.ceil(this.firstSlots.length * 1.5), 1024);
        this.firstSlots = new Int32Array(capacity);
        this.secondSlots = new Int32Array(capacity);
        this.plannedEntries = new Uint8Array(capacity);
      }
      this.occupants.fill(NOBODY);
      this.firstSlots.fill(NOBODY);
      this.secondSlots.fill(NOBODY);
      this.plannedEntries.fill(0);
      for (let slot = 0; slot < geometry.slotCount; slot += 1) this.clearSlot(slot);
      for (let i = 0; i < store.length; i += 1) this.paint(store, geometry, filters, i);
    } else {
      for (const i of dirty) if (this.plannedEntries[i] || store.planned[i]) plannedChanged = true;
      // Every changed entry leaves its old slots first, so that one taking a slot another just left
      // keeps it whatever their order.
      for (const i of dirty) this.leave(i);
      for (const i of dirty) this.paint(store, geometry, filters, i);
    }
    if (plannedChanged) this.planned = plannedBoxes(store, geometry);
    return {
      texels: this.texels,
      layout: this.layout!,
      planned: this.planned,
      revision: store.revision,
      changes: this.changes,
    };
  }

  // The containers changed since the last call, for the frame that shows the latest update (it
  // shows the earlier ones too).
  takeShown(): { containerIds: number[]; since: number | null } {
    const shown = this.unshown;
    this.unshown = { containerIds: [], since: null };
    return shown;
  }

  // The store entry standing in this slot (a 40 ft box stands in both slots of its pair).
  occupantOf(slot: number): number | null {
    const occupant = this.occupants[slot];
    return occupant === undefined || occupant === NOBODY ? null : occupant;
  }

  // Whether the box in this slot reaches over the gap on that side (a 40 ft box's middle).
  joins(slot: number, side: 'left' | 'right'): boolean {
    const alpha = this.texels[this.texelAt(slot) + 3] ?? 0;
    return (alpha & (side === 'left' ? SLOT_JOIN_LEFT : SLOT_JOIN_RIGHT)) !== 0;
  }

  private paintEmpty(geometry: YardGeometry, rules: Map<string, Rgba> | null) {
    for (let slot = 0; slot < geometry.slotCount; slot += 1) {
      const rule = rules?.get(
        `${geometry.slotAreaIds[slot]}:${geometry.slotRowIndexes[slot]}:${geometry.slotColumnIndexes[slot]}`,
      );
      this.emptyColors.set(rule ? [rule[0], rule[1], rule[2], RULE_SHADE_ALPHA] : EMPTY_SLOT, slot * 4);
    }
  }

  // The byte offset of the slot's texel.
  private texelAt(slot: number): number {
    return this.layout!.texelOf[slot]! * 4;
  }

  private clearSlot(slot: number) {
    const [at, empty] = [this.texelAt(slot), slot * 4];
    this.texels[at] = this.emptyColors[empty]!;
    this.texels[at + 1] = this.emptyColors[empty + 1]!;
    this.texels[at + 2] = this.emptyColors[empty + 2]!;
    this.texels[at + 3] = alphaByte(this.emptyColors[empty + 3]! / 255, 0);
    this.changes.add(slot);
  }

  private leave(i: number) {
    for (const slot of [this.firstSlots[i]!, this.secondSlots[i]!]) {
      if (slot === NOBODY || this.occupants[slot] !== i) continue;
      this.occupants[slot] = NOBODY;
      this.clearSlot(slot);
    }
    this.firstSlots[i] = NOBODY;
    this.secondSlots[i] = NOBODY;
    this.plannedEntries[i] = 0;
  }

  private paint(store: InventoryStore, geometry: YardGeometry, filters: GridFilters, i: number) {
    const area = store.alive[i] ? geometry.areasById.get(store.areaIds[i]!) : undefined;
    const rowIndex = store.rowIndexes[i]!;
    const columnIndex = store.columnIndexes[i]!;
    const first = area ? slotIndexOf(area, rowIndex, columnIndex, store.tiers[i]!) : null;
    if (!area || first === null) return;
    // The second slot of a 40 ft box is the next column's (none past the area's last column).
    const forty = slotSpan(store.sizes[i]!) === 2;
    const second = forty && area.columnOrdinal.get(columnIndex)! + 1 < area.columns ? first + area.maxHeight : null;
    let color: Rgba;
    if (store.planned[i]) color = PLANNED_FILL;
    else {
      const liner = store.linerIndexes[i]!;
      color = liner >= 0 ? (this.linerColors[liner] ?? UNKNOWN_LINER) : UNKNOWN_LINER;
    }
    const alpha = visible(store, i, filters) ? color[3] : Math.min(color[3], DIMMED_ALPHA);
    this.put(first, color, alpha, second === null ? 0 : SLOT_JOIN_RIGHT, i);
    this.firstSlots[i] = first;
    this.plannedEntries[i] = store.planned[i] ? 1 : 0;
    if (second !== null) {
      this.put(second, color, alpha, SLOT_JOIN_LEFT, i);
      this.secondSlots[i] = second;
    }
  }

  // The container's colour over the empty slot's, as the two boxes drawn one over the other.
  private put(slot: number, color: Rgba, containerAlpha: number, joins: number, i: number) {
    const [at, empty] = [this.texelAt(slot), slot * 4];
    const over = containerAlpha / 255;
    const under = (this.emptyColors[empty + 3]! / 255) * (1 - over);
    const alpha = over + under;
    for (let channel = 0; channel < 3; channel += 1)
      this.texels[at + channel] = alpha
        ? Math.round((color[channel]! * over + this.emptyColors[empty + channel]! * under) / alpha)
        : 0;
    this.texels[at + 3] = alphaByte(alpha, joins);
    this.occupants[slot] = i;
    this.changes.add(slot);
  }
}

// Opacity in the six high bits, the join bits in the low two.
function alphaByte(alpha: number, joins: number): number {
  return (Math.round(alpha * 63) << 2) | joins;
}

// The boxes of the planned containers as drawn (inside the gaps around their slots).
function plannedBoxes(store: InventoryStore, geometry: YardGeometry): Float32Array {
  const boxes: number[] = [];
  for (let i = 0; i < store.length; i += 1) {
    if (!store.alive[i] || !store.planned[i]) continue;
    const area = geometry.areasById.get(store.areaIds[i]!);
    const box = area
      ? drawnSlotBox(area, store.rowIndexes[i]!, store.columnIndexes[i]!, store.tiers[i]!, slotSpan(store.sizes[i]!))
      : null;
    if (box) boxes.push(...box);
  }
  return new Float32Array(boxes);
}
