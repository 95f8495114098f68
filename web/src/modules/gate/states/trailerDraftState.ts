import { atom } from 'jotai';
import { emptyTrailer, type TrailerDraft } from '../utils/gateDrafts';

// The trailer gate-in form; the trailer reader fills its tag and the PLA mapping its number.
export const trailerDraftState = atom<TrailerDraft>(emptyTrailer());
trailerDraftState.debugLabel = 'trailerDraftState';
