export * from './types';
export { digOut, type DigOutOptions, type DigOutSearchFigures } from './dig-out';
export { planPlacements, PLACEMENT_WEIGHTS, type PlacementOptions, type PlacementWeights } from './placement';
export { departureOf, leavesBefore, type Departure } from './departure';
