import { describe, expect, it } from 'vitest';
import { DEFAULT_HEALTH_THRESHOLDS, machineColour } from './health';
import {
  devicePositionRefusal,
  greatCircleMetres,
  MAX_DEVICE_DISTANCE_FROM_YARD_M,
  machineLabel,
  machineLabels,
} from './machines';

describe('machine labels (spec 2 §9: A through Z without Y)', () => {
  it('runs A to Z leaving out Y, then goes on with two letters of the same alphabet', () => {
    const first = Array.from({ length: 25 }, (_, index) => machineLabel(index));
    expect(first.join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXZ');
    expect(first).not.toContain('Y');
    expect([25, 26, 49, 50].map(machineLabel)).toEqual(['AA', 'AB', 'AZ', 'BA']);
    expect(machineLabel(25 + 25 * 25 - 1)).toBe('ZZ');
    expect(machineLabel(25 + 25 * 25)).toBe('AAA');
    const many = Array.from({ length: 1000 }, (_, index) => machineLabel(index));
    expect(new Set(many).size).toBe(1000);
    expect(many.some((label) => label.includes('Y'))).toBe(false);
  });

  it('labels machines in the order they were added, whatever order they come in', () => {
    const labels = machineLabels([42, 7, 19]);
    expect([...labels]).toEqual([
      [7, 'A'],
      [19, 'B'],
      [42, 'C'],
    ]);
  });

  it('refuses an index that names no machine', () => {
    expect(() => machineLabel(-1)).toThrow(RangeError);
    expect(() => machineLabel(1.5)).toThrow(RangeError);
  });
});

describe('machine status colour (spec 2 §4, spec 3 §4)', () => {
  const now = 1_800_000_000_000;
  it('is red on Break-Down whatever the data, orange past 300,000 ms, green when newer, grey never heard from', () => {
    expect(machineColour('Break-Down', now, now)).toBe('red');
    expect(machineColour('break-down', null, now)).toBe('red');
    expect(machineColour('Working', null, now)).toBe('grey');
    expect(machineColour('Working', now - 300_000, now)).toBe('green');
    expect(machineColour('Working', now - 300_001, now)).toBe('orange');
    expect(machineColour(null, now - 10_000, now)).toBe('green');
  });

  it('takes the threshold it is given', () => {
    const thresholds = { ...DEFAULT_HEALTH_THRESHOLDS, machineStaleAfterMs: 5_000 };
    expect(machineColour('Working', now - 5_001, now, thresholds)).toBe('orange');
    expect(machineColour('Working', now - 4_999, now, thresholds)).toBe('green');
  });
});

describe('device positions (issue 17: impossible coordinates refused at ingest)', () => {
  const yard = { latitude: 18.949, longitude: 72.951 };

  it('measures great-circle distances on a 6,371 km sphere', () => {
    // One degree of latitude is 111.19 km on that sphere.
    expect(greatCircleMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -1);
    expect(greatCircleMetres(yard, yard)).toBe(0);
  });

  it('accepts positions in and around the yard', () => {
    expect(devicePositionRefusal({ latitude: 18.9491, longitude: 72.9512 }, yard)).toBeNull();
    expect(devicePositionRefusal({ latitude: 19.1, longitude: 72.9 }, yard)).toBeNull();
  });

  it('refuses 0,0, a position far away and what is not a number', () => {
    expect(devicePositionRefusal({ latitude: 0, longitude: 0 }, yard)).toMatch(/without a fix/);
    const far = devicePositionRefusal({ latitude: -33.86, longitude: 151.2 }, yard);
    expect(far).toMatch(/^Position refused: -33.86,151.2 is [\d,]+ km from the yard/);
    const justOut = MAX_DEVICE_DISTANCE_FROM_YARD_M / 111_195 + 0.01;
    expect(
      devicePositionRefusal({ latitude: yard.latitude + justOut, longitude: yard.longitude }, yard),
    ).not.toBeNull();
    expect(devicePositionRefusal({ latitude: Number.NaN, longitude: 72.9 }, yard)).toMatch(/finite/);
    expect(devicePositionRefusal({ latitude: 18.9, longitude: Number.POSITIVE_INFINITY }, yard)).toMatch(/finite/);
  });
});
