import { useCallback } from 'react';
import { useAtom } from 'jotai';
import { GATE_RESET_MS, hasContainerNumberLength, messages, retagProblem, type RetagForm } from '@openyard/contracts';
import { api } from '../../../api/http';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { retagDraftState } from '../states/retagDraftState';
import { emptyRetag, type RetagDraft } from '../utils/gateDrafts';
import { focusProblemField } from '../utils/focusProblemField';
import { GATE_FORM_IDS } from '../utils/gateFormIds';
import { gateQueryKeys } from '../utils/gateQueryKeys';
import { askExpiredTag } from '../utils/askExpiredTag';
import { useRequestId } from './useRequestId';
import { useTransactionStatus } from './useTransactionStatus';

// The retag (spec 1 §4, §5): the container's existing tag is looked up when its number is complete
// (the clerk may type it when the yard's record is not readable here); success resets after 2 s.
export function useRetagActions({ focusFirst, gateId }: { focusFirst: () => void; gateId: number | null }) {
  const [draft, setDraft] = useAtom(retagDraftState);
  const status = useTransactionStatus();
  const requestIds = useRequestId<RetagDraft>();
  const retag = useNotifyingMutation({
    mutationFn: (form: RetagForm) => api.gateOperations.retag({ body: form }),
    invalidates: [gateQueryKeys.all],
    quiet: true,
  });

  const reset = useCallback(() => {
    setDraft(emptyRetag());
    status.clear();
    focusFirst();
  }, [setDraft, status, focusFirst]);

  const lookUpOldTag = async () => {
    const number = draft.containerNumber.trim().toUpperCase();
    if (!hasContainerNumberLength(number)) return;
    try {
      const container = await api.containers.get({ params: { n: number } });
      if (container.rfidTagId) {
        const oldTag = container.rfidTagId;
        setDraft((current) => ({ ...current, oldTag }));
      }
    } catch {
      // Not readable here (another screen's grant) or unknown: the server answers at the retag.
    }
  };

  const send = async (values: RetagDraft, allowExpiredTag: boolean) => {
    status.working();
    try {
      const result = await retag.mutateAsync({
        requestId: requestIds.idFor(values),
        gateId: gateId ?? undefined,
        containerNumber: values.containerNumber.trim().toUpperCase(),
        oldTag: values.oldTag.trim() || undefined,
        newTag: values.newTag.trim(),
        allowExpiredTag: allowExpiredTag || undefined,
      });
      if (result.expiredTag && !allowExpiredTag) {
        status.clear();
        if (await askExpiredTag(result.expiredTag.tag, result.expiredTag.allowed)) return send(values, true);
        setDraft((current) => ({ ...current, newTag: '' }));
        return;
      }
      if (result.responsestatus !== 'success') return status.fail(result.message ?? result.responsestatus);
      requestIds.done();
      status.succeed(messages.retagSuccessful, GATE_RESET_MS.retag, reset);
    } catch (error) {
      status.fail(errorMessageOf(error));
    }
  };

  const submit = async () => {
    if (retag.isPending) return;
    const problem = retagProblem({ containerNumber: draft.containerNumber, newTag: draft.newTag });
    if (problem) {
      status.fail(problem.message);
      return focusProblemField(GATE_FORM_IDS.retag, problem.field);
    }
    await send(draft, false);
  };

  return { draft, setDraft, status: status.status, submit, reset, lookUpOldTag, saving: retag.isPending };
}
