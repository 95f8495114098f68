import { atom } from 'jotai';
import { emptyDispatch, type DispatchDraft } from '../utils/gateDrafts';

// The dispatch and out-for-scanning form; the exit readers fill its tags.
export const dispatchDraftState = atom<DispatchDraft>(emptyDispatch());
dispatchDraftState.debugLabel = 'dispatchDraftState';
