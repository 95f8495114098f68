import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import type { YardCoordinate, YardLocation } from '../yard-locations';
import {
  pointInPolygon,
  polygonProblem,
  polygonSelfIntersects,
  YardLocationIndex,
  yardLocationProblem,
} from './yard-locations';

// The demo yard (YARD_CENTER 18.9490, 72.9510): shapes drawn in metres east and north of the centre,
// as the demo seed lays out its stacks and places.
const center = { latitude: 18.949, longitude: 72.951 };
const metresPerDegreeLatitude = 111_320;
const metresPerDegreeLongitude = 111_320 * Math.cos((center.latitude * Math.PI) / 180);
const at = (east: number, north: number): YardCoordinate => ({
  latitude: center.latitude + north / metresPerDegreeLatitude,
  longitude: center.longitude + east / metresPerDegreeLongitude,
});
const shape = (...points: [number, number][]) => points.map(([east, north]) => at(east, north));

// Stacks A and B: an L (concave at (20, -105)).
const southStacks = shape([-120, -195], [120, -195], [120, -105], [20, -105], [20, -60], [-120, -60]);
const exportZone = shape([135, 60], [200, 60], [200, 150], [135, 150]);

describe('point in polygon (spec 3 §3 yard locations)', () => {
  it('places points inside and outside a rectangle of the yard', () => {
    expect(pointInPolygon(at(160, 100), exportZone)).toBe(true);
    expect(pointInPolygon(at(130, 100), exportZone)).toBe(false);
    expect(pointInPolygon(at(160, 151), exportZone)).toBe(false);
  });

  it('leaves out the notch of a concave shape', () => {
    expect(pointInPolygon(at(0, -150), southStacks)).toBe(true);
    expect(pointInPolygon(at(100, -150), southStacks)).toBe(true);
    expect(pointInPolygon(at(-100, -70), southStacks)).toBe(true);
    // In the L's bounding box, but in its notch.
    expect(pointInPolygon(at(70, -80), southStacks)).toBe(false);
    expect(pointInPolygon(at(119, -100), southStacks)).toBe(false);
  });

  it('counts a point on an edge or a corner as inside', () => {
    expect(pointInPolygon(at(135, 100), exportZone)).toBe(true);
    expect(pointInPolygon(at(160, 60), exportZone)).toBe(true);
    expect(pointInPolygon(at(200, 150), exportZone)).toBe(true);
    // On the inner edges of the notch.
    expect(pointInPolygon(at(70, -105), southStacks)).toBe(true);
    expect(pointInPolygon(at(20, -80), southStacks)).toBe(true);
    expect(pointInPolygon(at(20, -59), southStacks)).toBe(false);
  });

  it('answers the same whichever way round the points go', () => {
    const reversed = [...southStacks].reverse();
    for (const [east, north] of [
      [0, -150],
      [70, -80],
      [-121, -100],
      [20, -80],
    ] as [number, number][])
      expect(pointInPolygon(at(east, north), reversed)).toBe(pointInPolygon(at(east, north), southStacks));
  });
});

describe('polygon validity (spec 3 §4, §5, §9)', () => {
  it('needs 4 to 8 points', () => {
    expect(polygonProblem(exportZone.slice(0, 3))).toBe(messages.yardLocationTooFewPoints);
    expect(polygonProblem(exportZone)).toBeNull();
    expect(polygonProblem(southStacks)).toBeNull();
    const octagon = Array.from({ length: 8 }, (_, i) =>
      at(50 * Math.cos((i * Math.PI) / 4), 50 * Math.sin((i * Math.PI) / 4)),
    );
    expect(polygonProblem(octagon)).toBeNull();
    const nonagon = Array.from({ length: 9 }, (_, i) =>
      at(50 * Math.cos((i * 2 * Math.PI) / 9), 50 * Math.sin((i * 2 * Math.PI) / 9)),
    );
    expect(polygonProblem(nonagon)).toBe(messages.yardLocationTooManyPoints);
  });

  it('needs a latitude and a longitude on the globe for every point', () => {
    expect(polygonProblem([...exportZone.slice(0, 3), { latitude: 18.9 }])).toBe(messages.yardLocationPointInvalid(4));
    expect(polygonProblem([{ latitude: 91, longitude: 72 }, ...exportZone])).toBe(messages.yardLocationPointInvalid(1));
    expect(polygonProblem([...exportZone.slice(0, 3), { latitude: 18.9, longitude: -180.5 }])).toBe(
      messages.yardLocationPointInvalid(4),
    );
    expect(polygonProblem([...exportZone.slice(0, 3), { latitude: Number.NaN, longitude: 72 }])).toBe(
      messages.yardLocationPointInvalid(4),
    );
  });

  it('refuses edges that cross, touch or double back', () => {
    // A bow tie: the 3rd and 4th corners swapped.
    const bowTie = [exportZone[0]!, exportZone[1]!, exportZone[3]!, exportZone[2]!];
    expect(polygonSelfIntersects(bowTie)).toBe(true);
    expect(polygonProblem(bowTie)).toBe(messages.yardLocationSelfIntersecting);
    // A corner on another edge.
    expect(polygonSelfIntersects(shape([0, 0], [100, 0], [100, 100], [50, 0], [0, 100]))).toBe(true);
    // The same corner twice.
    expect(polygonSelfIntersects(shape([0, 0], [100, 0], [100, 0], [100, 100], [0, 100]))).toBe(true);
    // Four points on a line.
    expect(polygonSelfIntersects(shape([0, 0], [10, 0], [20, 0], [30, 0]))).toBe(true);
    // A spike that runs back along its own edge.
    expect(polygonSelfIntersects(shape([0, 0], [100, 0], [50, 0], [50, 50]))).toBe(true);
    expect(polygonSelfIntersects(southStacks)).toBe(false);
    expect(polygonSelfIntersects(exportZone)).toBe(false);
  });

  it('says what a save needs, field by field, with the spec’s words', () => {
    expect(yardLocationProblem({ name: ' ', type: 'YARD_ZONE', coordinates: exportZone })).toEqual({
      message: messages.yardLocationNameRequired,
      field: 'name',
    });
    expect(yardLocationProblem({ name: 'Export Zone', type: 'ZONE', coordinates: exportZone })).toEqual({
      message: messages.yardLocationTypeInvalid,
      field: 'type',
    });
    expect(yardLocationProblem({ name: 'Export Zone', type: 'TASK_TO_LOCATION', coordinates: [] })).toEqual({
      message: messages.yardLocationTooFewPoints,
      field: 'coordinates',
    });
    expect(yardLocationProblem({ name: 'Export Zone', type: 'TASK_TO_LOCATION', coordinates: exportZone })).toBeNull();
  });
});

describe('the yard location index', () => {
  const location = (id: number, name: string, type: YardLocation['type'], coordinates: YardCoordinate[]) => ({
    id,
    name,
    type,
    coordinates,
  });
  const index = new YardLocationIndex([
    location(1, 'South Stacks', 'YARD_ZONE', southStacks),
    location(2, 'Export Zone', 'TASK_TO_LOCATION', exportZone),
    // A smaller zone inside the south stacks: the more exact place answers.
    location(3, 'Reefer Row', 'YARD_ZONE', shape([-120, -195], [-60, -195], [-60, -150], [-120, -150])),
    location(4, 'Chasis 1', 'TASK_TO_LOCATION', shape([135, 0], [165, 0], [165, 50], [135, 50])),
  ]);

  it('finds the location of a type a point is in', () => {
    expect(index.at(at(0, -150), 'YARD_ZONE')?.name).toBe('South Stacks');
    expect(index.at(at(-100, -180), 'YARD_ZONE')?.name).toBe('Reefer Row');
    expect(index.at(at(70, -80), 'YARD_ZONE')).toBeNull();
    expect(index.at(at(160, 100), 'TASK_TO_LOCATION')?.name).toBe('Export Zone');
    expect(index.at(at(160, 100), 'YARD_ZONE')).toBeNull();
    expect(index.at(at(150, 25), 'TASK_TO_LOCATION')?.name).toBe('Chasis 1');
  });

  it('lists the names of a type', () => {
    expect(index.names('TASK_TO_LOCATION')).toEqual(['Chasis 1', 'Export Zone']);
  });
});
