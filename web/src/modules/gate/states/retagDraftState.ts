import { atom } from 'jotai';
import { emptyRetag, type RetagDraft } from '../utils/gateDrafts';

// The retag form; the container reader fills the new tag while the retag tab is open.
export const retagDraftState = atom<RetagDraft>(emptyRetag());
retagDraftState.debugLabel = 'retagDraftState';
