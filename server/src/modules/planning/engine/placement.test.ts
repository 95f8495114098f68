import { describe, expect, it } from 'vitest';
import { DAY_MS, departureOf, leavesBefore, normalCdf, normalQuantile } from './departure';
import { planPlacements } from './placement';
import type { EngineBox, EngineStack } from './types';

const NOW = Date.UTC(2026, 10, 27);

// A box leaving in `days` (its estimate, no arrival known), σ 0.5 unless given.
const box = (id: string, days: number, extra: Partial<EngineBox> = {}): EngineBox => ({
  id,
  size: 20,
  departureAt: NOW + days * DAY_MS,
  sigma: 0.5,
  ...extra,
});

const stack = (key: string, boxes: EngineBox[], extra: Partial<EngineStack> = {}): EngineStack => ({
  key,
  area: 'A',
  row: 1,
  column: Number(key.replace(/\D/g, '')) || 1,
  size: 20,
  maxHeight: 4,
  boxes,
  ...extra,
});

const placeOne = (stacks: EngineStack[], arriving: EngineBox) => planPlacements(stacks, [arriving], { now: NOW });

describe('departure beliefs', () => {
  it('computes the chance one box leaves before another from the two log-normals', () => {
    const soon = departureOf(box('A', 1), NOW);
    const later = departureOf(box('B', 2), NOW);
    // ln 2 apart, spread √(0.5² + 0.5²): Φ(0.6931 / 0.7071) = Φ(0.9803).
    expect(leavesBefore(soon, later)).toBeCloseTo(0.8365, 3);
    expect(leavesBefore(later, soon)).toBeCloseTo(1 - 0.8365, 3);
    expect(leavesBefore(soon, soon)).toBeCloseTo(0.5, 6);
    const known = (days: number) => departureOf(box('K', days, { sigma: 0 }), NOW);
    expect(leavesBefore(known(1), known(2))).toBe(1);
    expect(leavesBefore(known(2), known(1))).toBe(0);
  });

  it('has a normal distribution function and quantile that invert each other', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    for (const p of [0.001, 0.02, 0.25, 0.5, 0.9, 0.999]) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 6);
  });

  it('believes a box past its estimate leaves soon, but not before one due within the hour', () => {
    // In the yard 5 days with an estimate of 4 (its arrival known).
    const overdue = departureOf(box('O', -1, { arrivedAt: NOW - 5 * DAY_MS }), NOW);
    const fresh = departureOf(box('F', 4, { arrivedAt: NOW }), NOW);
    const dueNow = departureOf(box('H', 1 / 24, { arrivedAt: NOW - 2 * DAY_MS, sigma: 0.1 }), NOW);
    expect(Math.exp(overdue.mu)).toBeGreaterThan(3_600_000);
    expect(Math.exp(overdue.mu)).toBeLessThan(4 * DAY_MS);
    expect(leavesBefore(overdue, fresh)).toBeGreaterThan(0.7);
    expect(leavesBefore(overdue, dueNow)).toBeLessThan(0.3);
    // A box without a known arrival that is past its estimate is taken as leaving within the hour.
    expect(Math.exp(departureOf(box('P', -2), NOW).mu)).toBeCloseTo(3_600_000, -3);
  });
});

describe('planPlacements: hard rules', () => {
  it('puts a 20 only on 20 ft stacks and a 40 only on 40 ft stacks', () => {
    const stacks = [stack('S1', [], { size: 40 }), stack('S2', [], { size: 20 })];
    const result = planPlacements(stacks, [box('TWENTY', 3), box('FORTY', 3, { size: 40 })], { now: NOW });
    expect(result.placements.map((placement) => [placement.boxId, placement.stackKey])).toEqual([
      ['TWENTY', 'S2'],
      ['FORTY', 'S1'],
    ]);
  });

  it('never goes above a stack’s height, counting the boxes placed before in the same run', () => {
    const stacks = [stack('S1', [box('A', 9)], { maxHeight: 2 })];
    const result = planPlacements(stacks, [box('X', 1), box('Y', 0.5)], { now: NOW });
    expect(result.placements).toEqual([expect.objectContaining({ boxId: 'X', stackKey: 'S1', tier: 2 })]);
    expect(result.unplaced).toEqual([{ boxId: 'Y', reason: 'No 20 ft stack has room for it (1 full).' }]);
  });

  it('keeps to slot groups: only accepted values, and a box without the value is kept out', () => {
    const stacks = [
      stack('S1', [], { accepts: { liner: ['MAEU'] } }),
      stack('S2', [box('LATE', 20)], { accepts: { liner: ['MSCU', 'MAEU'] } }),
    ];
    const maersk = placeOne(stacks, box('M', 2, { values: { liner: 'MAEU' } }));
    expect(maersk.placements[0]!.stackKey).toBe('S2');
    const msc = placeOne([stacks[0]!], box('C', 2, { values: { liner: 'MSCU' } }));
    expect(msc.unplaced).toEqual([{ boxId: 'C', reason: 'No 20 ft stack accepts its liner MSCU.' }]);
    expect(placeOne([stacks[0]!], box('N', 2)).unplaced).toHaveLength(1);
    // A param the stack does not name does not restrict it.
    expect(placeOne([stack('S3', [])], box('V', 2, { values: { liner: 'ONEY' } })).placements).toHaveLength(1);
  });

  it('never uses a closed stack, however good it would be', () => {
    const stacks = [stack('S1', [box('LATE', 30)], { closed: true }), stack('S2', [box('EARLY', 0.2)])];
    const result = placeOne(stacks, box('X', 3));
    expect(result.placements[0]!.stackKey).toBe('S2');
    expect(placeOne([stacks[0]!], box('Y', 3)).unplaced[0]!.reason).toBe(
      'No 20 ft stack has room for it (0 full, 1 closed).',
    );
    expect(placeOne([], box('Z', 3)).unplaced[0]!.reason).toBe('No 20 ft stack in the yard.');
  });
});

describe('planPlacements: fewest expected rehandles', () => {
  it('reports as expected rehandles the chance a box under it leaves first', () => {
    const below = box('B', 1);
    const result = placeOne([stack('S1', [below])], box('X', 2));
    const expected = leavesBefore(departureOf(below, NOW), departureOf(box('X', 2), NOW));
    expect(result.placements[0]!.expectedRehandles).toBeCloseTo(expected, 3);
    // Two boxes under it: the chance that either leaves first.
    const two = placeOne([stack('S1', [box('C', 1.5), below])], box('X', 2));
    const either =
      1 - (1 - expected) * (1 - leavesBefore(departureOf(box('C', 1.5), NOW), departureOf(box('X', 2), NOW)));
    expect(two.placements[0]!.expectedRehandles).toBeCloseTo(either, 3);
  });

  it('goes on a box that leaves later rather than on one that leaves earlier', () => {
    const stacks = [stack('S1', [box('EARLY', 1)]), stack('S2', [box('LATE', 10)])];
    const result = placeOne(stacks, box('X', 3));
    expect(result.placements[0]).toMatchObject({ stackKey: 'S2', tier: 2 });
    expect(result.placements[0]!.expectedRehandles).toBeLessThan(0.05);
    expect(result.placements[0]!.reason).toContain(
      'On LATE; the earliest box under it (LATE) is expected to leave 7.0 days after it',
    );
  });

  it('keeps empty stacks and stacks of late boxes for the late boxes still to come', () => {
    // An early box fits on the 4-day stack; the empty and the 30-day stacks are kept.
    const stacks = [stack('S1', []), stack('S2', [box('VERY-LATE', 30)]), stack('S3', [box('SOON-AFTER', 4)])];
    expect(placeOne(stacks, box('X', 1)).placements[0]!.stackKey).toBe('S3');
    // A box that leaves after everything on the yard opens the empty stack.
    const late = placeOne(stacks, box('Y', 60)).placements[0]!;
    expect(late.stackKey).toBe('S1');
    expect(late.reason).toContain('Ground slot of an empty stack');
  });

  it('when every stack blocks, picks the one it is least likely to be moved from', () => {
    const stacks = [stack('S1', [box('A', 0.5)]), stack('S2', [box('B', 4)])];
    const result = placeOne(stacks, box('X', 5));
    expect(result.placements[0]!.stackKey).toBe('S2');
    expect(result.placements[0]!.reason).toMatch(/^Every stack with room holds a box expected to leave before it/);
  });

  it('lets a group share a stack and keeps it together', () => {
    const stacks = [stack('S1', [box('OTHER', 6)]), stack('S2', [box('MINE', 1, { group: 'MAEU' })])];
    const result = placeOne(stacks, box('X', 5, { group: 'MAEU' }));
    expect(result.placements[0]).toMatchObject({ stackKey: 'S2', expectedRehandles: 0 });
    expect(result.placements[0]!.reason).toContain('with boxes of its own group MAEU');
  });

  it('breaks ties by the distance from the gate', () => {
    const stacks = [
      stack('S1', [], { x: 100, y: 0 }),
      stack('S2', [], { x: 10, y: 0 }),
      stack('S3', [], { x: 50, y: 0 }),
    ];
    const result = planPlacements(stacks, [box('X', 3)], { now: NOW, origin: { x: 0, y: 0 } });
    expect(result.placements[0]!.stackKey).toBe('S2');
    expect(result.placements[0]!.reason).toMatch(/10 m from the gate\.$/);
  });

  it('stacks a batch in departure order when it arrives latest first', () => {
    const arrivals = [box('D9', 9), box('D6', 6), box('D3', 3), box('D1', 1)];
    const result = planPlacements([stack('S1', []), stack('S2', [])], arrivals, { now: NOW });
    expect(new Set(result.placements.map((placement) => placement.stackKey)).size).toBe(1);
    expect(result.placements.map((placement) => placement.tier)).toEqual([1, 2, 3, 4]);
  });

  it('answers the same for the same yard, leaves its input alone and reports progress', () => {
    const make = () => [stack('S1', [box('A', 2), box('B', 1)]), stack('S2', [box('C', 5)]), stack('S3', [])];
    const arrivals = [box('X', 3), box('Y', 0.5), box('Z', 8), box('W', 1.2)];
    const progress: number[] = [];
    const input = make();
    const first = planPlacements(input, arrivals, { now: NOW, progress: (fraction) => progress.push(fraction) });
    expect(planPlacements(make(), arrivals, { now: NOW })).toEqual(first);
    expect(input).toEqual(make());
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
  });

  it('ranks the next cheapest stacks for a box without changing where it goes', () => {
    const stacks = () => [
      stack('S1', [box('A', 2), box('B', 1)]),
      stack('S2', [box('C', 5)]),
      stack('S3', []),
      stack('S4', [box('D', 9)], { maxHeight: 1 }),
      stack('S5', [box('E', 0.3)]),
      stack('S6', [], { size: 40 }),
    ];
    const arrivals = [box('X', 3), box('Y', 0.5), box('Z', 8)];
    const alone = planPlacements(stacks(), arrivals, { now: NOW });
    const ranked = planPlacements(stacks(), arrivals, { now: NOW, alternatives: 3 });
    expect(ranked.placements.map(({ alternatives: _, ...placement }) => placement)).toEqual(alone.placements);
    for (const placement of ranked.placements) {
      const keys = [placement.stackKey, ...placement.alternatives!.map((choice) => choice.stackKey)];
      // Distinct stacks, each legal (a 20 ft stack with room), at its next tier.
      expect(new Set(keys).size).toBe(3);
      expect(keys).not.toContain('S4');
      expect(keys).not.toContain('S6');
    }
    // The first box: each next one is where it would go were the ones before it closed.
    const [first] = ranked.placements;
    const order = [first!.stackKey, ...first!.alternatives!.map((choice) => choice.stackKey)];
    order.slice(1).forEach((key, index) => {
      const closed = new Set(order.slice(0, index + 1));
      const without = stacks().map((entry) => (closed.has(entry.key) ? { ...entry, closed: true } : entry));
      const [alone] = planPlacements(without, [arrivals[0]!], { now: NOW }).placements;
      expect(alone).toMatchObject({ stackKey: key, ...first!.alternatives![index] });
    });
  });
});
