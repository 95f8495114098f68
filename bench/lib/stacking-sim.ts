// The online stacking simulation of the planning bench (issue 19): a block of 30 stacks × 5 tiers
// filled to about 75 % by Poisson arrivals whose dwell is log-normal with a mean of 4 days; each
// box comes with an estimate of its departure whose error is log-normal (σ = 0.5 or 0.25). Boxes
// leave at their TRUE departure; the boxes above one that leaves are relocated first (rehandles),
// each to a stack chosen by the same policy that placed the arrivals. Every policy sees the same
// arrival stream (its own generator, seeded): the engine, random, first-fit (the nearest stack with
// room) and leveling (the lowest stack, nearest first).
//
// Layouts: `uniform` — 30 stacks of 20 ft, every box a 20 (the yard); `mixed` — 18 dry
// 20 ft stacks, 6 reefer 20 ft stacks (slot group kind=reefer, the dry ones kind=dry), 6 stacks of
// 40 ft, arrivals in proportion to each kind's slots, and one stack closed for 2 h every 12 h: the
// hard rules are then there to be broken, and every placement is checked against them.
import {
  planPlacements,
  type EngineBox,
  type EngineStack,
  type PlacementWeights,
} from '@openyard/server/modules/planning';

export type Policy = 'engine' | 'random' | 'firstFit' | 'leveling';
export const POLICIES: Policy[] = ['engine', 'random', 'firstFit', 'leveling'];
export type Layout = 'uniform' | 'mixed';

export interface SimConfig {
  seed: number;
  // The estimate's error: ln(estimated dwell) = ln(true dwell) + sigma × N(0, 1).
  sigma: number;
  layout: Layout;
  warmupRetrievals: number;
  retrievals: number;
  dwellMeanDays?: number;
  // The spread of ln(true dwell): 0.8 gives a coefficient of variation of about 0.95.
  dwellSigma?: number;
  fill?: number;
  // The engine's weights (default: its own), for tuning.
  weights?: Partial<PlacementWeights>;
}

export interface SimFigures {
  policy: Policy;
  retrieved: number;
  rehandles: number;
  rehandlesPerRetrieval: number;
  // Metres a machine drives per retrieved box: gate → stack for an arrival, stack → stack for a
  // relocation, stack → gate for a retrieval.
  travelPerRetrieval: number;
  // Placements that broke a hard rule (size, height, slot group, closed stack): must be 0.
  violations: number;
  // Arrivals with no stack that could take them, relocations with nowhere to go (the box is then
  // set aside and put back, two rehandles).
  rejected: number;
  stuck: number;
  meanFill: number;
  // Milliseconds of engine calls per placement (engine only).
  engineMsPerCall: number | null;
}

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 1);
const GATE = { x: 0, y: 0 };

// splitmix32: a small seeded generator, the same numbers on every machine.
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 16), 0x21f0aaad);
    value = Math.imul(value ^ (value >>> 15), 0x735a2d97);
    return ((value ^ (value >>> 15)) >>> 0) / 4294967296;
  };
}

const gaussian = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

interface SimStack {
  key: string;
  size: 20 | 40;
  maxHeight: number;
  x: number;
  y: number;
  accepts?: Record<string, string[]>;
  boxes: SimBox[];
}

interface SimBox {
  box: EngineBox;
  leavesAt: number;
}

interface Kind {
  size: 20 | 40;
  values?: Record<string, string>;
  share: number;
}

function buildYard(layout: Layout): { stacks: SimStack[]; kinds: Kind[] } {
  const stacks: SimStack[] = Array.from({ length: 30 }, (_, index) => {
    const bay = Math.floor(index / 5);
    const row = index % 5;
    return { key: `B${bay + 1}R${row + 1}`, size: 20, maxHeight: 5, x: 20 + bay * 6.5, y: row * 2.8, boxes: [] };
  });
  if (layout === 'uniform') return { stacks, kinds: [{ size: 20, share: 1 }] };
  stacks.forEach((stack, index) => {
    if (index < 6) stack.accepts = { kind: ['reefer'] };
    else if (index < 24) stack.accepts = { kind: ['dry'] };
    else stack.size = 40;
  });
  return {
    stacks,
    kinds: [
      { size: 20, values: { kind: 'dry' }, share: 90 / 150 },
      { size: 20, values: { kind: 'reefer' }, share: 30 / 150 },
      { size: 40, share: 30 / 150 },
    ],
  };
}

// The arrivals: one generator per stream, so every policy sees the same boxes at the same times.
function arrivalStream(config: SimConfig, kinds: Kind[], slots: number) {
  const random = seeded(config.seed * 7919 + 17);
  const meanDays = config.dwellMeanDays ?? 4;
  const dwellSigma = config.dwellSigma ?? 0.8;
  const dwellMu = Math.log(meanDays * DAY_MS) - (dwellSigma * dwellSigma) / 2;
  const ratePerMs = ((config.fill ?? 0.75) * slots) / (meanDays * DAY_MS);
  let at = START;
  let number = 0;
  return () => {
    at += -Math.log(1 - random()) / ratePerMs;
    let pick = random();
    const kind = kinds.find((candidate) => (pick -= candidate.share) < 0) ?? kinds.at(-1)!;
    const dwell = Math.exp(dwellMu + dwellSigma * gaussian(random));
    const estimate = dwell * Math.exp(config.sigma * gaussian(random));
    number++;
    const box: EngineBox = {
      id: `BOX${String(number).padStart(7, '0')}`,
      size: kind.size,
      departureAt: at + estimate,
      sigma: config.sigma,
      arrivedAt: at,
      ...(kind.values ? { values: kind.values } : {}),
    };
    return { at, box, leavesAt: at + dwell };
  };
}

// A binary heap of departures by true time.
class Departures {
  private items: SimBox[] = [];
  get size() {
    return this.items.length;
  }
  peek() {
    return this.items[0];
  }
  push(item: SimBox) {
    const items = this.items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (items[parent]!.leavesAt <= item.leavesAt) break;
      items[index] = items[parent]!;
      index = parent;
    }
    items[index] = item;
  }
  pop() {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      let index = 0;
      for (;;) {
        const left = 2 * index + 1;
        if (left >= items.length) break;
        const right = left + 1;
        const child = right < items.length && items[right]!.leavesAt < items[left]!.leavesAt ? right : left;
        if (items[child]!.leavesAt >= last.leavesAt) break;
        items[index] = items[child]!;
        index = child;
      }
      items[index] = last;
    }
    return top;
  }
}

const fits = (stack: SimStack, box: EngineBox) =>
  stack.size === box.size &&
  stack.boxes.length < stack.maxHeight &&
  Object.entries(stack.accepts ?? {}).every(([param, values]) => values.includes(box.values?.[param] ?? ''));

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

export function simulate(policy: Policy, config: SimConfig): SimFigures {
  const { stacks, kinds } = buildYard(config.layout);
  const slots = stacks.reduce((sum, stack) => sum + stack.maxHeight, 0);
  const next = arrivalStream(config, kinds, slots);
  const choose = seeded(config.seed * 104729 + 3);
  const byDistance = [...stacks].sort((a, b) => distance(a, GATE) - distance(b, GATE));
  const where = new Map<string, SimStack>();
  const departures = new Departures();
  // One stack closed for 2 h of every 12 h (mixed layout): a machine works it.
  const closedAt = (now: number) => {
    if (config.layout !== 'mixed') return null;
    const period = Math.floor((now - START) / (12 * 3_600_000));
    return now - START - period * 12 * 3_600_000 < 2 * 3_600_000 ? stacks[(period * 7) % stacks.length]! : null;
  };

  const figures = {
    retrieved: 0,
    rehandles: 0,
    travel: 0,
    violations: 0,
    rejected: 0,
    stuck: 0,
    fillSum: 0,
    fillSamples: 0,
  };
  let engineMs = 0;
  let engineCalls = 0;
  let measuring = false;

  // Where each box goes: the policy's choice among the stacks that may take it (the engine is
  // given the yard and answers; its answer is checked, not trusted).
  const place = (boxes: SimBox[], now: number, excluded: SimStack | null): (SimStack | null)[] => {
    const closed = closedAt(now);
    const open = (stack: SimStack) => stack !== excluded && stack !== closed;
    if (policy === 'engine') {
      const engineStacks: EngineStack[] = stacks.map((stack) => ({
        key: stack.key,
        area: 'SIM',
        row: 1,
        column: 1,
        size: stack.size,
        maxHeight: stack.maxHeight,
        boxes: stack.boxes.map((held) => held.box),
        x: stack.x,
        y: stack.y,
        ...(stack.accepts ? { accepts: stack.accepts } : {}),
        ...(open(stack) ? {} : { closed: true }),
      }));
      const started = performance.now();
      const result = planPlacements(
        engineStacks,
        boxes.map((held) => held.box),
        { now, origin: GATE, ...(config.weights ? { weights: config.weights } : {}) },
      );
      engineMs += performance.now() - started;
      engineCalls++;
      const chosen = new Map(result.placements.map((placement) => [placement.boxId, placement]));
      return boxes.map((held) => {
        const placement = chosen.get(held.box.id);
        return placement ? stacks.find((stack) => stack.key === placement.stackKey)! : null;
      });
    }
    return boxes.map((held) => {
      const candidates = (policy === 'random' ? stacks : byDistance).filter(
        (stack) => open(stack) && fits(stack, held.box),
      );
      let stack: SimStack | undefined;
      if (policy === 'random') stack = candidates[Math.floor(choose() * candidates.length)];
      else if (policy === 'firstFit') stack = candidates[0];
      else
        stack = candidates.reduce<SimStack | undefined>(
          (lowest, candidate) => (!lowest || candidate.boxes.length < lowest.boxes.length ? candidate : lowest),
          undefined,
        );
      // The baselines place one box at a time, so the next sees it.
      if (stack) stack.boxes.push(held);
      return stack ?? null;
    });
  };

  // Applies a choice, counting what breaks a hard rule.
  const put = (held: SimBox, stack: SimStack, now: number, excluded: SimStack | null, already: boolean) => {
    const closed = closedAt(now);
    if (!already) {
      if (!fits(stack, held.box) || stack === excluded || stack === closed) figures.violations++;
      stack.boxes.push(held);
    } else if (stack === excluded || stack === closed) figures.violations++;
    if (stack.boxes.length > stack.maxHeight) figures.violations++;
    where.set(held.box.id, stack);
  };

  let arrival = next();
  const warmupEnd = config.warmupRetrievals;
  let retrievedAll = 0;
  while (figures.retrieved < config.retrievals) {
    const leaving = departures.peek();
    if (!leaving || arrival.at <= leaving.leavesAt) {
      const held: SimBox = { box: arrival.box, leavesAt: arrival.leavesAt };
      const [stack] = place([held], arrival.at, null);
      if (stack) {
        put(held, stack, arrival.at, null, policy !== 'engine');
        departures.push(held);
        if (measuring) figures.travel += distance(GATE, stack);
      } else if (measuring) figures.rejected++;
      arrival = next();
      continue;
    }
    departures.pop();
    const now = leaving.leavesAt;
    const stack = where.get(leaving.box.id)!;
    const index = stack.boxes.indexOf(leaving);
    const above = stack.boxes.slice(index + 1).reverse();
    stack.boxes.length = index + 1;
    if (above.length > 0) {
      const targets = place(above, now, stack);
      above.forEach((held, position) => {
        const target = targets[position];
        if (target) {
          put(held, target, now, stack, policy !== 'engine');
          if (measuring) figures.travel += distance(stack, target);
        } else {
          // Nowhere to go: set aside and put back on the same stack after the retrieval.
          if (measuring) figures.stuck++;
          figures.rehandles += measuring ? 1 : 0;
        }
      });
      if (measuring) figures.rehandles += above.length;
    }
    stack.boxes.pop();
    where.delete(leaving.box.id);
    for (const held of [...above].reverse())
      if (where.get(held.box.id) === stack) {
        stack.boxes.push(held);
        where.set(held.box.id, stack);
      }
    retrievedAll++;
    if (measuring) {
      figures.retrieved++;
      figures.travel += distance(stack, GATE);
      figures.fillSum += departures.size / slots;
      figures.fillSamples++;
    } else if (retrievedAll >= warmupEnd) measuring = true;
  }
  return {
    policy,
    retrieved: figures.retrieved,
    rehandles: figures.rehandles,
    rehandlesPerRetrieval: figures.rehandles / figures.retrieved,
    travelPerRetrieval: figures.travel / figures.retrieved,
    violations: figures.violations,
    rejected: figures.rejected,
    stuck: figures.stuck,
    meanFill: figures.fillSum / Math.max(1, figures.fillSamples),
    engineMsPerCall: policy === 'engine' ? engineMs / Math.max(1, engineCalls) : null,
  };
}
