import { atom } from 'jotai';

// Incremented to load layout, metadata and the session again (the "Try again" of the unreachable flag).
export const bootstrapAttemptState = atom<number>(0);
bootstrapAttemptState.debugLabel = 'bootstrapAttemptState';
