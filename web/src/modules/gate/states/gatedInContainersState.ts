import { atom } from 'jotai';
import type { GatedInContainer } from '@openyard/contracts';

// The containers the last container gate-in brought in: the slip prints each one's status link
// (issue 21) until the next transaction.
export const gatedInContainersState = atom<readonly GatedInContainer[]>([]);
gatedInContainersState.debugLabel = 'gatedInContainersState';
