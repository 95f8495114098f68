import { atom } from 'jotai';

// Set by the API error handler on 502/503/504, a network failure, or a 403 on the root path (spec 1 §8).
// On '/' the login page shows it as a flag; elsewhere it opens the unreachable modal.
export const serverUnreachableState = atom<boolean>(false);
serverUnreachableState.debugLabel = 'serverUnreachableState';
