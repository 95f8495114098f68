import type { ContainerDraft, OffloadingDraft } from './gateDrafts';

const touched = (container: ContainerDraft) =>
  Object.values<string>({ ...container }).some((value) => value.trim() !== '');

// Whether switching the gate-in type would lose what the clerk entered (spec 1 §4: ask first).
// Tags a reader filled count: the truck is there.
export function hasUnsavedOffloading(draft: OffloadingDraft): boolean {
  return (
    touched(draft.container1) ||
    touched(draft.container2) ||
    draft.trailerNumber.trim() !== '' ||
    draft.trailerTag.trim() !== '' ||
    draft.outContainers.some((out) => out.containerNumber.trim() !== '')
  );
}
