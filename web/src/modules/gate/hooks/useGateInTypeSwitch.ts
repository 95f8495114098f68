import { useCallback } from 'react';
import { useStore } from 'jotai';
import { messages } from '@openyard/contracts';
import { confirmDialog } from '../../../ui/confirmDialog';
import { gateTabState } from '../states/gateTabState';
import { offloadingDraftState } from '../states/offloadingDraftState';
import { trailerDraftState } from '../states/trailerDraftState';
import { emptyOffloading, emptyTrailer } from '../utils/gateDrafts';
import { hasUnsavedOffloading } from '../utils/hasUnsavedOffloading';

export type GateInType = 'single' | 'double' | 'trailer';

// Switching the gate-in type (single, double, trailer) with unsaved data asks first (spec 1 §4);
// confirming discards the data of the type left, cancelling leaves the tab where it was.
// Resolves whether the switch happened.
export function useGateInTypeSwitch() {
  const store = useStore();
  return useCallback(
    async (next: GateInType): Promise<boolean> => {
      const tabs = store.get(gateTabState);
      const offloading = store.get(offloadingDraftState);
      const trailer = store.get(trailerDraftState);
      const current: GateInType | null =
        tabs.top === 'trailer' ? 'trailer' : tabs.top === 'offloading' ? offloading.mode : null;
      const unsaved =
        current === 'trailer'
          ? Object.values<string>({ ...trailer }).some((value) => value.trim() !== '')
          : current !== null && hasUnsavedOffloading(offloading);
      if (current !== null && current !== next && unsaved) {
        if (
          !(await confirmDialog({
            title: 'Gate-in type',
            message: messages.gateInTypeSwitchConfirm,
            confirmLabel: 'Discard',
          }))
        )
          return false;
        if (current === 'trailer') store.set(trailerDraftState, emptyTrailer());
        else store.set(offloadingDraftState, emptyOffloading(offloading.mode));
      }
      if (next === 'trailer') store.set(gateTabState, { ...tabs, top: 'trailer' });
      else {
        store.set(gateTabState, { ...tabs, top: 'offloading' });
        store.set(offloadingDraftState, (draft) => (draft.mode === next ? draft : { ...draft, mode: next }));
      }
      return true;
    },
    [store],
  );
}
