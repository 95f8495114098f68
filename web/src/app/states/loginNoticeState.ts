import { atom } from 'jotai';

// A message the login page shows once the user lands there (session expired, logged out by the server).
export const loginNoticeState = atom<string | null>(null);
loginNoticeState.debugLabel = 'loginNoticeState';
