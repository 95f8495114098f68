// The planning engine's view of a yard (issue 19): pure data, no database. The planning service
// builds it from the yard model (areas, rows, columns, merged pairs, positions, planned
// containers, slot groups) and the gate history (departure estimates); the engine answers with
// placements and dig-out sequences. The bench feeds it the BRP instances and a simulated yard.

// A box the engine places or already finds in the yard. Times are epoch milliseconds.
export interface EngineBox {
  // The container number (or any unique key in the bench).
  id: string;
  // 20 stands in one column; 40 spans a merged pair (stands on a 40-ft stack).
  size: 20 | 40;
  // The expected departure and the spread of its estimate: ln(departure − now) is taken as normal
  // with standard deviation `sigma` (0: the departure is known).
  departureAt: number;
  sigma: number;
  // When the box came into the yard (its gate-in), if known: the estimate is then read as one of the
  // dwell (departureAt − arrivedAt), and a box already past it is believed to leave soon rather than
  // at once (engine/departure.ts).
  arrivedAt?: number;
  // What boxes are grouped by (liner / IGM / category): boxes of one group may share a stack
  // freely, and the engine prefers to keep them together.
  group?: string;
  // The slot-group values the box carries (param name → value), matched against a stack's
  // `accepts`.
  values?: Readonly<Record<string, string>>;
}

// A stack: one column of a row (20 ft) or a merged pair (40 ft), with its boxes bottom first,
// planned (reserved) boxes included — a reservation is a box for the engine.
export interface EngineStack {
  // `area:row:column` (the first column of a merged pair).
  key: string;
  area: string;
  row: number;
  column: number;
  size: 20 | 40;
  maxHeight: number;
  boxes: EngineBox[];
  // Where the stack is, in metres on a local plane (machine travel from the gate); optional.
  x?: number;
  y?: number;
  // Slot-group constraints: param name → the values this stack accepts. A box whose value for a
  // param is not accepted may not go here; a param the stack does not name is unrestricted.
  accepts?: Readonly<Record<string, readonly string[]>>;
  // A stack that takes no box now (a machine works it, a rule closes it).
  closed?: boolean;
}

export interface EnginePlacementResult {
  boxId: string;
  stackKey: string;
  // The tier the box lands on (1 = ground), given the boxes placed before it in the same run.
  tier: number;
  // The expected number of rehandles this placement causes (boxes it blocks that leave before it,
  // in expectation under the departure estimates), and the reason in words for the planner.
  expectedRehandles: number;
  reason: string;
  // With `alternatives` > 1: the next cheapest stacks for this box, cheapest first, as they stood
  // when it was placed (the box is placed on the first; these are not changed by it).
  alternatives?: { stackKey: string; tier: number; expectedRehandles: number; reason: string }[];
}

export interface EnginePlanResult {
  placements: EnginePlacementResult[];
  unplaced: { boxId: string; reason: string }[];
}

export interface EnginePlanOptions {
  now: number;
  // Boxes arrive in this order (planningOrder); the engine may place them in any stack order.
  // Called with 0 … 1 as the run goes on.
  progress?: (fraction: number) => void;
  // Where machines come from (the gate), for travel; optional.
  origin?: { x: number; y: number };
  // The depot's dwell times (gate-in to gate-out) as a log-normal: what the engine expects of the
  // boxes still to come when it weighs keeping a stack free for later-leaving ones. Without it the
  // engine reads it off the boxes it is given.
  dwell?: { medianMs: number; sigma: number };
  // How many stacks to rank for each box (1: only the one it goes to). The gate asks for a few, so
  // that gate-ins advised on the same yard can each take one the others left untouched.
  alternatives?: number;
}

// Dig-out: stacks of boxes by retrieval priority (1 leaves first), bottom first.
export interface DigOutInstance {
  stacks: { key: string; boxes: { id: string; priority: number }[] }[];
  // The tallest a stack may grow while relocating (the BRP benchmark's cap is H + 2).
  maxHeight: number;
}

export interface DigOutMove {
  kind: 'relocate' | 'retrieve';
  boxId: string;
  from: string;
  // The stack a relocated box goes to; null for a retrieval.
  to: string | null;
}

export interface DigOutResult {
  moves: DigOutMove[];
  relocations: number;
}

// The engine's entry points (engine/index.ts):
//   planPlacements(stacks: EngineStack[], arrivals: EngineBox[], options: EnginePlanOptions): EnginePlanResult
//     Places the arrivals in order, each where it is expected to cause the fewest rehandles
//     (respecting size, heights, `accepts`, `closed`), then the least travel.
//   digOut(instance: DigOutInstance, options?: { timeLimitMs?: number }): DigOutResult
//     Retrieves every box in priority order (ties: any order) with the fewest relocations found;
//     a box that must not leave gets priority Infinity (it may be relocated, never retrieved).
