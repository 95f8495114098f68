import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACTIVITY_GROUPS,
  GATE_RESET_MS,
  gateInFormProblem,
  messages,
  type IgateDispatchResult,
  type IgateInForm,
  type IgateInResult,
  type NearMissMatch,
  type OcrRecord,
} from '@openyard/contracts';
import { api, ApiError } from '../../../api/http';
import { confirmDialog } from '../../../ui/confirmDialog';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useRequestId } from '../../gate/hooks/useRequestId';
import { useTransactionStatus } from '../../gate/hooks/useTransactionStatus';
import { useGatePassesLive } from './useGatePassesLive';
import { emptyLane, laneOfRecord, offeredCandidates, tagDifferences, type LaneDraft } from '../utils/laneDraft';
import { candidatesNeedReload, passNeedsRecheck, type PassCheck } from '../utils/passOnLane';
import { smartGateQueryKeys } from '../utils/smartGateQueryKeys';

export type GateKind = 'IN' | 'OUT';
export type ReasonAsk = 'force' | 'purge' | null;

// What the operator of a smart gate lane does (spec 2 §2, §4; issue 16): take the next OCR record,
// pick a candidate with a key, verify the gate pass, dispatch (OUT) or gate in (IN), purge the
// gate's records with a reason. No JSX.
export function useLaneActions({
  gateId,
  kind,
  focusLane,
}: {
  gateId: number | null;
  kind: GateKind;
  focusLane: () => void;
}) {
  const queryClient = useQueryClient();
  const [record, setRecord] = useState<OcrRecord | null>(null);
  const [draft, setDraftState] = useState<LaneDraft>(emptyLane);
  const [picked, setPicked] = useState(false);
  const [pass, setPass] = useState<PassCheck>({ kind: 'unchecked' });
  const [asking, setAsking] = useState<ReasonAsk>(null);
  const [busy, setBusy] = useState(false);
  const status = useTransactionStatus();
  const requestIds = useRequestId<LaneDraft>();

  const candidates = useQuery({
    queryKey: smartGateQueryKeys.candidates(gateId ?? 0, record?.id ?? 0),
    queryFn: () => api.smartGate.candidates({ query: { gateId: gateId ?? 0, recordId: record?.id ?? 0 } }),
    enabled: gateId !== null && record !== null,
    staleTime: Infinity,
  });
  const offered = offeredCandidates(candidates.data);
  // The number on the form now, for an answer that comes back after the operator moved on.
  const formNumber = useRef('');
  useEffect(() => {
    formNumber.current = draft.containerNumber.trim().toUpperCase();
  }, [draft.containerNumber]);

  const setDraft = useCallback((change: Partial<LaneDraft>) => {
    setDraftState((current) => ({ ...current, ...change }));
    if (change.containerNumber !== undefined) {
      setPass({ kind: 'unchecked' });
      setPicked(false);
    }
  }, []);

  const reset = useCallback(() => {
    setRecord(null);
    setDraftState(emptyLane());
    setPicked(false);
    setPass({ kind: 'unchecked' });
    requestIds.done();
    focusLane();
  }, [requestIds, focusLane]);

  // The oldest pending record of the gate into the lane. `notice` stays shown over it (another
  // operator took the record this lane had): with none left, the lane stays empty under it.
  const next = async (notice?: string) => {
    if (gateId === null || busy) return;
    setBusy(true);
    try {
      const found = await api.ocr.next({ query: { gateId } }, { action: true });
      setRecord(found);
      setDraftState(laneOfRecord(found));
      setPicked(false);
      setPass({ kind: 'unchecked' });
      requestIds.done();
      if (found.data.containerNumber === '') status.fail(found.data.error ?? messages.ocrNotDetected);
      else if (notice) status.fail(notice);
      else status.clear();
      focusLane();
    } catch (error) {
      status.fail(notice ? `${notice}. ${errorMessageOf(error)}` : errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const pick = (match: NearMissMatch) => {
    setDraftState((current) => ({ ...current, containerNumber: match.containerNumber }));
    setPicked(true);
    setPass({ kind: 'unchecked' });
    status.clear();
  };

  // Asks for the valid pass of the number on the form. `live`: asked again because the gate-pass
  // store changed (not by the operator): an answer for a number no longer on the form is dropped,
  // a failed call leaves the lane as it was, and a pass found closes the force-dispatch question
  // (the operator dispatches on the pass instead of giving a reason).
  const verify = async (live = false) => {
    const containerNumber = draft.containerNumber.trim().toUpperCase();
    if (containerNumber === '') return live ? undefined : status.fail(messages.ocrNotDetected);
    try {
      const answer = await api.smartGate.gatePass({ query: { containerNumber } }, { action: !live });
      if (live && formNumber.current !== containerNumber) return;
      if (answer.gatePass?.valid) {
        setPass({ kind: 'valid', pass: answer.gatePass });
        status.clear();
        if (live) setAsking((current) => (current === 'force' ? null : current));
      } else {
        const message = answer.message ?? messages.gatePassNotFound;
        setPass({ kind: 'none', message });
        status.fail(message);
      }
    } catch (error) {
      if (!live) status.fail(errorMessageOf(error));
    }
  };

  // Other users' gate-pass writes (topic `gate-passes`, issue 16) reach the lane without a reload:
  // a pass added, imported, edited, used or deleted for the number on the form is checked again,
  // and candidates it may join or leave are ranked again. Not while this lane's own transaction is
  // in flight or shown as done: its dispatch uses the pass, and that change is its own.
  const liveRefusal = useGatePassesLive((change) => {
    if (busy || status.status.kind === 'working' || status.status.kind === 'success') return;
    if (passNeedsRecheck(pass, draft.containerNumber, change)) void verify(true);
    if (gateId !== null && record && candidatesNeedReload(candidates.data ?? null, change))
      void queryClient.invalidateQueries({ queryKey: smartGateQueryKeys.candidates(gateId, record.id) });
  });

  const snapshotData = () => ({
    images: record?.data.images.slice(0, 20),
    suggestedContainerNumber: record?.data.containerNumber || null,
    pickedCandidate: picked || undefined,
  });
  const text = (value: string) => value.trim() || undefined;

  // A record another operator took (issue 16: only one wins, the other gets the next record): say
  // so, empty the lane and take the next record, the message kept over it.
  const failed = (error: unknown) => {
    const message = errorMessageOf(error);
    status.fail(message);
    if (error instanceof ApiError && (error.code === 'ocrRecordTaken' || error.message === messages.ocrRecordTaken)) {
      setRecord(null);
      setDraftState(emptyLane());
      setPicked(false);
      setPass({ kind: 'unchecked' });
      requestIds.done();
      void queryClient.invalidateQueries({ queryKey: smartGateQueryKeys.count(gateId ?? 0) });
      void next(message);
    }
  };

  const dispatch = async (force?: { reason: string }, erpConfirmed = false) => {
    if (gateId === null || busy) return;
    if (!record) return status.fail(messages.ocrQueueEmpty);
    const containerNumber = draft.containerNumber.trim().toUpperCase();
    if (containerNumber === '') return status.fail(messages.ocrNotDetected);
    if (pass.kind === 'unchecked') return status.fail(messages.gatePassVerifyFirst);
    setBusy(true);
    status.working();
    let result: IgateDispatchResult;
    try {
      result = await api.smartGate.igateDispatch(
        {
          body: {
            requestId: requestIds.idFor(draft),
            gateId,
            recordId: record.id,
            containerNumber,
            containerSize: text(draft.containerSize),
            exitProcess: text(draft.process),
            exitTag: text(draft.tag),
            exitTrailerTag: text(draft.trailerTag),
            trailerNumber: text(draft.trailerNumber),
            forceDispatch: force !== undefined || erpConfirmed || undefined,
            gateOutDetails: {
              snapshotData: snapshotData(),
              gatePass: pass.kind === 'valid' ? { id: pass.pass.id, containerNumber: pass.pass.containerNumber } : null,
              forceDispatchReason: force?.reason,
            },
            differences: tagDifferences(draft),
          },
        },
        { action: true },
      );
    } catch (error) {
      setBusy(false);
      return failed(error);
    }
    setBusy(false);
    if (!result.dispatched && result.gatePassNotFound && !force) {
      status.fail(result.message ?? messages.gatePassNotFound);
      setAsking('force');
      return;
    }
    if (!result.dispatched && result.foundInErp && !erpConfirmed) {
      status.clear();
      const ok = await confirmDialog({
        title: 'Dispatch',
        message: messages.dispatchFoundInErp(containerNumber),
        confirmLabel: 'Dispatch',
      });
      if (ok) await dispatch(force, true);
      return;
    }
    if (!result.dispatched) return status.fail(result.message ?? result.responsestatus);
    requestIds.done();
    status.succeed(result.message ?? messages.dispatchSuccessful, GATE_RESET_MS.dispatch, reset);
  };

  const gateIn = async (options: { skipValidation?: boolean; allowExpiredTag?: boolean } = {}) => {
    if (gateId === null || busy) return;
    if (!record) return status.fail(messages.ocrQueueEmpty);
    const containerNumber = draft.containerNumber.trim().toUpperCase();
    if (containerNumber === '') return status.fail(messages.ocrNotDetected);
    const body: IgateInForm = {
      requestId: requestIds.idFor(draft),
      gateId,
      recordId: record.id,
      mode: 'single',
      container1Data: {
        containerNumber,
        containerSize: text(draft.containerSize),
        containerType: text(draft.containerType),
        gateInPurpose: text(draft.process),
        tagId: text(draft.tag),
        activityGroup: ACTIVITY_GROUPS.container,
      },
      trailerTag1: text(draft.trailerTag),
      trailerNumber: text(draft.trailerNumber),
      skipValidation: options.skipValidation,
      allowExpiredTag: options.allowExpiredTag,
      snapshotData: snapshotData(),
      // The OCR difference fields the screen reports are the exit readers' (spec 2 §3): none at gate-in.
    };
    // The gate clerk's own form rules (spec 1 §5), before anything is sent.
    const problem = gateInFormProblem(body);
    if (problem) return status.fail(problem.message);
    setBusy(true);
    status.working();
    let result: IgateInResult;
    try {
      result = await api.smartGate.igateIn({ body }, { action: true });
    } catch (error) {
      setBusy(false);
      return failed(error);
    }
    setBusy(false);
    if (result.invalidNumbers?.length) {
      status.clear();
      const ok = await confirmDialog({
        title: 'Gate-in',
        message: `${result.message ?? result.responsestatus} ${result.invalidNumbers.join(', ')}. Do you still want to gate in?`,
        confirmLabel: 'Gate in',
      });
      if (ok) await gateIn({ ...options, skipValidation: true });
      return;
    }
    if (result.expiredTag) {
      status.clear();
      const ok =
        result.expiredTag.allowed &&
        (await confirmDialog({
          title: messages.tagExpiredTitle,
          message: result.expiredTag.message,
          confirmLabel: 'Use it',
        }));
      if (ok) await gateIn({ ...options, allowExpiredTag: true });
      else status.fail(result.expiredTag.message);
      return;
    }
    if (result.containers.length === 0) return status.fail(result.message ?? result.responsestatus);
    requestIds.done();
    status.succeed(result.message ?? messages.gateInSuccessful, GATE_RESET_MS.gateIn, reset);
  };

  const submit = () => void (kind === 'OUT' ? dispatch() : gateIn());

  // The reason dialog's answer: a forced dispatch, or the purge of the gate's pending records.
  const answerReason = async (reason: string) => {
    const ask = asking;
    setAsking(null);
    if (ask === 'force') return dispatch({ reason });
    if (ask === 'purge' && gateId !== null) {
      try {
        const answer = await api.ocr.clear({ body: { gateId, comment: reason } }, { action: true });
        status.succeed(`${answer.count} OCR record(s) purged`);
        setRecord(null);
        void queryClient.invalidateQueries({ queryKey: smartGateQueryKeys.all });
      } catch (error) {
        status.fail(errorMessageOf(error));
      }
    }
  };

  return {
    record,
    draft,
    setDraft,
    picked,
    pass,
    offered,
    candidates: candidates.data ?? null,
    liveRefusal,
    status: status.status,
    busy,
    asking,
    setAsking,
    next: () => next(),
    pick,
    verify: () => verify(),
    submit,
    answerReason,
    reset,
  };
}
