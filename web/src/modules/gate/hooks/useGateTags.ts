import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { liveTopics, type Gate, type GateTagAnswer } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { gatesQueryKeys } from '../../gate-readers/utils/gatesQueryKeys';
import { dispatchDraftState } from '../states/dispatchDraftState';
import { gateTabState } from '../states/gateTabState';
import { offloadingDraftState } from '../states/offloadingDraftState';
import { retagDraftState } from '../states/retagDraftState';
import { trailerDraftState } from '../states/trailerDraftState';
import { placeContainerTag } from '../utils/placeContainerTag';
import { tagTargetOf, type TagTarget } from '../utils/tagTargetOf';

// A resync right after the opening ask would ask again for the same reads.
const ASK_AGAIN_AFTER_MS = 1000;

// The gate's readers fill the tag fields as their reads arrive over the live topic (no polling):
// each read goes by its reader's type to the container, exit or trailer tag (tagTargetOf). On
// opening and on every resync the latest unused read of each kind is asked once (spec 1 §7 entry,
// trailer, exit and exit-trailer tag) and fills the fields still empty. A trailer read also brings
// its trailer number from the PLA-card mapping. Returns the hub's refusal, if any.
export function useGateTags(gate: Gate | null): string | null {
  const store = useStore();
  const queryClient = useQueryClient();
  const askedAt = useRef(0);

  const fill = useCallback(
    (target: TagTarget, tag: string, { onlyEmpty }: { onlyEmpty: boolean }) => {
      const empty = (value: string) => !onlyEmpty || value.trim() === '';
      switch (target) {
        case 'container': {
          // While the retag tab is open the box at the reader is the one being retagged.
          const tabs = store.get(gateTabState);
          if (tabs.top === 'yard' && tabs.yard === 'retag') {
            store.set(retagDraftState, (draft) => (empty(draft.newTag) ? { ...draft, newTag: tag } : draft));
            return;
          }
          store.set(offloadingDraftState, (draft) =>
            empty(draft.container1.tagId) ? placeContainerTag(draft, tag) : draft,
          );
          return;
        }
        case 'trailer':
          store.set(offloadingDraftState, (draft) => (empty(draft.trailerTag) ? { ...draft, trailerTag: tag } : draft));
          store.set(trailerDraftState, (draft) => (empty(draft.trailerTag) ? { ...draft, trailerTag: tag } : draft));
          return;
        case 'exit':
          store.set(dispatchDraftState, (draft) => (empty(draft.exitTag) ? { ...draft, exitTag: tag } : draft));
          return;
        case 'exitTrailer':
          store.set(dispatchDraftState, (draft) =>
            empty(draft.exitTrailerTag) ? { ...draft, exitTrailerTag: tag } : draft,
          );
          return;
      }
    },
    [store],
  );

  // The trailer number of a trailer tag, from the PLA-card mapping, into the fields still empty.
  const fillTrailerNumber = useCallback(
    (target: 'trailer' | 'exitTrailer', answer: GateTagAnswer) => {
      const number = answer.responseMap.trailerNumber;
      if (!number) return;
      if (target === 'trailer') {
        store.set(offloadingDraftState, (draft) => (draft.trailerNumber ? draft : { ...draft, trailerNumber: number }));
        store.set(trailerDraftState, (draft) => (draft.trailerNumber ? draft : { ...draft, trailerNumber: number }));
      } else
        store.set(dispatchDraftState, (draft) => (draft.trailerNumber ? draft : { ...draft, trailerNumber: number }));
    },
    [store],
  );

  const gateId = gate?.id ?? null;
  const askLatest = useCallback(() => {
    if (gateId === null || Date.now() - askedAt.current < ASK_AGAIN_AFTER_MS) return;
    askedAt.current = Date.now();
    const query = { query: { gateId } };
    const ask = (target: TagTarget, call: Promise<GateTagAnswer>) =>
      call.then(
        (answer) => {
          const tag = answer.responseMap.tagid;
          if (tag) fill(target, tag, { onlyEmpty: true });
          if (target === 'trailer' || target === 'exitTrailer') fillTrailerNumber(target, answer);
        },
        // Nothing to offer (or the call is not there yet): the clerk types the tag.
        () => undefined,
      );
    void ask('container', api.gateOperations.entryTag(query));
    void ask('trailer', api.gateOperations.trailerTag(query));
    void ask('exit', api.gateOperations.exitTag(query));
    void ask('exitTrailer', api.gateOperations.exitTrailerTag(query));
  }, [gateId, fill, fillTrailerNumber]);

  useEffect(() => {
    askedAt.current = 0;
    askLatest();
  }, [askLatest]);

  return useLiveTopic(
    gate ? liveTopics.gates : null,
    (message) => {
      if (!gate) return;
      if (message.type !== 'gate.tag.v1') {
        // A reader changed type or gate: the routing reads the gate's readers anew.
        if (message.type !== 'gate.health.v1') void queryClient.invalidateQueries({ queryKey: gatesQueryKeys.gates });
        return;
      }
      const { tagRead } = message.data;
      if (tagRead.gateId !== gate.id) return;
      const reader = gate.readers.find((candidate) => candidate.id === tagRead.readerId);
      const target = reader ? tagTargetOf(reader.readerType, gate.type) : null;
      if (!target) return;
      fill(target, tagRead.tagId, { onlyEmpty: false });
      if (target === 'trailer')
        void api.gateOperations.trailerTag({ query: { gateId: gate.id } }).then(
          (answer) => fillTrailerNumber(target, answer),
          () => undefined,
        );
      if (target === 'exitTrailer')
        void api.gateOperations.exitTrailerTag({ query: { gateId: gate.id } }).then(
          (answer) => fillTrailerNumber(target, answer),
          () => undefined,
        );
    },
    askLatest,
  );
}
