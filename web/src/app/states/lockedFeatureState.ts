import { atom } from 'jotai';

// The server's text for an enterprise-only call this edition refused; the locked-feature modal
// (spec 3 §2, §6, §8) shows while it is set.
export const lockedFeatureState = atom<string | null>(null);
lockedFeatureState.debugLabel = 'lockedFeatureState';
