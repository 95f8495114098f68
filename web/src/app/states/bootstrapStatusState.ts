import { atom } from 'jotai';

// 'ready' once layout, metadata and the session probe have answered (or failed); routes wait for it.
export const bootstrapStatusState = atom<'loading' | 'ready'>('loading');
bootstrapStatusState.debugLabel = 'bootstrapStatusState';
