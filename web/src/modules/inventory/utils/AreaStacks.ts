import { messages, pairStart, slotSpan } from '@openyard/contracts';
import type { GridContainer, InventoryStore } from './InventoryStore';
import { columnInfos } from './columnOptions';
import { slotName } from './slotName';
import type { AreaGeometry } from './yardGeometry';

// A choice of Update Location: allowed, or refused with the reason (short, for an option) and the
// message the server would answer (for the field).
export type SlotChoice = { ok: true } | { ok: false; reason: string; message: string };

const OK: SlotChoice = { ok: true };

// The box being placed: a container of the store (its entry and place), or one not in the yard yet
// (a queued container being planned: entry -1, no place).
export type PlacedBox = Pick<GridContainer, 'index' | 'number' | 'size' | 'rowIndex' | 'columnIndex' | 'tier'>;

// The stacks of one area as the screen knows them, for the container being moved (or planned):
// which slots it may go to (spec 2 §5 and the yard's invariants, DESIGN §5: a free slot on top of
// its stack, a 40 ft box on a merged pair's start with both stacks at the same height), so that
// Update Location and planning say why before sending instead of one refusal per try. The server
// stays the authority.
export class AreaStacks {
  // "row:column" → tier → the store entry there (-1: a slot planning has assigned and not saved);
  // a 40 ft box stands in both columns of its pair.
  private readonly stacks = new Map<string, Map<number, number>>();
  private readonly span: 1 | 2;
  private readonly columns;

  // `free`: store entries whose slots count as free too (planning: the boxes of the plan being
  // edited, whose reservations the save replaces).
  constructor(
    store: InventoryStore,
    private readonly area: AreaGeometry,
    private readonly container: PlacedBox,
    private readonly slotFormat: string,
    free?: ReadonlySet<number>,
  ) {
    this.span = slotSpan(container.size);
    this.columns = columnInfos(area);
    for (let i = 0; i < store.length; i += 1) {
      // The moving box leaves its slots: they count as free for it.
      if (!store.alive[i] || store.areaIds[i] !== area.areaId || i === container.index || free?.has(i)) continue;
      this.occupy(store.rowIndexes[i]!, store.columnIndexes[i]!, store.tiers[i]!, slotSpan(store.sizes[i]!), i);
    }
  }

  // Counts a place as taken (planning: a slot assigned to another box and not saved yet).
  occupy(rowIndex: number, columnIndex: number, tier: number, span: 1 | 2, entry = -1): void {
    for (let offset = 0; offset < span; offset += 1) {
      const key = `${rowIndex}:${columnIndex + offset}`;
      let stack = this.stacks.get(key);
      if (!stack) this.stacks.set(key, (stack = new Map<number, number>()));
      stack.set(tier, entry);
    }
  }

  // The highest tier taken (the moving box's own slot may leave a gap under a box on top of it,
  // which leaving() refuses).
  private heightOf(rowIndex: number, columnIndex: number): number {
    const stack = this.stacks.get(`${rowIndex}:${columnIndex}`);
    return stack ? Math.max(...stack.keys()) : 0;
  }

  private name(rowIndex: number, columnIndex: number, tier: number): string {
    return slotName(this.area, rowIndex, columnIndex, tier, this.slotFormat) ?? '';
  }

  // The container can not leave its place while another box stands on it. Asked of the stacks of
  // the container's own area.
  leaving(): SlotChoice {
    const { rowIndex, columnIndex, tier } = this.container;
    for (let offset = 0; offset < this.span; offset += 1) {
      if (this.stacks.get(`${rowIndex}:${columnIndex + offset}`)?.has(tier + 1))
        return {
          ok: false,
          reason: messages.slotChoiceTaken,
          message: messages.slotLeavesHole(this.container.number, this.name(rowIndex, columnIndex, tier)),
        };
    }
    return OK;
  }

  // The one tier of the stack (or pair) the container can go to: on top of it; null when none.
  reachableTier(rowIndex: number, columnIndex: number): number | null {
    if (!this.column(rowIndex, columnIndex).ok) return null;
    return this.heightOf(rowIndex, columnIndex) + 1;
  }

  // Whether a column of the row takes the container at any height.
  column(rowIndex: number, columnIndex: number): SlotChoice {
    const height = this.heightOf(rowIndex, columnIndex);
    const tier = height + 1;
    const location = this.name(rowIndex, columnIndex, Math.min(tier, this.area.maxHeight));
    if (this.span === 2 && pairStart(this.columns, columnIndex) !== columnIndex)
      return {
        ok: false,
        reason: messages.slotChoiceNotPairStart,
        message: messages.fortyFootNeedsPair(this.container.number, location),
      };
    if (tier > this.area.maxHeight)
      return {
        ok: false,
        reason: messages.slotChoiceFull,
        message: messages.slotAboveHeight(location, this.area.maxHeight),
      };
    if (this.span === 2 && this.heightOf(rowIndex, columnIndex + 1) !== height) {
      const refused = this.slot(rowIndex, columnIndex, tier);
      return refused.ok ? refused : { ...refused, reason: messages.slotChoiceUneven };
    }
    return OK;
  }

  // Whether the container can go to this slot (the first of two for a 40 ft box).
  slot(rowIndex: number, columnIndex: number, tier: number): SlotChoice {
    const location = this.name(rowIndex, columnIndex, tier);
    if (this.span === 2 && pairStart(this.columns, columnIndex) !== columnIndex)
      return {
        ok: false,
        reason: messages.slotChoiceNotPairStart,
        message: messages.fortyFootNeedsPair(this.container.number, location),
      };
    for (let offset = 0; offset < this.span; offset += 1) {
      const column = columnIndex + offset;
      const height = this.heightOf(rowIndex, column);
      if (height >= tier)
        return {
          ok: false,
          reason: messages.slotChoiceTaken,
          message: messages.slotTaken(this.name(rowIndex, column, tier)),
        };
      if (height < tier - 1)
        return {
          ok: false,
          reason: messages.slotChoiceBelowEmpty,
          message: messages.slotHole(location),
        };
    }
    return OK;
  }
}
