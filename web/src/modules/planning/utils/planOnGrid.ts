import { messages, pairStart } from '@openyard/contracts';
import { AreaStacks } from '../../inventory/utils/AreaStacks';
import { columnInfos } from '../../inventory/utils/columnOptions';
import type { GridPick } from '../../inventory/utils/GridPick';
import type { InventoryStore } from '../../inventory/utils/InventoryStore';
import { slotName } from '../../inventory/utils/slotName';
import { slotOfName } from '../../inventory/utils/slotOfName';
import { drawnSlotBox, slotIndexOf, type AreaGeometry, type YardGeometry } from '../../inventory/utils/yardGeometry';
import { feetOfSize, spanOfSize, type Assignments } from './planAssignments';

export interface SlotFormat {
  slotFormat: string;
  startHeight: number;
}

// An assignment on the grid: the place its slot name names, the grid's slot indexes it covers (two
// for a 40 ft box) and its box as drawn.
export interface AssignedSlot {
  containerNumber: string;
  areaId: number;
  rowIndex: number;
  columnIndex: number;
  tier: number;
  span: 1 | 2;
  slots: number[];
}

export interface AssignedSlots {
  byContainer: Map<string, AssignedSlot>;
  // Grid slot → the container assigned there (both slots of a 40 ft box).
  bySlot: Map<number, string>;
  // [left, top, right, bottom] per assignment, for the grid's dashed boxes (YardGrid `assigned`).
  boxes: Float32Array;
  // Assignments whose slot names no slot of this layout (a layout changed since): kept and sent as
  // they are, not drawn.
  unplaced: string[];
}

// Where the assignments are on the grid. `sizes`: container number → size, for the span.
export function assignedSlotsOf(
  assignments: Assignments,
  sizes: ReadonlyMap<string, string>,
  geometry: YardGeometry,
  format: SlotFormat,
): AssignedSlots {
  const byContainer = new Map<string, AssignedSlot>();
  const bySlot = new Map<number, string>();
  const boxes: number[] = [];
  const unplaced: string[] = [];
  for (const [containerNumber, name] of assignments) {
    const slot = slotOfName(name, geometry, format);
    const area = slot === null ? undefined : geometry.areasById.get(geometry.slotAreaIds[slot]!);
    if (slot === null || !area) {
      unplaced.push(containerNumber);
      continue;
    }
    const span = spanOfSize(sizes.get(containerNumber) ?? '20');
    const [rowIndex, columnIndex, tier] = [
      geometry.slotRowIndexes[slot]!,
      geometry.slotColumnIndexes[slot]!,
      geometry.slotTiers[slot]!,
    ];
    // The pair's second slot is the next column's slot of the same row and tier.
    const slots = span === 2 ? [slot, slot + area.maxHeight] : [slot];
    byContainer.set(containerNumber, {
      containerNumber,
      areaId: area.areaId,
      rowIndex,
      columnIndex,
      tier,
      span,
      slots,
    });
    for (const covered of slots) bySlot.set(covered, containerNumber);
    const box = drawnSlotBox(area, rowIndex, columnIndex, tier, span);
    if (box) boxes.push(...box);
  }
  return { byContainer, bySlot, boxes: new Float32Array(boxes), unplaced };
}

// The stack a pick on the grid points at (a container's, or an empty slot's), and the slot: a
// planned box stands in the slot its plan reserved, so a click on it is a click on that slot.
export function stackOfPick(
  pick: GridPick,
  store: InventoryStore,
  geometry: YardGeometry,
): { areaId: number; rowIndex: number; columnIndex: number; slot: number | null } | null {
  if (pick.kind === 'container') {
    const container = store.container(pick.index);
    const area = container ? geometry.areasById.get(container.areaId) : undefined;
    return container && area
      ? {
          areaId: container.areaId,
          rowIndex: container.rowIndex,
          columnIndex: container.columnIndex,
          slot: slotIndexOf(area, container.rowIndex, container.columnIndex, container.tier),
        }
      : null;
  }
  return {
    areaId: geometry.slotAreaIds[pick.slot]!,
    rowIndex: geometry.slotRowIndexes[pick.slot]!,
    columnIndex: geometry.slotColumnIndexes[pick.slot]!,
    slot: pick.slot,
  };
}

export type SlotChoice = { ok: true; slotFullName: string } | { ok: false; message: string };

// The slot a click on a stack plans the box on (spec 2 §4: slots are assigned by clicking): the top
// of that stack, over the containers in the yard, the planned ones and the slots assigned to other
// boxes of this plan; a 40 ft box takes the merged pair the clicked column belongs to, with both
// stacks at one height. The inventory's placement rules (AreaStacks) say why not otherwise.
// `free`: store entries whose places count as free (the plan being edited holds them).
export interface PlanningContext {
  store: InventoryStore;
  geometry: YardGeometry;
  slotFormat: string;
  assigned: AssignedSlots;
  free?: ReadonlySet<number>;
}

// The area's stacks for this box: the yard as the store has it, with the slots assigned to the
// plan's other boxes taken.
function stacksFor(area: AreaGeometry, box: QueuedBox, { store, slotFormat, assigned, free }: PlanningContext) {
  const stacks = new AreaStacks(
    store,
    area,
    { index: -1, number: box.containerNumber, size: feetOfSize(box.size), rowIndex: -1, columnIndex: -1, tier: -1 },
    slotFormat,
    free,
  );
  for (const other of assigned.byContainer.values())
    if (other.areaId === area.areaId && other.containerNumber !== box.containerNumber)
      stacks.occupy(other.rowIndex, other.columnIndex, other.tier, other.span);
  return stacks;
}

type QueuedBox = { containerNumber: string; size: string };

export function chooseSlot(
  stack: { areaId: number; rowIndex: number; columnIndex: number },
  box: QueuedBox,
  context: PlanningContext,
): SlotChoice {
  const { geometry, slotFormat } = context;
  const area = geometry.areasById.get(stack.areaId);
  if (!area) return { ok: false, message: 'That area is not in the yard layout' };
  const span = spanOfSize(box.size);
  const columnIndex = span === 2 ? pairStart(columnInfos(area), stack.columnIndex) : stack.columnIndex;
  if (columnIndex === null)
    return {
      ok: false,
      message: messages.fortyFootNeedsPair(
        box.containerNumber,
        slotName(area, stack.rowIndex, stack.columnIndex, 1, slotFormat) ?? area.name,
      ),
    };
  const stacks = stacksFor(area, box, context);
  const choice = stacks.column(stack.rowIndex, columnIndex);
  if (!choice.ok) return { ok: false, message: choice.message };
  const tier = stacks.reachableTier(stack.rowIndex, columnIndex)!;
  const name = slotName(area, stack.rowIndex, columnIndex, tier, slotFormat);
  return name ? { ok: true, slotFullName: name } : { ok: false, message: 'That slot is not in the yard layout' };
}

// Area-only planning (FEATURE_AREA_ONLY_PLANNING): the planner chooses the area and the screen the
// slot in it that the reservation needs: the lowest stack of the area that takes the box (by the
// same placement rules, a 20 ft box off the merged columns; the first in row and column order among
// equals), so that the plan keeps the area's stacks low.
export function chooseSlotInArea(areaId: number, box: QueuedBox, context: PlanningContext): SlotChoice {
  const area = context.geometry.areasById.get(areaId);
  if (!area) return { ok: false, message: 'That area is not in the yard layout' };
  const stacks = stacksFor(area, box, context);
  const columns = columnInfos(area);
  const span = spanOfSize(box.size);
  let best: { rowIndex: number; columnIndex: number; tier: number } | null = null;
  for (const rowIndex of area.rowIndexes)
    for (const columnIndex of area.columnIndexes) {
      // Spec 2 §4: merged columns are 40 ft columns; a 40 ft box stands on a pair's first column.
      const start = pairStart(columns, columnIndex);
      if (span === 2 ? start !== columnIndex : start !== null) continue;
      if (!stacks.column(rowIndex, columnIndex).ok) continue;
      const tier = stacks.reachableTier(rowIndex, columnIndex)!;
      if (!best || tier < best.tier) best = { rowIndex, columnIndex, tier };
    }
  const name = best && slotName(area, best.rowIndex, best.columnIndex, best.tier, context.slotFormat);
  return name
    ? { ok: true, slotFullName: name }
    : { ok: false, message: `No slot of area ${area.name} takes ${box.containerNumber} (${box.size} ft)` };
}
