// Dig-out (issue 19): the blocks relocation problem. Boxes leave in priority order; a box buried
// under others is reached by relocating the boxes above it onto other stacks, and each relocation
// is a machine move the depot pays for. This is the *restricted* problem, the variant the
// corridor-method figures of the Caserta–Voß–Sniedovich instances are given for: only a box that
// sits above the box retrieved next is moved, and it is moved to another stack no taller than the
// cap. docs/planning-engine.md explains the search; in short:
//   - a state is settled (every box that can leave without a relocation leaves) before a decision;
//     a decision is where the top box above the next target goes;
//   - the lower bound is the count of blocking boxes plus, for each of them, one more relocation
//     when at its first forced move every other stack already holds a box leaving earlier
//     (Zhu, Qin, Lim and Zhang's LB3);
//   - the upper bound is a min-max rollout (Caserta, Schwarze and Voß): a relocated box goes where
//     it blocks nothing, on the stack whose earliest box leaves soonest after it; else on the
//     stack whose earliest box leaves last;
//   - a beam search over decisions, each child valued by its rollout and pruned by the bound, is run
//     with widths 1, 2, 4, … until the time limit; a pass that kept every unpruned child, or a
//     rollout equal to the bound, proves the result optimal.
import type { DigOutInstance, DigOutMove, DigOutResult } from './types';

// Priorities are ranked 1 … K (ties share a rank); a box that must not leave gets NEVER, larger
// than every rank, so it blocks the boxes under it like any later box and is never retrieved.
const NEVER = 0x3fffffff;

interface Layout {
  width: number;
  // Slots per stack in the arrays: the cap, or a taller starting stack.
  depth: number;
  maxHeight: number;
  priorityOf: Int32Array;
  // Some finite rank is shared by several boxes: the LB3 part of the bound assumes one box per
  // rank, so only the blocking count is used then.
  ties: boolean;
  maxRank: number;
}

// A yard: box indices per stack, bottom first, with the running minimum of their priorities (so a
// stack's earliest box and whether a box blocks are read in O(1)), heights, the count of blocking
// boxes, and the stack of the next box to retrieve (-1 when every box that may leave has left).
interface State {
  boxes: Int32Array;
  minimum: Int32Array;
  height: Int32Array;
  blocking: number;
  target: number;
}

type Recorder = (move: { kind: 'relocate' | 'retrieve'; box: number; from: number; to: number }) => void;

const copyState = (state: State): State => ({
  boxes: state.boxes.slice(),
  minimum: state.minimum.slice(),
  height: state.height.slice(),
  blocking: state.blocking,
  target: state.target,
});

function copyInto(into: State, from: State) {
  into.boxes.set(from.boxes);
  into.minimum.set(from.minimum);
  into.height.set(from.height);
  into.blocking = from.blocking;
  into.target = from.target;
}

const stackMinimum = (layout: Layout, state: State, stack: number) => {
  const height = state.height[stack]!;
  return height === 0 ? NEVER : state.minimum[stack * layout.depth + height - 1]!;
};

function push(layout: Layout, state: State, stack: number, box: number) {
  const height = state.height[stack]!;
  const at = stack * layout.depth + height;
  const priority = layout.priorityOf[box]!;
  const below = height === 0 ? NEVER : state.minimum[at - 1]!;
  if (priority > below) state.blocking++;
  state.boxes[at] = box;
  state.minimum[at] = priority < below ? priority : below;
  state.height[stack] = height + 1;
}

function pop(layout: Layout, state: State, stack: number) {
  const height = state.height[stack]! - 1;
  const at = stack * layout.depth + height;
  const box = state.boxes[at]!;
  if (height > 0 && layout.priorityOf[box]! > state.minimum[at - 1]!) state.blocking--;
  state.height[stack] = height;
  return box;
}

// Retrieves every box that can leave now (an earliest-priority box on top of its stack), then sets
// the target: among the stacks holding a box of the earliest priority, the one with the fewest boxes
// above its topmost such box.
function settle(layout: Layout, state: State, record?: Recorder) {
  const { width, depth, priorityOf } = layout;
  for (;;) {
    let earliest = NEVER;
    for (let stack = 0; stack < width; stack++) {
      const minimum = stackMinimum(layout, state, stack);
      if (minimum < earliest) earliest = minimum;
    }
    if (earliest === NEVER) {
      state.target = -1;
      return;
    }
    let retrieved = false;
    let target = -1;
    let fewest = Infinity;
    for (let stack = 0; stack < width; stack++) {
      const height = state.height[stack]!;
      if (height === 0 || state.minimum[stack * depth + height - 1] !== earliest) continue;
      const base = stack * depth;
      if (priorityOf[state.boxes[base + height - 1]!] === earliest) {
        const box = pop(layout, state, stack);
        record?.({ kind: 'retrieve', box, from: stack, to: -1 });
        retrieved = true;
        break;
      }
      let index = height - 1;
      while (priorityOf[state.boxes[base + index]!] !== earliest) index--;
      const above = height - 1 - index;
      if (above < fewest) {
        fewest = above;
        target = stack;
      }
    }
    if (!retrieved) {
      state.target = target;
      return;
    }
  }
}

function relocate(layout: Layout, state: State, to: number, record?: Recorder) {
  const from = state.target;
  const box = pop(layout, state, from);
  push(layout, state, to, box);
  record?.({ kind: 'relocate', box, from, to });
  // The target stays the target (it has one box fewer above it) until it is uncovered; the moved
  // box cannot be an earliest one, or it would not have needed moving.
  const top = state.boxes[from * layout.depth + state.height[from]! - 1]!;
  if (layout.priorityOf[top] === state.minimum[from * layout.depth + state.height[from]! - 1])
    settle(layout, state, record);
}

// The min-max choice for the box on top of the target stack: the stack whose earliest box leaves
// soonest after it (it blocks nothing there, and later stacks stay free for later boxes); when every
// stack holds an earlier box, the stack whose earliest box leaves last (the next relocation is put
// off the longest). Ties: the lower stack. -1 when no other stack has room.
function minMaxChoice(layout: Layout, state: State) {
  const { width, depth, maxHeight, priorityOf } = layout;
  const from = state.target;
  const priority = priorityOf[state.boxes[from * depth + state.height[from]! - 1]!]!;
  let good = -1;
  let goodMinimum = Infinity;
  let goodHeight = 0;
  let bad = -1;
  let badMinimum = -1;
  let badHeight = 0;
  for (let stack = 0; stack < width; stack++) {
    const height = state.height[stack]!;
    if (stack === from || height >= maxHeight) continue;
    const minimum = height === 0 ? NEVER : state.minimum[stack * depth + height - 1]!;
    if (minimum > priority || (minimum === priority && priority !== NEVER)) {
      if (minimum < goodMinimum || (minimum === goodMinimum && height < goodHeight)) {
        good = stack;
        goodMinimum = minimum;
        goodHeight = height;
      }
    } else if (minimum > badMinimum || (minimum === badMinimum && height < badHeight)) {
      bad = stack;
      badMinimum = minimum;
      badHeight = height;
    }
  }
  return good >= 0 ? good : bad;
}

// Relocations the min-max rule needs from this state to the end (the state is consumed); Infinity
// when it gets stuck with no room.
function rollout(layout: Layout, state: State, record?: Recorder) {
  let relocations = 0;
  while (state.target >= 0) {
    const to = minMaxChoice(layout, state);
    if (to < 0) return Infinity;
    relocate(layout, state, to, record);
    relocations++;
  }
  return relocations;
}

// Scratch arrays of the bound, sized once per instance.
interface BoundScratch {
  stackOf: Int32Array;
  indexOf: Int32Array;
  height: Int32Array;
}

// A lower bound on the relocations still needed: every blocking box moves at least once, and once
// more when, at its first move, every other stack already holds a box that leaves before it. The
// stacks are relaxed to the boxes that never moved (a box, once relocated, is dropped): those
// stay where they are in any real sequence, so a real stack's earliest box is never later than the
// relaxed one and the extra move is certain. A box first moves when the earliest box under it is the
// target, the same in every restricted sequence.
function lowerBound(layout: Layout, state: State, scratch: BoundScratch) {
  if (layout.ties) return state.blocking;
  const { width, depth, priorityOf, maxRank } = layout;
  const { stackOf, indexOf, height } = scratch;
  stackOf.fill(-1);
  for (let stack = 0; stack < width; stack++) {
    const stackHeight = state.height[stack]!;
    height[stack] = stackHeight;
    for (let index = 0; index < stackHeight; index++) {
      const priority = priorityOf[state.boxes[stack * depth + index]!]!;
      if (priority === NEVER) continue;
      stackOf[priority] = stack;
      indexOf[priority] = index;
    }
  }
  let extra = 0;
  for (let priority = 1; priority <= maxRank; priority++) {
    const stack = stackOf[priority]!;
    if (stack < 0) continue;
    const index = indexOf[priority]!;
    const top = height[stack]!;
    if (index >= top) continue;
    if (top - 1 > index) {
      let latest = -1;
      for (let other = 0; other < width; other++) {
        if (other === stack) continue;
        const otherHeight = height[other]!;
        const minimum = otherHeight === 0 ? NEVER : state.minimum[other * depth + otherHeight - 1]!;
        if (minimum > latest) latest = minimum;
      }
      for (let above = index + 1; above < top; above++)
        if (priorityOf[state.boxes[stack * depth + above]!]! > latest) extra++;
    }
    height[stack] = index;
  }
  return state.blocking + extra;
}

// Stacks are interchangeable for the count of relocations, so states equal up to an order of the
// stacks are one: a hash of the sorted per-stack hashes (a collision only drops a beam candidate).
function stateKey(layout: Layout, state: State, scratch: Float64Array) {
  const { width, depth, priorityOf } = layout;
  for (let stack = 0; stack < width; stack++) {
    let hash = 0x811c9dc5;
    const height = state.height[stack]!;
    for (let index = 0; index < height; index++) {
      hash ^= priorityOf[state.boxes[stack * depth + index]!]!;
      hash = Math.imul(hash, 0x01000193);
    }
    scratch[stack] = (hash >>> 0) + height * 4294967296;
  }
  scratch.sort();
  let low = 0x12345;
  let high = 0x6789;
  for (let stack = 0; stack < width; stack++) {
    const value = scratch[stack]!;
    low = Math.imul(low ^ (value >>> 0), 0x85ebca6b);
    high = Math.imul(high ^ Math.floor(value / 4294967296) ^ (low >>> 7), 0xc2b2ae35);
  }
  return (high >>> 0) * 2097152 + ((low >>> 0) % 2097152);
}

interface Node {
  state: State;
  depth: number;
  parent: Node | null;
  // The stack the parent's top box went to.
  to: number;
  lower: number;
  upper: number;
}

const decisionsOf = (node: Node) => {
  const decisions: number[] = [];
  for (let at: Node | null = node; at?.parent; at = at.parent) decisions.push(at.to);
  return decisions.reverse();
};

export interface DigOutSearchFigures {
  // The bound at the start: no sequence needs fewer relocations.
  lowerBound: number;
  // What the min-max rule alone needs (the search's first answer).
  minMax: number;
  // The result is proven to need no more relocations than any other sequence.
  optimal: boolean;
  // Beam widths tried (the last may have been cut by the time limit) and nodes valued.
  widths: number[];
  nodes: number;
}

export interface DigOutOptions {
  // Wall-clock budget of the search; the min-max answer is always there, however short the budget.
  timeLimitMs?: number;
  // The widest beam tried (for tests and for a caller that wants a fixed effort).
  maxWidth?: number;
}

function buildLayout(instance: DigOutInstance) {
  const finite = new Set<number>();
  let boxCount = 0;
  let tallest = 0;
  for (const stack of instance.stacks) {
    boxCount += stack.boxes.length;
    tallest = Math.max(tallest, stack.boxes.length);
    for (const box of stack.boxes) if (Number.isFinite(box.priority)) finite.add(box.priority);
  }
  const ranks = new Map([...finite].sort((a, b) => a - b).map((priority, index) => [priority, index + 1]));
  const width = instance.stacks.length;
  const depth = Math.max(instance.maxHeight, tallest, 1);
  const priorityOf = new Int32Array(boxCount);
  const ids: string[] = [];
  const state: State = {
    boxes: new Int32Array(width * depth),
    minimum: new Int32Array(width * depth),
    height: new Int32Array(width),
    blocking: 0,
    target: -1,
  };
  let finiteBoxes = 0;
  const layout: Layout = { width, depth, maxHeight: instance.maxHeight, priorityOf, ties: false, maxRank: ranks.size };
  instance.stacks.forEach((stack, stackIndex) => {
    for (const box of stack.boxes) {
      const index = ids.length;
      ids.push(box.id);
      priorityOf[index] = Number.isFinite(box.priority) ? ranks.get(box.priority)! : NEVER;
      if (Number.isFinite(box.priority)) finiteBoxes++;
      push(layout, state, stackIndex, index);
    }
  });
  layout.ties = finiteBoxes > ranks.size;
  return { layout, state, ids };
}

export function digOut(
  instance: DigOutInstance,
  options: DigOutOptions = {},
): DigOutResult & { search: DigOutSearchFigures } {
  const started = performance.now();
  const deadline = started + (options.timeLimitMs ?? 1000);
  const maxWidth = options.maxWidth ?? Infinity;
  const { layout, state: initial, ids } = buildLayout(instance);
  const root: Node = { state: copyState(initial), depth: 0, parent: null, to: -1, lower: 0, upper: Infinity };
  settle(layout, root.state);
  const scratch: BoundScratch = {
    stackOf: new Int32Array(layout.maxRank + 1),
    indexOf: new Int32Array(layout.maxRank + 1),
    height: new Int32Array(layout.width),
  };
  const keyScratch = new Float64Array(layout.width);
  const work = copyState(root.state);
  root.lower = lowerBound(layout, root.state, scratch);
  // The min-max answer, recorded: it is the answer when the search finds nothing better (on the
  // largest instances one rollout is a good part of the budget).
  const moves: DigOutMove[] = [];
  const keys = instance.stacks.map((stack) => stack.key);
  const record: Recorder = ({ kind, box, from, to }) =>
    moves.push({ kind, boxId: ids[box]!, from: keys[from]!, to: kind === 'relocate' ? keys[to]! : null });
  const rolloutStarted = performance.now();
  copyInto(work, initial);
  settle(layout, work, record);
  root.upper = rollout(layout, work, record);
  // A child's rollout takes at most about as long as this one; the search stops when one more
  // would overrun the budget, keeping time for the replay of the answer.
  const rolloutMs = performance.now() - rolloutStarted;
  const overrun = () => performance.now() + 2 * rolloutMs > deadline;
  let best = root;
  let bestValue = root.upper;
  const figures: DigOutSearchFigures = {
    lowerBound: root.lower,
    minMax: root.upper,
    optimal: false,
    widths: [],
    nodes: 1,
  };

  const valueChild = (parent: Node, to: number): Node | null => {
    const state = copyState(parent.state);
    relocate(layout, state, to);
    const depth = parent.depth + 1;
    const lower = state.target < 0 ? 0 : lowerBound(layout, state, scratch);
    if (depth + lower >= bestValue) return null;
    copyInto(work, state);
    const upper = rollout(layout, work);
    figures.nodes++;
    const child: Node = { state, depth, parent, to, lower, upper };
    if (depth + upper < bestValue) {
      bestValue = depth + upper;
      best = child;
    }
    return depth + lower >= bestValue ? null : child;
  };

  let timedOut = overrun();
  for (let width = 1; bestValue > root.lower && !timedOut && width <= maxWidth; width *= 2) {
    figures.widths.push(width);
    let level: Node[] = [root];
    let cut = false;
    while (level.length > 0) {
      const children: Node[] = [];
      const seen = new Set<number>();
      for (const node of level) {
        if (node.depth + node.lower >= bestValue) continue;
        const from = node.state.target;
        for (let to = 0; to < layout.width; to++) {
          if (to === from || node.state.height[to]! >= layout.maxHeight) continue;
          if (overrun()) {
            timedOut = true;
            break;
          }
          const child = valueChild(node, to);
          if (!child || child.state.target < 0) continue;
          const key = stateKey(layout, child.state, keyScratch);
          if (seen.has(key)) continue;
          seen.add(key);
          children.push(child);
        }
        if (timedOut) break;
      }
      if (timedOut) break;
      const open = children.filter((child) => child.depth + child.lower < bestValue);
      open.sort((a, b) => a.upper - b.upper || a.lower - b.lower);
      if (open.length > width) cut = true;
      level = open.slice(0, width);
    }
    if (!timedOut && !cut) figures.optimal = true;
    if (!timedOut && !cut) break;
  }
  if (bestValue === root.lower) figures.optimal = true;
  if (!Number.isFinite(bestValue))
    throw new Error('Dig-out: the other stacks have no room for the boxes that must be moved');

  // The answer: the best node's decisions replayed from the start, then its rollout.
  if (best !== root) {
    moves.length = 0;
    const replay = copyState(initial);
    settle(layout, replay, record);
    for (const to of decisionsOf(best)) relocate(layout, replay, to, record);
    rollout(layout, replay, record);
  }
  const relocations = moves.filter((move) => move.kind === 'relocate').length;
  return { moves, relocations, search: figures };
}
