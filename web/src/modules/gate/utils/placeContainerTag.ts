import type { OffloadingDraft } from './gateDrafts';

// Where a container tag read goes in the offloading form: a tag already shown changes nothing; the
// first empty tag field takes it (the second only in a double gate-in); with every field full the
// newest read replaces the first container's tag, which is where the next truck's first box goes.
export function placeContainerTag(draft: OffloadingDraft, tag: string): OffloadingDraft {
  const { container1, container2 } = draft;
  if (container1.tagId === tag || (draft.mode === 'double' && container2.tagId === tag)) return draft;
  if (draft.mode === 'double' && container1.tagId.trim() !== '' && container2.tagId.trim() === '')
    return { ...draft, container2: { ...container2, tagId: tag } };
  return { ...draft, container1: { ...container1, tagId: tag } };
}
