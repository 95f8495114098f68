import { atom } from 'jotai';
import type { UserInfo } from '@openyard/contracts';

// The logged-in user as the server last reported it (GET /rest/user); null when logged out.
export const currentUserState = atom<UserInfo | null>(null);
currentUserState.debugLabel = 'currentUserState';
