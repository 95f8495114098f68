import { describe, expect, it } from 'vitest';
import type { LiveTopicMessage, YardLocation } from '@openyard/contracts';
import { withPointAdded, withPointMoved, withPointRemoved, coordinateOf } from './editPoints';
import { withYardLocationsChange } from './withYardLocationsChange';

const square = [
  { latitude: 18.95, longitude: 72.95 },
  { latitude: 18.95, longitude: 72.951 },
  { latitude: 18.951, longitude: 72.951 },
  { latitude: 18.951, longitude: 72.95 },
];
const location = (id: number, name: string): YardLocation => ({ id, name, type: 'YARD_ZONE', coordinates: square });
const change = (saved: YardLocation[], deletedIds: number[]): LiveTopicMessage<'yard-locations'> => ({
  type: 'yardLocations.changed.v1',
  topic: 'yard-locations',
  eventId: 'e1',
  at: 1,
  data: { saved, deletedIds },
});

describe('a live yard locations change', () => {
  it('adds, replaces and removes locations, in name order', () => {
    const list = [location(1, 'Export Zone'), location(2, 'LCL Shed')];
    expect(withYardLocationsChange(list, change([location(3, 'chasis 1')], [])).map((each) => each.id)).toEqual([
      3, 1, 2,
    ]);
    expect(withYardLocationsChange(list, change([location(2, 'Dock')], [1]))).toEqual([location(2, 'Dock')]);
    expect(withYardLocationsChange(list, change([], [9]))).toEqual(list);
  });
});

describe('the polygon editor’s edits', () => {
  it('adds up to 8 corners, moves and removes one', () => {
    let points = [...square];
    for (let i = 0; i < 6; i += 1) points = withPointAdded(points, { latitude: 18.96, longitude: 72.96 + i / 1000 });
    expect(points).toHaveLength(8);
    expect(withPointMoved(points, 1, { latitude: 1, longitude: 2 })[1]).toEqual({ latitude: 1, longitude: 2 });
    expect(withPointRemoved(points, 0)).toEqual(points.slice(1));
    expect(coordinateOf([72.951234567891, 18.949876543219])).toEqual({ latitude: 18.9498765, longitude: 72.9512346 });
  });
});
