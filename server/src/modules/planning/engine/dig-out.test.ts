import { describe, expect, it } from 'vitest';
import { digOut } from './dig-out';
import type { DigOutInstance, DigOutMove } from './types';

// Stacks given bottom first as priority lists; ids are `S<stack>T<tier>` as in the bench.
const instance = (stacks: number[][], maxHeight: number): DigOutInstance => ({
  maxHeight,
  stacks: stacks.map((boxes, stack) => ({
    key: `S${stack + 1}`,
    boxes: boxes.map((priority, tier) => ({ id: `S${stack + 1}T${tier + 1}`, priority })),
  })),
});

// An exact solver written apart from the engine: iterative deepening over the number of
// relocations with the plainest bound (each box above an earlier one moves at least once),
// restricted moves only (the top box above the earliest box goes to another stack with room), free
// retrievals. Small instances only.
function optimum(stacks: number[][], maxHeight: number): number {
  const settle = (state: number[][]) => {
    for (;;) {
      const remaining = state.flat();
      if (remaining.length === 0) return -1;
      const earliest = Math.min(...remaining);
      const top = state.findIndex((stack) => stack.at(-1) === earliest);
      if (top < 0) return state.findIndex((stack) => stack.includes(earliest));
      state[top]!.pop();
    }
  };
  const blocking = (state: number[][]) =>
    state.reduce(
      (sum, stack) => sum + stack.filter((box, tier) => stack.slice(0, tier).some((below) => below < box)).length,
      0,
    );
  const solvable = (state: number[][], budget: number, failed: Map<string, number>): boolean => {
    const from = settle(state);
    if (from < 0) return true;
    if (blocking(state) > budget) return false;
    const key = JSON.stringify(state);
    if ((failed.get(key) ?? -1) >= budget) return false;
    for (let to = 0; to < state.length; to++) {
      if (to === from || state[to]!.length >= maxHeight) continue;
      const child = state.map((stack) => [...stack]);
      child[to]!.push(child[from]!.pop()!);
      if (solvable(child, budget - 1, failed)) return true;
    }
    failed.set(key, budget);
    return false;
  };
  for (let budget = 0; budget < 60; budget++)
    if (
      solvable(
        stacks.map((stack) => [...stack]),
        budget,
        new Map(),
      )
    )
      return budget;
  throw new Error('No solution found');
}

// Plays the moves on the instance and checks each: a retrieval takes the earliest box left from the
// top of its stack, a relocation moves the top of a stack that holds the earliest box onto another
// stack under the cap; every box that may leave leaves, no other does.
function replay(input: DigOutInstance, moves: DigOutMove[]) {
  const stacks = new Map(input.stacks.map((stack) => [stack.key, stack.boxes.map((box) => ({ ...box }))]));
  const earliest = () => Math.min(...[...stacks.values()].flat().map((box) => box.priority));
  for (const move of moves) {
    const from = stacks.get(move.from)!;
    const box = from.at(-1)!;
    expect(box.id).toBe(move.boxId);
    if (move.kind === 'retrieve') {
      expect(box.priority).toBe(earliest());
      from.pop();
    } else {
      expect(from.some((below) => below.priority === earliest())).toBe(true);
      expect(move.to).not.toBe(move.from);
      const to = stacks.get(move.to!)!;
      expect(to.length).toBeLessThan(input.maxHeight);
      to.push(from.pop()!);
    }
  }
  return [...stacks.values()].flat();
}

// A small seeded generator so random instances are the same on every run.
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function randomStacks(random: () => number, width: number, tiers: number) {
  const priorities = Array.from({ length: width * tiers }, (_, index) => index + 1);
  for (let index = priorities.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [priorities[index], priorities[other]] = [priorities[other]!, priorities[index]!];
  }
  return Array.from({ length: width }, (_, stack) => priorities.slice(stack * tiers, (stack + 1) * tiers));
}

describe('digOut', () => {
  // data3-3-1 … data3-3-5 of the Caserta–Voß–Sniedovich set (cap H + 2 = 5).
  const fixtures = [
    [
      [3, 7, 1],
      [2, 6, 5],
      [8, 9, 4],
    ],
    [
      [8, 4, 3],
      [5, 6, 9],
      [1, 2, 7],
    ],
    [
      [8, 1, 4],
      [7, 5, 2],
      [9, 6, 3],
    ],
    [
      [9, 5, 7],
      [8, 3, 1],
      [2, 6, 4],
    ],
    [
      [9, 3, 2],
      [5, 6, 1],
      [8, 7, 4],
    ],
  ];

  it('finds the optimum of the 3x3 benchmark instances and says it is optimal', () => {
    for (const stacks of fixtures) {
      const result = digOut(instance(stacks, 5), { timeLimitMs: 10_000 });
      expect(result.relocations).toBe(optimum(stacks, 5));
      expect(result.search.optimal).toBe(true);
      expect(replay(instance(stacks, 5), result.moves)).toEqual([]);
    }
  });

  it('finds the optimum of random small instances, and its bound never exceeds it', () => {
    const random = generator(19);
    // Mostly 3-4 stacks of 3 tiers; a few 4x4 (the exact search is slow there).
    for (let round = 0; round < 48; round++) {
      const [width, tiers] = [
        [3, 3],
        [4, 3],
        [3, 4],
        [5, 3],
        [3, 3],
        [4, 3],
        [3, 4],
        [4, 4],
      ][round % 8]!;
      const stacks = randomStacks(random, width!, tiers!);
      const best = optimum(stacks, tiers! + 2);
      const result = digOut(instance(stacks, tiers! + 2), { timeLimitMs: 10_000 });
      expect(result.search.lowerBound).toBeLessThanOrEqual(best);
      expect(result.relocations).toBe(best);
      expect(replay(instance(stacks, tiers! + 2), result.moves)).toEqual([]);
    }
  });

  it('beats the plain min-max rule where relocations placed with foresight save two', () => {
    // Found by comparing the two on random 3-stack instances (cap 4): min-max needs 7.
    const stacks = [
      [4, 7, 8],
      [3, 2, 5],
      [1, 6],
    ];
    const result = digOut(instance(stacks, 4), { timeLimitMs: 10_000 });
    const greedy = digOut(instance(stacks, 4), { maxWidth: 0 });
    expect(greedy.relocations).toBe(7);
    expect(result.relocations).toBe(optimum(stacks, 4));
    expect(result.relocations).toBe(5);
    expect(replay(instance(stacks, 4), result.moves)).toEqual([]);
  });

  it('moves nothing when every box is already in order', () => {
    const result = digOut(
      instance(
        [
          [3, 2, 1],
          [6, 5, 4],
        ],
        4,
      ),
    );
    expect(result.relocations).toBe(0);
    expect(result.moves.map((move) => move.boxId)).toEqual(['S1T3', 'S1T2', 'S1T1', 'S2T3', 'S2T2', 'S2T1']);
  });

  it('retrieves only the boxes asked for, relocating the others out of the way', () => {
    // Boxes with priority Infinity stay in the yard; the one asked for is under two of them.
    const input = instance([[1, Infinity, Infinity], [Infinity], []], 3);
    const result = digOut(input, { timeLimitMs: 10_000 });
    expect(result.relocations).toBe(2);
    expect(result.moves.filter((move) => move.kind === 'retrieve').map((move) => move.boxId)).toEqual(['S1T1']);
    const left = replay(input, result.moves);
    expect(left.map((box) => box.id).sort()).toEqual(['S1T2', 'S1T3', 'S2T1']);
  });

  it('retrieves boxes of one priority in any order, digging to the least buried first', () => {
    const input = instance([[1, 5, 6], [1, 4], [9]], 5);
    const result = digOut(input, { timeLimitMs: 10_000 });
    expect(replay(input, result.moves)).toEqual([]);
    expect(result.moves[0]).toMatchObject({ kind: 'relocate', boxId: 'S2T2', from: 'S2' });
    expect(result.relocations).toBe(3);
  });

  it('respects the cap while relocating, and says when there is no room at all', () => {
    const input = instance(
      [
        [1, 3, 2],
        [4, 5, 6],
      ],
      3,
    );
    expect(() => digOut(input)).toThrow(/no room/);
    const roomy = instance([[1, 3, 2], [4, 5, 6], []], 3);
    const result = digOut(roomy, { timeLimitMs: 10_000 });
    expect(result.relocations).toBe(optimum([[1, 3, 2], [4, 5, 6], []], 3));
    expect(replay(roomy, result.moves)).toEqual([]);
  });

  // The width, not the clock, bounds the search here, so a busy machine cannot change the answer.
  it('answers the same moves for the same instance', () => {
    const stacks = randomStacks(generator(7), 6, 5);
    const first = digOut(instance(stacks, 7), { maxWidth: 8, timeLimitMs: 60_000 });
    const second = digOut(instance(stacks, 7), { maxWidth: 8, timeLimitMs: 60_000 });
    expect(second.moves).toEqual(first.moves);
  });
});
