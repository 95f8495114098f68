// `npm run bench:planning`: the planning engine's figures of issue 19, computed in this process
// (the engine is pure TypeScript: no server, no database).
//
//   1. Dig-out: every `dataH-W-k.dat` of BENCH_BRP_DIR (../shared/fixtures/brp-cv, the 840 + 40
//      Caserta–Voß–Sniedovich instances) solved by `digOut` with stacks capped at H + 2 and
//      BENCH_DIGOUT_MS (500) of search each: mean relocations per class against the corridor
//      method (corridor-method-results.txt) and the min-max rule (the search's own first answer),
//      how many were proven optimal, and the slowest instance (wall clock, the whole call).
//   2. Online stacking (bench/lib/stacking-sim.ts): 30 stacks × 5 tiers at 75 % fill, Poisson
//      arrivals, log-normal dwell with a mean of 4 days, departure estimates with a log-normal error
//      of σ = 0.5 and 0.25; rehandles per retrieved box for the engine, random, first-fit and
//      leveling on the same arrivals, BENCH_RETRIEVALS (20,000) retrievals after BENCH_WARMUP
//      (2,000), for each of BENCH_SEEDS (101,102,103; the engine's weights were set on seeds 1–5);
//      machine travel per retrieved box and hard-rule violations. Then the same at σ = 0.5 on the
//      `mixed` layout (20 and 40 ft stacks, reefer slot groups, a closed stack).
//   3. plan1000Ms: `planPlacements` of 1,000 queued boxes (a fifth 40 ft, liners as groups, some
//      reefers) on a 20,000-slot yard (4,000 stacks × 5 tiers, 20 % of them 40 ft, about half full,
//      slot groups, 2 % closed); the median of BENCH_PLAN_RUNS (3), the first (cold) run apart,
//      every placement checked against the hard rules.
//   Baseline: sorting 1,000,000 doubles in this process (the machine's speed at the time).
// BENCH_PARTS (digout,online,plan) runs a part alone. The last line printed is one JSON object:
// {"digout":{"3x3":…,"5x8":…,…},"online":{"sigma05":{"engine","random","firstFit","leveling",…},
//  "sigma025":{…},"mixed05":{…}},"plan1000Ms","baselineMs",…}.
import { resolve } from 'node:path';
import { digOut, planPlacements, type EngineBox, type EngineStack } from '@openyard/server/modules/planning';
import { readBrpInstances, readCorridorMeans } from './lib/brp';
import { runIfMain } from './lib/main';
import { POLICIES, seeded, simulate, type Layout, type Policy, type SimFigures } from './lib/stacking-sim';
import { fmt, round, table } from '../loadtest/node/stats';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const list = (name: string, fallback: string[]) =>
  (process.env[name] ?? fallback.join(','))
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const BRP_DIR = process.env.BENCH_BRP_DIR ?? resolve(import.meta.dirname, '../../shared/fixtures/brp-cv');
const DIGOUT_MS = number('BENCH_DIGOUT_MS', 500);
const SEEDS = list('BENCH_SEEDS', ['101', '102', '103']).map(Number);
const RETRIEVALS = number('BENCH_RETRIEVALS', 20_000);
const WARMUP = number('BENCH_WARMUP', 2000);
const PLAN_RUNS = number('BENCH_PLAN_RUNS', 3);
const PARTS = new Set(list('BENCH_PARTS', ['digout', 'online', 'plan']));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function baselineMs() {
  const random = seeded(1);
  const runs = [0, 1, 2].map(() => {
    const values = Float64Array.from({ length: 1_000_000 }, random);
    const started = performance.now();
    values.sort();
    return performance.now() - started;
  });
  return median(runs);
}

// ---- 1. Dig-out ----

interface ClassFigures {
  instances: number;
  mean: number;
  minMax: number;
  corridor: number | null;
  lowerBound: number;
  optimal: number;
  maxMs: number;
  meanMs: number;
}

function benchDigOut() {
  const instances = readBrpInstances(BRP_DIR);
  const corridor = readCorridorMeans(BRP_DIR);
  const classes = new Map<
    string,
    { relocations: number[]; minMax: number[]; lower: number[]; optimal: number; ms: number[] }
  >();
  for (const { className, instance } of instances) {
    const started = performance.now();
    const result = digOut(instance, { timeLimitMs: DIGOUT_MS });
    const ms = performance.now() - started;
    const figures = classes.get(className) ?? { relocations: [], minMax: [], lower: [], optimal: 0, ms: [] };
    figures.relocations.push(result.relocations);
    figures.minMax.push(result.search.minMax);
    figures.lower.push(result.search.lowerBound);
    figures.optimal += result.search.optimal ? 1 : 0;
    figures.ms.push(ms);
    classes.set(className, figures);
  }
  const byClass: Record<string, ClassFigures> = {};
  for (const [className, figures] of classes)
    byClass[className] = {
      instances: figures.relocations.length,
      mean: mean(figures.relocations),
      minMax: mean(figures.minMax),
      corridor: corridor[className] ?? null,
      lowerBound: mean(figures.lower),
      optimal: figures.optimal,
      maxMs: Math.max(...figures.ms),
      meanMs: mean(figures.ms),
    };
  console.log(`\nDig-out: ${instances.length} instances, cap H + 2, ${DIGOUT_MS} ms of search each (mean relocations)`);
  console.log(
    table([
      [
        'class',
        'n',
        'engine',
        'corridor',
        'vs corridor',
        'min-max',
        'lower bound',
        'proven optimal',
        'mean ms',
        'max ms',
      ],
      ...Object.entries(byClass).map(([className, figures]) => [
        className,
        figures.instances,
        fmt(figures.mean, 3),
        figures.corridor === null ? '–' : fmt(figures.corridor, 3),
        figures.corridor === null ? '–' : `${fmt((figures.mean / figures.corridor - 1) * 100, 1)} %`,
        fmt(figures.minMax, 3),
        fmt(figures.lowerBound, 2),
        figures.optimal,
        fmt(figures.meanMs, 0),
        fmt(figures.maxMs, 0),
      ]),
    ]),
  );
  return byClass;
}

// ---- 2. Online stacking ----

interface OnlineFigures {
  rehandles: Record<Policy, number>;
  travel: Record<Policy, number>;
  violations: number;
  rejected: Record<Policy, number>;
  stuck: Record<Policy, number>;
  meanFill: number;
  engineMsPerCall: number;
  perSeed: Record<Policy, number>[];
}

function benchOnline(label: string, sigma: number, layout: Layout): OnlineFigures {
  const runs = SEEDS.map(
    (seed) =>
      Object.fromEntries(
        POLICIES.map((policy) => [
          policy,
          simulate(policy, { seed, sigma, layout, warmupRetrievals: WARMUP, retrievals: RETRIEVALS }),
        ]),
      ) as Record<Policy, SimFigures>,
  );
  const over = (pick: (figures: SimFigures) => number) =>
    Object.fromEntries(POLICIES.map((policy) => [policy, mean(runs.map((run) => pick(run[policy])))])) as Record<
      Policy,
      number
    >;
  const rehandles = over((figures) => figures.rehandlesPerRetrieval);
  const travel = over((figures) => figures.travelPerRetrieval);
  const sum = (pick: (figures: SimFigures) => number) =>
    Object.fromEntries(
      POLICIES.map((policy) => [policy, runs.reduce((total, run) => total + pick(run[policy]), 0)]),
    ) as Record<Policy, number>;
  const violations = runs.reduce(
    (total, run) => total + POLICIES.reduce((count, policy) => count + run[policy].violations, 0),
    0,
  );
  const figures: OnlineFigures = {
    rehandles,
    travel,
    violations,
    rejected: sum((run) => run.rejected),
    stuck: sum((run) => run.stuck),
    meanFill: mean(runs.map((run) => run.engine.meanFill)),
    engineMsPerCall: mean(runs.map((run) => run.engine.engineMsPerCall ?? 0)),
    perSeed: runs.map(
      (run) =>
        Object.fromEntries(POLICIES.map((policy) => [policy, run[policy].rehandlesPerRetrieval])) as Record<
          Policy,
          number
        >,
    ),
  };
  console.log(
    `\nOnline stacking, ${label}: ${layout} layout, σ = ${sigma}, seeds ${SEEDS.join(', ')}, ${fmt(RETRIEVALS)} retrievals each after ${fmt(WARMUP)}; mean fill ${fmt(figures.meanFill * 100, 1)} %`,
  );
  console.log(
    table([
      [
        'policy',
        'rehandles / retrieval',
        ...SEEDS.map((seed) => `seed ${seed}`),
        'engine fewer by',
        'travel m / retrieval',
        'rejected',
        'stuck',
      ],
      ...POLICIES.map((policy) => [
        policy,
        fmt(rehandles[policy], 3),
        ...figures.perSeed.map((seed) => fmt(seed[policy], 3)),
        policy === 'engine' ? '–' : `${fmt((1 - rehandles.engine / rehandles[policy]) * 100, 1)} %`,
        fmt(travel[policy], 1),
        figures.rejected[policy],
        figures.stuck[policy],
      ]),
    ]),
  );
  console.log(
    `hard-rule violations (all policies): ${violations}; engine ${fmt(figures.engineMsPerCall, 3)} ms per call`,
  );
  return figures;
}

const onlineJson = (figures: OnlineFigures) => ({
  ...Object.fromEntries(POLICIES.map((policy) => [policy, round(figures.rehandles[policy], 4)])),
  vsRandomPct: round((1 - figures.rehandles.engine / figures.rehandles.random) * 100, 1),
  vsLevelingPct: round((1 - figures.rehandles.engine / figures.rehandles.leveling) * 100, 1),
  vsFirstFitPct: round((1 - figures.rehandles.engine / figures.rehandles.firstFit) * 100, 1),
  travel: Object.fromEntries(POLICIES.map((policy) => [policy, round(figures.travel[policy], 1)])),
  travelVsLevelingPct: round((figures.travel.engine / figures.travel.leveling - 1) * 100, 1),
  violations: figures.violations,
  rejected: figures.rejected,
  stuck: figures.stuck,
  meanFill: round(figures.meanFill, 3),
  engineMsPerCall: round(figures.engineMsPerCall, 3),
  perSeed: figures.perSeed.map((seed) =>
    Object.fromEntries(POLICIES.map((policy) => [policy, round(seed[policy], 4)])),
  ),
});

// ---- 3. Planning 1,000 queued boxes on a 20,000-slot yard ----

const LINERS = ['MAEU', 'MSCU', 'CMAU', 'HLCU', 'ONEY', 'EGLV', 'COSU', 'YMLU'];

function plannedYard(seed: number) {
  const random = seeded(seed);
  const now = Date.UTC(2026, 10, 27);
  const day = 86_400_000;
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  // A third are empties, grouped by liner (any empty of a liner serves its release order); the
  // others are laden boxes of their own.
  const makeBox = (id: string, size: 20 | 40, arrivedAt: number, reefer: boolean): EngineBox => {
    const liner = LINERS[Math.floor(random() * LINERS.length)]!;
    const empty = random() < 1 / 3;
    return {
      id,
      size,
      arrivedAt,
      departureAt: arrivedAt + Math.exp(Math.log(3 * day) + 0.8 * gaussian()),
      sigma: 0.5,
      ...(empty ? { group: `${liner} empty ${size}` } : {}),
      values: { CUSTOM: liner, kind: reefer ? 'reefer' : 'dry' },
    };
  };
  const stacks: EngineStack[] = [];
  for (let index = 0; index < 4000; index++) {
    const area = Math.floor(index / 1000);
    const row = Math.floor((index % 1000) / 50);
    const column = index % 50;
    const size = column % 5 === 4 ? 40 : 20;
    const reefer = size === 20 && row < 2;
    const stack: EngineStack = {
      key: `A${area + 1}:${row + 1}:${column + 1}`,
      area: `A${area + 1}`,
      row: row + 1,
      column: column + 1,
      size,
      maxHeight: 5,
      x: area * 400 + column * 6.5,
      y: row * 2.8,
      boxes: [],
      accepts: { kind: [reefer ? 'reefer' : 'dry'], ...(row % 10 === 5 ? { CUSTOM: ['MAEU', 'MSCU'] } : {}) },
      ...(random() < 0.02 ? { closed: true } : {}),
    };
    const height = Math.floor(random() * 6);
    for (let tier = 0; tier < height; tier++) {
      const held = makeBox(`Y${index}-${tier}`, size, now - random() * 6 * day, reefer);
      if (stack.accepts?.CUSTOM) held.values = { ...held.values, CUSTOM: 'MAEU' };
      stack.boxes.push(held);
    }
    stacks.push(stack);
  }
  const arrivals = Array.from({ length: 1000 }, (_, index) =>
    makeBox(`Q${String(index).padStart(4, '0')}`, index % 5 === 0 ? 40 : 20, now, index % 5 !== 0 && random() < 0.04),
  );
  return { stacks, arrivals, now };
}

function benchPlan() {
  const { stacks, arrivals, now } = plannedYard(19);
  const filled = stacks.reduce((sum, stack) => sum + stack.boxes.length, 0);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let result: ReturnType<typeof planPlacements> | null = null;
  for (let run = 0; run < PLAN_RUNS; run++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    result = planPlacements(stacks, arrivals, { now, origin: { x: 0, y: -20 } });
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  // Every placement against the hard rules, with the run's own earlier placements counted.
  const byKey = new Map(stacks.map((stack) => [stack.key, { stack, height: stack.boxes.length }]));
  const byId = new Map(arrivals.map((box) => [box.id, box]));
  let violations = 0;
  for (const placement of result!.placements) {
    const entry = byKey.get(placement.stackKey)!;
    const box = byId.get(placement.boxId)!;
    entry.height++;
    const accepted = Object.entries(entry.stack.accepts ?? {}).every(([param, values]) =>
      values.includes(box.values?.[param] ?? ''),
    );
    if (entry.stack.size !== box.size || entry.height > entry.stack.maxHeight || entry.stack.closed || !accepted)
      violations++;
    if (placement.tier !== entry.height) violations++;
  }
  const figures = {
    planMs: median(times),
    coldMs: times[0]!,
    times,
    cpuMs: median(cpuTimes),
    placed: result!.placements.length,
    unplaced: result!.unplaced.length,
    violations,
    meanExpectedRehandles: mean(result!.placements.map((placement) => placement.expectedRehandles)),
    sample: result!.placements
      .slice(0, 3)
      .map((placement) => `${placement.boxId} → ${placement.stackKey}: ${placement.reason}`),
  };
  console.log(
    `\nPlanning 1,000 queued boxes on 4,000 stacks × 5 tiers (${fmt(filled)} boxes already there): median ${fmt(figures.planMs)} ms of ${PLAN_RUNS} (${times.map((time) => fmt(time)).join(', ')} ms; ${fmt(figures.cpuMs)} ms of CPU); ${figures.placed} placed, ${figures.unplaced} unplaced, ${violations} violations, mean expected rehandles ${fmt(figures.meanExpectedRehandles, 3)}`,
  );
  for (const line of figures.sample) console.log(`  ${line}`);
  return figures;
}

async function main() {
  const baseline = baselineMs();
  console.log(`Baseline: sorting 1,000,000 doubles takes ${fmt(baseline, 1)} ms here`);
  const json: Record<string, unknown> = {};
  if (PARTS.has('digout')) {
    const byClass = benchDigOut();
    json.digout = Object.fromEntries(
      Object.entries(byClass).map(([className, figures]) => [className, round(figures.mean, 3)]),
    );
    json.digoutCorridor = Object.fromEntries(
      Object.entries(byClass)
        .filter(([, figures]) => figures.corridor !== null)
        .map(([className, figures]) => [className, round((figures.mean / figures.corridor! - 1) * 100, 2)]),
    );
    json.digoutMinMax = Object.fromEntries(
      Object.entries(byClass).map(([className, figures]) => [className, round(figures.minMax, 3)]),
    );
    json.digoutLowerBound = Object.fromEntries(
      Object.entries(byClass).map(([className, figures]) => [className, round(figures.lowerBound, 2)]),
    );
    json.digoutOptimal = Object.fromEntries(
      Object.entries(byClass).map(([className, figures]) => [className, figures.optimal]),
    );
    json.digoutMaxMs = Object.fromEntries(
      Object.entries(byClass).map(([className, figures]) => [className, round(figures.maxMs, 0)]),
    );
    json.digoutLimitMs = DIGOUT_MS;
  }
  if (PARTS.has('online')) {
    const sigma05 = benchOnline('the issue’s yard', 0.5, 'uniform');
    const sigma025 = benchOnline('the issue’s yard', 0.25, 'uniform');
    const mixed05 = benchOnline('hard rules in play', 0.5, 'mixed');
    json.online = { sigma05: onlineJson(sigma05), sigma025: onlineJson(sigma025), mixed05: onlineJson(mixed05) };
  }
  if (PARTS.has('plan')) {
    const plan = benchPlan();
    json.plan1000Ms = round(plan.planMs, 0);
    json.plan1000ColdMs = round(plan.coldMs, 0);
    json.plan1000CpuMs = round(plan.cpuMs, 0);
    json.plan1000Unplaced = plan.unplaced;
    json.plan1000Violations = plan.violations;
    json.plan1000ToBaseline = round(plan.planMs / baseline, 1);
  }
  json.baselineMs = round(baseline, 1);
  console.log(JSON.stringify(json));
}

runIfMain(import.meta.url, main);
