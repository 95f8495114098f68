import { atom } from 'jotai';
import type { LiveConnectionStatus } from '../utils/LiveClient';
import { liveSocket } from '../utils/liveSocket';

// The state of the tab's live connection, mirrored from the client while anything reads it.
export const liveConnectionState = atom<LiveConnectionStatus>(liveSocket.getStatus());
liveConnectionState.debugLabel = 'liveConnectionState';
liveConnectionState.onMount = (set) => {
  set(liveSocket.getStatus());
  return liveSocket.onStatusChange(set);
};
