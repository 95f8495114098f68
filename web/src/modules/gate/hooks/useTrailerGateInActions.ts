import { useCallback } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import {
  ACTIVITY_GROUPS,
  GATE_RESET_MS,
  messages,
  trailerGateInProblem,
  type TrailerGateInForm,
} from '@openyard/contracts';
import { api } from '../../../api/http';
import { confirmDialog } from '../../../ui/confirmDialog';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { gatedInContainersState } from '../states/gatedInContainersState';
import { generatedTasksState } from '../states/generatedTasksState';
import { trailerDraftState } from '../states/trailerDraftState';
import { emptyTrailer, type TrailerDraft } from '../utils/gateDrafts';
import { focusProblemField } from '../utils/focusProblemField';
import { GATE_FORM_IDS } from '../utils/gateFormIds';
import { gateQueryKeys } from '../utils/gateQueryKeys';
import { useRequestId } from './useRequestId';
import { useTransactionStatus } from './useTransactionStatus';

// The trailer gate-in (spec 1 §3, §5): a refusal reads 'Vehicle gate-in failed: {reason}' (§8). A
// truck of a CHA whose allocation for the gate-in type is used up asks the 'Gate Count Alert'
// first (spec 1 §4); yes sends it again with exceedAllowedCount, no leaves the form as it is.
export function useTrailerGateInActions({
  gateId,
  focusFirst,
  vehicleDetailId,
}: {
  gateId: number | null;
  focusFirst: () => void;
  vehicleDetailId: number | null;
}) {
  const [draft, setDraft] = useAtom(trailerDraftState);
  const setTasks = useSetAtom(generatedTasksState);
  const setGatedIn = useSetAtom(gatedInContainersState);
  const status = useTransactionStatus();
  const requestIds = useRequestId<TrailerDraft>();
  const trailerGateIn = useNotifyingMutation({
    mutationFn: (form: TrailerGateInForm) => api.gateOperations.trailerGateIn({ body: form }),
    invalidates: [gateQueryKeys.all],
    quiet: true,
  });

  const reset = useCallback(() => {
    setDraft(emptyTrailer());
    status.clear();
    focusFirst();
  }, [setDraft, status, focusFirst]);

  const submit = async (exceedAllowedCount = false) => {
    if (trailerGateIn.isPending || gateId === null) return;
    const values = draft;
    const containerNumbers = values.containerNumbers
      .split(/[\s,]+/)
      .map((number) => number.trim().toUpperCase())
      .filter(Boolean);
    const form: TrailerGateInForm = {
      requestId: 'check-only',
      gateId,
      trailerNumber: values.trailerNumber.trim(),
      trailerTag: values.trailerTag.trim(),
      gateInType: values.gateInType,
      trailerType: values.trailerType || undefined,
      containerNumbers: containerNumbers.length ? containerNumbers : undefined,
      activityGroup: ACTIVITY_GROUPS.vehicle,
      ...(values.chaId ? { chaId: Number(values.chaId) } : {}),
      ...(values.chaId && vehicleDetailId !== null ? { vehicleDetailId } : {}),
      ...(exceedAllowedCount ? { exceedAllowedCount } : {}),
    };
    const problem = trailerGateInProblem(form);
    if (problem) {
      status.fail(problem.message);
      return focusProblemField(GATE_FORM_IDS.trailer, problem.field);
    }
    status.working();
    try {
      const result = await trailerGateIn.mutateAsync({ ...form, requestId: requestIds.idFor(values) });
      if (result.gateCountAlert) {
        status.clear();
        const proceed = await confirmDialog({
          title: messages.gateCountAlertTitle,
          message: result.gateCountAlert.message,
          confirmLabel: 'Proceed',
        });
        if (proceed) await submit(true);
        else focusFirst();
        return;
      }
      if (result.responsestatus !== 'success')
        return status.fail(messages.vehicleGateInFailed(result.message ?? result.responsestatus));
      requestIds.done();
      setTasks(result.tasks);
      // A trailer gate-in brings no container visit in: the slip has no status link.
      setGatedIn([]);
      setDraft(emptyTrailer());
      status.succeed(messages.vehicleGateInSuccessful, result.tasks.length ? undefined : GATE_RESET_MS.gateIn);
      focusFirst();
    } catch (error) {
      status.fail(messages.vehicleGateInFailed(errorMessageOf(error)));
    }
  };

  return { draft, setDraft, status: status.status, submit, reset, saving: trailerGateIn.isPending };
}
