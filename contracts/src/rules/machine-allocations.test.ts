import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  allocationDayOf,
  allocationProblem,
  allocationRowColour,
  allocationTimeText,
  insidePolygon,
  machineAreaOf,
  overlappingAllocations,
  periodsOverlap,
} from './machine-allocations';

const HOUR = 3_600_000;
const day = { dayStart: 0, dayEnd: 24 * HOUR };

describe('machine allocations', () => {
  it('reads periods as half-open: one may end when the next begins', () => {
    expect(periodsOverlap({ fromTime: 8 * HOUR, toTime: 12 * HOUR }, { fromTime: 12 * HOUR, toTime: 16 * HOUR })).toBe(
      false,
    );
    expect(periodsOverlap({ fromTime: 8 * HOUR, toTime: 12 * HOUR }, { fromTime: 11 * HOUR, toTime: 16 * HOUR })).toBe(
      true,
    );
    expect(periodsOverlap({ fromTime: 8 * HOUR, toTime: 12 * HOUR }, { fromTime: 9 * HOUR, toTime: 10 * HOUR })).toBe(
      true,
    );
  });

  it('finds a machine in two places at once, and only that', () => {
    const a = { id: 1, machineId: 7, fromTime: 8 * HOUR, toTime: 12 * HOUR };
    const b = { id: 2, machineId: 7, fromTime: 11 * HOUR, toTime: 13 * HOUR };
    const c = { id: 3, machineId: 7, fromTime: 13 * HOUR, toTime: 14 * HOUR };
    const d = { id: 4, machineId: 8, fromTime: 8 * HOUR, toTime: 12 * HOUR };
    const e = { id: 5, machineId: 7, fromTime: 9 * HOUR, toTime: 10 * HOUR };
    expect(overlappingAllocations([c, b, a, d])).toEqual([[a, b]]);
    expect(overlappingAllocations([a, b, e]).map(([x, y]) => [x.id, y.id])).toEqual([
      [1, 5],
      [1, 2],
    ]);
    expect(overlappingAllocations([a, c, d])).toEqual([]);
  });

  it('needs machine, area, from and to (spec 2 §5), to after from, within the day', () => {
    const ok = { machineId: 1, areaId: 2, fromTime: HOUR, toTime: 2 * HOUR };
    expect(allocationProblem(ok, day)).toBeNull();
    expect(allocationProblem({ ...ok, machineId: null }, day)?.message).toBe(messages.allocationRequired);
    expect(allocationProblem({ ...ok, areaId: undefined }, day)?.field).toBe('areaId');
    expect(allocationProblem({ ...ok, toTime: null }, day)?.field).toBe('toTime');
    expect(allocationProblem({ ...ok, toTime: HOUR }, day)?.message).toBe(messages.allocationEndBeforeStart);
    expect(allocationProblem({ ...ok, fromTime: -1 }, day)?.message).toBe(messages.allocationOutsideDay);
    expect(allocationProblem({ ...ok, toTime: 24 * HOUR }, day)).toBeNull();
    expect(allocationProblem({ ...ok, toTime: 24 * HOUR + 1 }, day)?.message).toBe(messages.allocationOutsideDay);
  });

  it('reads the path’s day as a yard day or as a timestamp of it', () => {
    expect(allocationDayOf('2026-01-15', 'Asia/Kolkata')).toBe('2026-01-15');
    expect(allocationDayOf(String(Date.parse('2026-01-14T19:00:00Z')), 'Asia/Kolkata')).toBe('2026-01-15');
    expect(allocationDayOf('2026-02-30', 'Asia/Kolkata')).toBeNull();
    expect(allocationDayOf('tomorrow', 'Asia/Kolkata')).toBeNull();
  });

  it('writes an allocation’s times on the yard’s clock, the day’s end as 24:00', () => {
    const start = Date.parse('2026-01-14T18:30:00Z');
    expect(allocationTimeText(start + 8 * HOUR + 5 * 60_000, 'Asia/Kolkata')).toBe('08:05');
    expect(allocationTimeText(start, 'Asia/Kolkata')).toBe('00:00');
    expect(allocationTimeText(start + 24 * HOUR, 'Asia/Kolkata', true)).toBe('24:00');
  });

  it('colours a row by now and the machine’s place (spec 2 §4)', () => {
    const allocation = { areaId: 3, fromTime: 8 * HOUR, toTime: 12 * HOUR };
    expect(allocationRowColour(allocation, 9 * HOUR, 3)).toBe('current');
    expect(allocationRowColour(allocation, 9 * HOUR, 4)).toBe('misplaced');
    expect(allocationRowColour(allocation, 9 * HOUR, null)).toBe('misplaced');
    expect(allocationRowColour(allocation, 12 * HOUR, 3)).toBe('notNow');
    expect(allocationRowColour(allocation, 7 * HOUR, 3)).toBe('notNow');
  });

  it('finds the area a machine is in by its position, else by its zone', () => {
    const square = [
      { latitude: 0, longitude: 0 },
      { latitude: 0, longitude: 1 },
      { latitude: 1, longitude: 1 },
      { latitude: 1, longitude: 0 },
    ];
    expect(insidePolygon({ latitude: 0.5, longitude: 0.5 }, square)).toBe(true);
    expect(insidePolygon({ latitude: 1.5, longitude: 0.5 }, square)).toBe(false);
    const areas = [
      { areaId: 1, name: 'A', corners: square },
      { areaId: 2, name: 'B', corners: null },
    ];
    expect(machineAreaOf({ position: { latitude: 0.2, longitude: 0.7 }, zone: 'b' }, areas)).toBe(1);
    expect(machineAreaOf({ position: { latitude: 5, longitude: 5 }, zone: 'b' }, areas)).toBe(2);
    expect(machineAreaOf({ position: null, zone: null }, areas)).toBeNull();
    expect(machineAreaOf({ position: null, zone: 'Z' }, areas)).toBeNull();
  });
});
