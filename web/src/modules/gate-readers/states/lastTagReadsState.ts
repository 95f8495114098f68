import { atom } from 'jotai';
import type { TagRead } from '@openyard/contracts';

// The last tag each reader read while the screen was open, with when it arrived here, to flash it.
export interface ShownTagRead {
  tagRead: TagRead;
  arrivedAt: number;
}

export const lastTagReadsState = atom<Readonly<Record<number, ShownTagRead>>>({});
lastTagReadsState.debugLabel = 'lastTagReadsState';
