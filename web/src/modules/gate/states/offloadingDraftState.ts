import { atom } from 'jotai';
import { emptyOffloading, type OffloadingDraft } from '../utils/gateDrafts';

// The container offloading form (single or double): typed by the clerk, tags filled by the readers.
export const offloadingDraftState = atom<OffloadingDraft>(emptyOffloading('single'));
offloadingDraftState.debugLabel = 'offloadingDraftState';
