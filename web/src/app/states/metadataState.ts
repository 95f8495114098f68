import { atom } from 'jotai';
import type { Metadata, YardLayout } from '@openyard/contracts';

// Loaded once at bootstrap (spec 1 §2); null when the load failed (the failure is only logged).
export const metadataState = atom<Metadata | null>(null);
metadataState.debugLabel = 'metadataState';

export const yardLayoutState = atom<YardLayout | null>(null);
yardLayoutState.debugLabel = 'yardLayoutState';
