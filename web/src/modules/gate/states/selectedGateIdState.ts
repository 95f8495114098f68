import { atomWithStorage } from 'jotai/utils';

// The gate this browser works at, remembered across visits (a clerk's desk stands at one gate).
export const selectedGateIdState = atomWithStorage<number | null>('openyard.gateId', null, undefined, {
  getOnInit: true,
});
selectedGateIdState.debugLabel = 'selectedGateIdState';
