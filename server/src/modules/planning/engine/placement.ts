// Placing arriving boxes (issue 19: "places each box to minimise expected rehandles from its
// expected departure"; spec 1 §5 planning rules). Boxes are placed one after the other in the order
// they arrive, each on the stack where it costs least:
//
//   cost = risk + KEEP × narrowing − TOGETHER × (its group is on top) + TRAVEL × distance share
//
//   - risk: the chance that a box under it leaves first, so that it has to be moved (boxes of its
//     own group do not count: they are interchangeable at dispatch);
//   - narrowing: what the stack can still take without a rehandle. A stack whose earliest box leaves
//     at t takes any later arrival that leaves before t; putting a box that leaves at u < t on it
//     narrows that to arrivals leaving before u. Measured as the share of arrivals (by the depot's
//     dwell times) the stack stops taking, times the tiers left above the box: an empty stack or a
//     stack of late boxes is kept for the late boxes still to come, and an early box goes where it
//     fits most tightly — the stacks stay sorted by departure;
//   - its group on top: a small preference to keep a group together;
//   - distance: a tie-breaker towards the gate.
// Hard rules are never weighed: size (a 20 on a 20 ft stack, a 40 on a merged pair), the stack's
// height, its slot groups (`accepts`) and `closed`.
import { DAY_MS, departureOf, leavesBefore, normalCdf, type Departure } from './departure';
import type { EngineBox, EnginePlacementResult, EnginePlanOptions, EnginePlanResult, EngineStack } from './types';

export interface PlacementWeights {
  keep: number;
  together: number;
  travel: number;
}

// Set on the simulated yard of the planning bench (bench/planning.ts, docs/planning-engine.md).
export const PLACEMENT_WEIGHTS: PlacementWeights = { keep: 3, together: 0.05, travel: 0.02 };

export interface PlacementOptions extends EnginePlanOptions {
  weights?: Partial<PlacementWeights>;
}

interface WorkStack {
  stack: EngineStack;
  // Its place in the input: exact ties go to the earlier stack.
  index: number;
  boxes: { box: EngineBox; departure: Departure }[];
  // The box believed to leave first, its mu, and the share of arrivals the stack takes without a
  // rehandle (1 when empty).
  earliest: number;
  earliestMu: number;
  takes: number;
  distance: number;
  // The travel term of its cost.
  travel: number;
}

interface StackKind {
  size: 20 | 40;
  accepts: [string, readonly string[]][];
  members: WorkStack[];
}

// The dwell times of the boxes still to come as a log-normal (ln ms): the option when the depot's
// history gave it, else read off the boxes at hand — the arrivals as they are, the boxes in the
// yard weighted by 1/dwell (a yard holds long stays longer, so it oversamples them), else a
// default of a few days.
function dwellOf(stacks: EngineStack[], arrivals: EngineBox[], options: EnginePlanOptions) {
  if (options.dwell) return { mu: Math.log(options.dwell.medianMs), sigma: Math.max(options.dwell.sigma, 0.1) };
  const samples: { value: number; weight: number }[] = [];
  for (const box of arrivals) {
    const dwell = box.departureAt - (box.arrivedAt ?? options.now);
    if (dwell > 0) samples.push({ value: Math.log(dwell), weight: 1 });
  }
  const yard: { value: number; weight: number }[] = [];
  for (const stack of stacks)
    for (const box of stack.boxes)
      if (box.arrivedAt !== undefined && box.departureAt > box.arrivedAt) {
        const dwell = box.departureAt - box.arrivedAt;
        yard.push({ value: Math.log(dwell), weight: 1 / dwell });
      }
  const yardWeight = yard.reduce((sum, sample) => sum + sample.weight, 0);
  for (const sample of yard) samples.push({ value: sample.value, weight: (sample.weight / yardWeight) * yard.length });
  const total = samples.reduce((sum, sample) => sum + sample.weight, 0);
  if (samples.length < 5 || total <= 0) return { mu: Math.log(3 * DAY_MS), sigma: 0.8 };
  const mean = samples.reduce((sum, sample) => sum + sample.weight * sample.value, 0) / total;
  const variance = samples.reduce((sum, sample) => sum + sample.weight * (sample.value - mean) ** 2, 0) / total;
  return { mu: mean, sigma: Math.max(Math.sqrt(variance), 0.1) };
}

// A stack's slot groups: every param it names must hold the box's value (a box without a value
// for a param the stack restricts does not fit: the stack is kept for what it was set up for).
// Returns the first param that refuses the box, or null.
function refusingParam(accepts: StackKind['accepts'], box: EngineBox): string | null {
  for (const [param, values] of accepts) {
    const value = box.values?.[param];
    if (value === undefined || !values.includes(value)) return param;
  }
  return null;
}

const days = (ms: number) =>
  ms >= DAY_MS ? `${(ms / DAY_MS).toFixed(1)} days` : `${Math.max(1, Math.round(ms / 3_600_000))} h`;
const percent = (fraction: number) => `${Math.round(fraction * 100)} %`;

// Stacks share their rules objects while the rules stand (yard-model.ts frames), and a standing box
// its object while it stands: what is worked out from them is kept by object (and time).
const NO_RULES: Readonly<Record<string, readonly string[]>> = {};
const kindsByRules = new WeakMap<object, { accepts: StackKind['accepts']; key: string }>();
function kindOf(rules: Readonly<Record<string, readonly string[]>>) {
  let kind = kindsByRules.get(rules);
  if (!kind) {
    const accepts = Object.entries(rules).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    kindsByRules.set(rules, (kind = { accepts, key: JSON.stringify(accepts) }));
  }
  return kind;
}
const departures = new WeakMap<EngineBox, { now: number; departure: Departure }>();
function departureAt(box: EngineBox, now: number): Departure {
  const known = departures.get(box);
  if (known?.now === now) return known.departure;
  const departure = departureOf(box, now);
  departures.set(box, { now, departure });
  return departure;
}

export function planPlacements(
  stacks: EngineStack[],
  arrivals: EngineBox[],
  options: PlacementOptions,
): EnginePlanResult {
  const weights = { ...PLACEMENT_WEIGHTS, ...options.weights };
  const { now, origin } = options;
  const ranked = Math.max(1, Math.floor(options.alternatives ?? 1));
  const dwell = dwellOf(stacks, arrivals, options);
  const accepting = (mu: number) => normalCdf((mu - dwell.mu) / dwell.sigma);
  const distanceOf = (stack: EngineStack) =>
    origin && stack.x !== undefined && stack.y !== undefined ? Math.hypot(stack.x - origin.x, stack.y - origin.y) : 0;
  const work: WorkStack[] = stacks.map((stack, index) => {
    const entry: WorkStack = {
      stack,
      index,
      boxes: [],
      earliest: -1,
      earliestMu: Infinity,
      takes: 1,
      distance: distanceOf(stack),
      travel: 0,
    };
    for (const box of stack.boxes) addBox(entry, box, departureAt(box, now), accepting);
    return entry;
  });
  const farthest = Math.max(1, ...work.map((entry) => entry.distance));
  for (const entry of work) entry.travel = weights.travel * (entry.distance / farthest);
  // Stacks of one size and the same slot groups take the same boxes: a box is matched against each
  // kind once, not against each of thousands of stacks.
  const kinds = new Map<string, StackKind>();
  for (const entry of work) {
    const { accepts, key } = kindOf(entry.stack.accepts ?? NO_RULES);
    const kindKey = `${entry.stack.size}${key}`;
    const kind = kinds.get(kindKey) ?? { size: entry.stack.size, accepts, members: [] };
    kind.members.push(entry);
    kinds.set(kindKey, kind);
  }

  const placements: EnginePlacementResult[] = [];
  const unplaced: EnginePlanResult['unplaced'] = [];
  const step = Math.max(1, Math.floor(arrivals.length / 100));
  arrivals.forEach((box, index) => {
    if (index % step === 0) options.progress?.(index / arrivals.length);
    const departure = departureOf(box, now);
    const takesBox = accepting(departure.mu);
    // The cheapest `ranked` stacks so far, cheapest first; a stack is weighed only while it can get
    // among them: cheaper than the last, or as cheap and earlier in the input (deterministic ties).
    const top: { entry: WorkStack; cost: number; risk: number }[] = [];
    let candidates = 0;
    const beats = (cost: number, entry: WorkStack) => {
      if (top.length < ranked) return true;
      const last = top[ranked - 1]!;
      return cost < last.cost || (cost === last.cost && entry.index < last.entry.index);
    };
    const refused = { size: 0, closed: 0, full: 0, groups: new Map<string, number>() };
    for (const kind of kinds.values()) {
      if (kind.size !== box.size) {
        refused.size += kind.members.length;
        continue;
      }
      const param = kind.accepts.length === 0 ? null : refusingParam(kind.accepts, box);
      if (param !== null) {
        refused.groups.set(param, (refused.groups.get(param) ?? 0) + kind.members.length);
        continue;
      }
      for (const entry of kind.members) {
        const { stack } = entry;
        if (stack.closed) {
          refused.closed++;
          continue;
        }
        const height = entry.boxes.length;
        if (height >= stack.maxHeight) {
          refused.full++;
          continue;
        }
        candidates++;
        // The cost without the risk first: most stacks are out before any chance is computed.
        const takesNow = entry.takes;
        const narrowing =
          ((takesNow - Math.min(takesNow, takesBox)) * (stack.maxHeight - height - 1)) /
          Math.max(1, stack.maxHeight - 1);
        const together = box.group !== undefined && entry.boxes[height - 1]?.box.group === box.group ? 1 : 0;
        const rest = weights.keep * narrowing - weights.together * together + entry.travel;
        if (!beats(rest, entry)) continue;
        let stays = 1;
        for (let below = height - 1; below >= 0 && beats(rest + 1 - stays, entry); below--) {
          const held = entry.boxes[below]!;
          if (box.group !== undefined && held.box.group === box.group) continue;
          stays *= 1 - leavesBefore(held.departure, departure);
        }
        const risk = 1 - stays;
        const cost = risk + rest;
        if (beats(cost, entry)) {
          let at = top.length;
          while (
            at > 0 &&
            (cost < top[at - 1]!.cost || (cost === top[at - 1]!.cost && entry.index < top[at - 1]!.entry.index))
          )
            at--;
          top.splice(at, 0, { entry, cost, risk });
          if (top.length > ranked) top.pop();
        }
      }
    }
    if (!top.length) {
      unplaced.push({ boxId: box.id, reason: unplacedReason(box, refused) });
      return;
    }
    const ranking = top.map(({ entry, risk }) => ({
      stackKey: entry.stack.key,
      tier: entry.boxes.length + 1,
      expectedRehandles: Number(risk.toFixed(3)),
      reason: placementReason(box, departure, entry, risk, candidates, origin !== undefined && entry.distance > 0),
    }));
    placements.push(
      ranked > 1
        ? { boxId: box.id, ...ranking[0]!, alternatives: ranking.slice(1) }
        : { boxId: box.id, ...ranking[0]! },
    );
    addBox(top[0]!.entry, box, departure, accepting);
  });
  options.progress?.(1);
  return { placements, unplaced };
}

function addBox(entry: WorkStack, box: EngineBox, departure: Departure, accepting: (mu: number) => number) {
  entry.boxes.push({ box, departure });
  if (departure.mu < entry.earliestMu) {
    entry.earliestMu = departure.mu;
    entry.earliest = entry.boxes.length - 1;
    entry.takes = accepting(departure.mu);
  }
}

// The reason shown to the planner (a tooltip on the planned slot): why this stack, in a sentence
// or two, from what decided it.
function placementReason(
  box: EngineBox,
  departure: Departure,
  entry: WorkStack,
  risk: number,
  candidates: number,
  withDistance: boolean,
) {
  const leaves = `expected to leave in ${days(Math.exp(departure.mu))}`;
  const parts: string[] = [];
  const top = entry.boxes.at(-1);
  const ofGroup = (other: { box: EngineBox }) => box.group !== undefined && other.box.group === box.group;
  const sameGroup = entry.boxes.filter(ofGroup).length;
  const others = entry.boxes.filter((other) => !ofGroup(other));
  const earliest = others.reduce<(typeof others)[number] | undefined>(
    (first, other) => (!first || other.departure.mu < first.departure.mu ? other : first),
    undefined,
  );
  if (!top) {
    parts.push(
      candidates > 1
        ? `Ground slot of an empty stack, ${leaves}: no stack with room has boxes leaving late enough to go on`
        : `Ground slot of the only stack with room, ${leaves}`,
    );
  } else if (!earliest) {
    parts.push(`On ${top.box.id}, with boxes of its own group ${box.group}: they are interchangeable at dispatch`);
  } else if (risk < 0.5) {
    const gap = Math.exp(earliest.departure.mu) - Math.exp(departure.mu);
    parts.push(
      gap > 0
        ? `On ${top.box.id}; the earliest box under it (${earliest.box.id}) is expected to leave ${days(gap)} after it (${leaves})`
        : `On ${top.box.id}; the earliest box under it (${earliest.box.id}) is expected to leave about when it does (${leaves})`,
    );
    if (risk >= 0.01) parts.push(`chance it must be moved first: ${percent(risk)}`);
  } else {
    parts.push(
      `Every stack with room holds a box expected to leave before it (${leaves}); here it is least likely to be moved (${percent(risk)})`,
    );
  }
  if (sameGroup > 0 && earliest && box.group)
    parts.push(`with ${sameGroup} box${sameGroup > 1 ? 'es' : ''} of its group ${box.group}`);
  if (withDistance) parts.push(`${Math.round(entry.distance)} m from the gate`);
  return `${parts.join('; ')}.`;
}

function unplacedReason(
  box: EngineBox,
  refused: { size: number; closed: number; full: number; groups: Map<string, number> },
) {
  const open = refused.closed + refused.full + [...refused.groups.values()].reduce((sum, count) => sum + count, 0);
  if (open === 0) return `No ${box.size} ft stack in the yard.`;
  if (refused.groups.size > 0 && refused.full + refused.closed === 0) {
    const params = [...refused.groups.keys()].map((param) => `${param} ${box.values?.[param] ?? '(none)'}`);
    return `No ${box.size} ft stack accepts its ${params.join(', ')}.`;
  }
  const why = [`${refused.full} full`];
  if (refused.closed) why.push(`${refused.closed} closed`);
  if (refused.groups.size)
    why.push(`${[...refused.groups.values()].reduce((sum, count) => sum + count, 0)} kept for other slot groups`);
  return `No ${box.size} ft stack has room for it (${why.join(', ')}).`;
}
