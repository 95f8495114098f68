import { useCallback } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { dispatchProblem, GATE_RESET_MS, messages, type DispatchQuery, type DispatchResult } from '@openyard/contracts';
import { api } from '../../../api/http';
import { metadataState } from '../../../app/states/metadataState';
import { confirmDialog } from '../../../ui/confirmDialog';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { dispatchDraftState } from '../states/dispatchDraftState';
import { emptyDispatch, type DispatchDraft } from '../utils/gateDrafts';
import { focusProblemField } from '../utils/focusProblemField';
import { GATE_FORM_IDS } from '../utils/gateFormIds';
import { gateQueryKeys } from '../utils/gateQueryKeys';
import { dispatchTimeOf, yardDateTimeOf } from '../utils/yardDateTime';
import { useRequestId } from './useRequestId';
import { useTransactionStatus } from './useTransactionStatus';

// Dispatch and out-for-scanning (spec 1 §4 Dispatch): not dispatched but found in the ERP asks
// 'Container {n} is found in Erp…' and retries forced, with the same request id; success resets
// after 1 s. A failed scanning dispatch reads 'Dispatch of container for scanning failed' (§8).
export function useDispatchActions({
  gateId,
  scanning,
  focusFirst,
}: {
  gateId: number | null;
  scanning: boolean;
  focusFirst: () => void;
}) {
  const [draft, setDraft] = useAtom(dispatchDraftState);
  const timeZone = useAtomValue(metadataState)?.timeZone ?? 'UTC';
  const status = useTransactionStatus();
  const requestIds = useRequestId<DispatchDraft>();
  const dispatch = useNotifyingMutation({
    mutationFn: (query: DispatchQuery): Promise<DispatchResult> =>
      scanning
        ? api.gateOperations.scanningDispatch({ query }, { action: true })
        : api.gateOperations.dispatch({ query }, { action: true }),
    invalidates: [gateQueryKeys.all],
    quiet: true,
  });

  const fresh = useCallback(
    () => ({ ...emptyDispatch(), dispatchTime: yardDateTimeOf(Date.now(), timeZone) }),
    [timeZone],
  );
  const reset = useCallback(() => {
    setDraft(fresh());
    status.clear();
    focusFirst();
  }, [setDraft, fresh, status, focusFirst]);

  const failure = (text: string) => (scanning ? messages.scanningDispatchFailedWith(text) : text);

  const send = async (values: DispatchDraft, forceDispatch: boolean) => {
    const text = (value: string) => value.trim() || undefined;
    status.working();
    let result: DispatchResult;
    try {
      result = await dispatch.mutateAsync({
        requestId: requestIds.idFor(values),
        gateId: gateId ?? undefined,
        containerNumber: values.containerNumber.trim().toUpperCase(),
        containerSize: text(values.containerSize),
        exitProcess: scanning ? 'Scanning' : text(values.exitProcess),
        exitTag: text(values.exitTag),
        exitTrailerTag: text(values.exitTrailerTag),
        trailerNumber: text(values.trailerNumber),
        dispatchTime: dispatchTimeOf(values.dispatchTime, timeZone),
        forceDispatch: forceDispatch || undefined,
      });
    } catch (error) {
      status.fail(failure(errorMessageOf(error)));
      return;
    }
    if (!result.dispatched && result.foundInErp && !forceDispatch) {
      status.clear();
      const number = result.containerNumber ?? values.containerNumber.trim().toUpperCase();
      if (
        await confirmDialog({
          title: 'Dispatch',
          message: messages.dispatchFoundInErp(number),
          confirmLabel: 'Dispatch',
        })
      )
        await send(values, true);
      else focusFirst();
      return;
    }
    if (!result.dispatched) {
      status.fail(failure(result.message ?? result.responsestatus));
      return;
    }
    requestIds.done();
    status.succeed(messages.dispatchSuccessful, GATE_RESET_MS.dispatch, reset);
  };

  const submit = () => {
    if (dispatch.isPending) return;
    const dispatchTime =
      scanning || draft.dispatchTime.trim() !== '' ? dispatchTimeOf(draft.dispatchTime, timeZone) : undefined;
    const problem = dispatchProblem({ containerNumber: draft.containerNumber.trim(), dispatchTime });
    if (problem) {
      status.fail(problem.message);
      return focusProblemField(scanning ? GATE_FORM_IDS.scanning : GATE_FORM_IDS.dispatch, problem.field);
    }
    void send(draft, false);
  };

  return { draft, setDraft, status: status.status, submit, reset, fresh, saving: dispatch.isPending };
}
