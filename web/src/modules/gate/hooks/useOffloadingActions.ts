import { useCallback } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { GATE_RESET_MS, gateInFormProblem, messages, type GateInForm } from '@openyard/contracts';
import { api } from '../../../api/http';
import { confirmDialog } from '../../../ui/confirmDialog';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { gatedInContainersState } from '../states/gatedInContainersState';
import { generatedTasksState } from '../states/generatedTasksState';
import { offloadingDraftState } from '../states/offloadingDraftState';
import { askExpiredTag } from '../utils/askExpiredTag';
import { emptyOffloading, type OffloadingDraft } from '../utils/gateDrafts';
import { gateInFormOf } from '../utils/gateInFormOf';
import { gateInResetsItself } from '../utils/gateInResetsItself';
import { focusProblemField } from '../utils/focusProblemField';
import { GATE_FORM_IDS } from '../utils/gateFormIds';
import { gateQueryKeys } from '../utils/gateQueryKeys';
import { useRequestId } from './useRequestId';
import { useTransactionStatus } from './useTransactionStatus';

// The container gate-in (spec 1 §4 Gate-in): the spec's rules in the form first, then the call;
// an invalid-number answer asks and retries with validation skipped, an expired tag asks (or
// says so and clears it) and retries with the tag allowed; every retry keeps the request id.
export function useOffloadingActions({
  gateId,
  planning,
  focusFirst,
}: {
  gateId: number | null;
  planning: boolean;
  focusFirst: () => void;
}) {
  const [draft, setDraft] = useAtom(offloadingDraftState);
  const setTasks = useSetAtom(generatedTasksState);
  const setGatedIn = useSetAtom(gatedInContainersState);
  const status = useTransactionStatus();
  const requestIds = useRequestId<OffloadingDraft>();
  const gateIn = useNotifyingMutation({
    mutationFn: (form: GateInForm) => api.gateOperations.gateIn({ body: form }),
    invalidates: [gateQueryKeys.all],
    quiet: true,
  });

  const reset = useCallback(() => {
    setDraft((current) => emptyOffloading(current.mode));
    status.clear();
    focusFirst();
  }, [setDraft, status, focusFirst]);

  const send = async (values: OffloadingDraft, flags: { skipValidation?: boolean; allowExpiredTag?: boolean }) => {
    if (gateId === null) return;
    const requestId = requestIds.idFor(values);
    status.working();
    let result;
    try {
      result = await gateIn.mutateAsync(gateInFormOf(values, { requestId, gateId, planning, ...flags }));
    } catch (error) {
      status.fail(errorMessageOf(error));
      return;
    }
    if (result.invalidNumbers?.length) {
      status.clear();
      const confirmed = await confirmDialog({
        title: 'Invalid container number',
        message: `${result.message ?? result.responsestatus} ${result.invalidNumbers.join(', ')}. Do you still want to gate in?`,
        confirmLabel: 'Gate in',
      });
      if (confirmed) await send(values, { ...flags, skipValidation: true });
      else focusFirst();
      return;
    }
    if (result.expiredTag) {
      status.clear();
      const { tag, allowed } = result.expiredTag;
      if (await askExpiredTag(tag, allowed)) {
        await send(values, { ...flags, allowExpiredTag: true });
        return;
      }
      setDraft((current) => ({
        ...current,
        container1: current.container1.tagId === tag ? { ...current.container1, tagId: '' } : current.container1,
        container2: current.container2.tagId === tag ? { ...current.container2, tagId: '' } : current.container2,
      }));
      focusFirst();
      return;
    }
    if (result.responsestatus !== 'success') {
      status.fail(result.message ?? result.responsestatus);
      return;
    }
    requestIds.done();
    setTasks(result.tasks);
    setGatedIn(result.containers);
    // The form is ready for the next truck at once; the success text clears itself after 2 s unless
    // tasks were generated (printed first) or planning is on (spec 1 §4).
    setDraft(emptyOffloading(values.mode));
    status.succeed(messages.gateInSuccessful, gateInResetsItself(result, planning) ? GATE_RESET_MS.gateIn : undefined);
    focusFirst();
  };

  const submit = () => {
    if (gateIn.isPending) return;
    // The spec's rules on what would be sent (a request id is only made for a form that passes).
    const problem = gateInFormProblem(gateInFormOf(draft, { requestId: 'check-only', gateId: gateId ?? 0, planning }));
    if (problem) {
      status.fail(problem.message);
      focusProblemField(GATE_FORM_IDS.offloading, problem.field);
      return;
    }
    void send(draft, {});
  };

  return { draft, setDraft, status: status.status, submit, reset, saving: gateIn.isPending };
}
