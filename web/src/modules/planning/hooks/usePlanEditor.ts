import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  messages,
  PAGE_SIZES,
  routes,
  type EngineJob,
  type Plan,
  type QueuedContainer,
  type QueuedQuery,
  type RouteSpec,
} from '@openyard/contracts';
import { lockedFeatureState } from '../../../app/states/lockedFeatureState';
import { metadataState } from '../../../app/states/metadataState';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { confirmDialog } from '../../../ui/confirmDialog';
import { notifyError } from '../../../ui/notifyError';
import { notifySuccess } from '../../../ui/notifySuccess';
import type { GridPick } from '../../inventory/utils/GridPick';
import type { InventoryStore } from '../../inventory/utils/InventoryStore';
import type { YardGeometry } from '../../inventory/utils/yardGeometry';
import { lockedFeatureOf } from '../../tasks/utils/lockedFeatureOf';
import { confirmDiscardPlan } from '../utils/confirmDiscardPlan';
import {
  assignmentList,
  assignmentsOfPlan,
  mayAssign,
  nextUnassigned,
  sameAssignments,
  withAssignment,
  withoutAssignment,
  withPlacements,
  type Assignments,
} from '../utils/planAssignments';
import { assignedSlotsOf, chooseSlot, chooseSlotInArea, stackOfPick, type SlotFormat } from '../utils/planOnGrid';
import { ENGINE_JOB_RUNNING, useEngineJob } from './useEngineJob';
import { usePlanNameCheck } from './usePlanNameCheck';
import { usePlanWrites } from './usePlanWrites';
import { useQueuedContainers } from './useQueuedContainers';

export const NEW_SEARCH: QueuedQuery = { searchBy: 'containerNumber', query: '', includePlanned: false };

// What the planner does on Plan and Edit Plan (spec 2 §2, §4, §5): find queued containers, choose
// one, click a stack to give it a slot (the next one without a slot is chosen then), name and save
// the plan, ask the engine to propose slots (auto-assign), delete a plan. `plan`: the plan being
// edited, or null for a new one. Writes are enterprise only: the locked-feature modal otherwise.
export function usePlanEditor({
  plan,
  access,
  store,
  geometry,
  format,
  onSaved,
  onDeleted,
}: {
  plan: Plan | null;
  access: ScreenAccess;
  store: InventoryStore;
  geometry: YardGeometry;
  format: SlotFormat;
  onSaved?: (plan: Plan) => void;
  onDeleted?: () => void;
}) {
  const areaOnly = useAtomValue(metadataState)?.areaOnlyPlanning ?? false;
  const writes = usePlanWrites();
  const setLocked = useSetAtom(lockedFeatureState);
  const planId = plan?.id ?? null;
  const baseline = useMemo(() => assignmentsOfPlan(plan), [plan]);
  const [assignments, setAssignments] = useState<Assignments>(baseline);
  const [name, setName] = useState(plan?.name ?? '');
  const [active, setActive] = useState<string | null>(null);
  const [search, setSearch] = useState<QueuedQuery>(NEW_SEARCH);
  const [page, setPage] = useState(1);

  const queued = useQueuedContainers(search, access.enterprise);
  // The plan's own containers first (Edit Plan), then those the selector found.
  const rows = useMemo<QueuedContainer[]>(() => {
    const own = plan?.plannedContainers ?? [];
    const numbers = new Set(own.map((container) => container.containerNumber));
    return [...own, ...(queued.data ?? []).filter((container) => !numbers.has(container.containerNumber))];
  }, [plan, queued.data]);
  const sizes = useMemo(() => new Map(rows.map((row) => [row.containerNumber, row.size])), [rows]);
  const assigned = useMemo(
    () => assignedSlotsOf(assignments, sizes, geometry, format),
    [assignments, sizes, geometry, format],
  );
  // The plan's saved slots given back or moved in this edit: still reserved for the yard until the
  // save, drawn empty here.
  const released = useMemo(() => {
    const givenBack = new Map([...baseline].filter(([number, slot]) => assignments.get(number) !== slot));
    return assignedSlotsOf(givenBack, sizes, geometry, format).boxes;
  }, [baseline, assignments, sizes, geometry, format]);
  const dirty = !sameAssignments(assignments, baseline);
  const nameCheck = usePlanNameCheck(name, plan?.name ?? null);

  // A plan saved again (Edit Plan) starts from what was saved.
  const [shownPlan, setShownPlan] = useState(plan);
  if (shownPlan !== plan) {
    setShownPlan(plan);
    setAssignments(baseline);
    setName(plan?.name ?? '');
  }

  const unlessLocked = (route: Pick<RouteSpec, 'feature' | 'path'>, action: () => void) => {
    const locked = lockedFeatureOf(route, access);
    if (locked) setLocked(locked);
    else action();
  };
  const showRow = (containerNumber: string | null) => {
    const index = rows.findIndex((row) => row.containerNumber === containerNumber);
    if (index >= 0) setPage(Math.floor(index / PAGE_SIZES.planning) + 1);
  };

  // The store entries of this plan's containers: their reserved slots count as free for the plan,
  // whose save replaces them.
  const ownEntries = () => {
    if (!plan) return undefined;
    const numbers = plan.plannedContainers.map((container) => container.containerNumber);
    return new Set(store.findNumbers(numbers).filter((index) => store.planned[index] === 1));
  };

  const pick = (target: GridPick | null) => {
    if (!target || !access.canWrite) return;
    const stack = stackOfPick(target, store, geometry);
    if (!stack) return;
    const there = stack.slot === null ? undefined : assigned.bySlot.get(stack.slot);
    if (there !== undefined) {
      // A click on an assigned slot gives it back; its container is the one to place again.
      setAssignments((current) => withoutAssignment(current, there));
      setActive(there);
      showRow(there);
      return;
    }
    const box = rows.find((row) => row.containerNumber === active);
    if (!box || !mayAssign(box, planId)) {
      notifyError('Choose a queued container first, then click a stack to plan it there');
      return;
    }
    const context = { store, geometry, slotFormat: format.slotFormat, assigned, free: ownEntries() };
    // Area-only planning: the click names the area; the slot in it is chosen for the box.
    const choice = areaOnly ? chooseSlotInArea(stack.areaId, box, context) : chooseSlot(stack, box, context);
    if (!choice.ok) {
      notifyError(choice.message);
      return;
    }
    const next = withAssignment(assignments, box.containerNumber, choice.slotFullName);
    setAssignments(next);
    const following = nextUnassigned(rows, next, box.containerNumber, planId);
    setActive(following);
    showRow(following);
  };

  // Spec 2 §4: a new selection asks before unsaved assignments go.
  const changeSearch = async (next: QueuedQuery) => {
    if (!(await confirmDiscardPlan(dirty))) return;
    setAssignments(baseline);
    setActive(null);
    setPage(1);
    setSearch(next);
  };

  const unassign = useCallback(
    (containerNumber: string) => setAssignments((current) => withoutAssignment(current, containerNumber)),
    [],
  );

  const discard = async () => {
    if (!(await confirmDiscardPlan(dirty))) return;
    setAssignments(baseline);
  };

  const save = () =>
    unlessLocked(routes.planning.save, () =>
      writes.save.mutate(
        {
          id: planId,
          name: name.trim(),
          assignments: assignmentList(assignments, rows),
          searchedContainers: rows.map((row) => row.containerNumber),
        },
        {
          onSuccess: (reply) => {
            if (!plan) {
              setAssignments(baseline);
              setName('');
              setActive(null);
            }
            onSaved?.(reply.plan);
          },
        },
      ),
    );

  const remove = () =>
    unlessLocked(routes.planning.delete, () => {
      if (!plan) return;
      void confirmDialog({
        title: 'Delete plan',
        message: messages.confirmDeletePlan,
        confirmLabel: 'Delete',
        danger: true,
      }).then((confirmed) => {
        if (confirmed) writes.remove.mutate({ id: plan.id, name: plan.name }, { onSuccess: () => onDeleted?.() });
      });
    });

  // Auto-assign: the engine proposes slots for the listed containers without one (a job; its
  // progress shows); the proposal becomes unsaved assignments the planner may change, then saves.
  const [engineJob, setEngineJob] = useState<EngineJob | null>(null);
  const jobQuery = useEngineJob(engineJob);
  const running = engineJob !== null && (!jobQuery.data || ENGINE_JOB_RUNNING.includes(jobQuery.data.status));
  const autoAssign = () =>
    unlessLocked(routes.planning.enginePlan, () => {
      const open = rows.filter((row) => !assignments.has(row.containerNumber) && mayAssign(row, planId));
      if (!open.length) {
        notifyError('Every container listed has a slot');
        return;
      }
      writes.autoAssign.mutate(
        { containerNumbers: open.map((row) => row.containerNumber) },
        { onSuccess: (started) => setEngineJob(started) },
      );
    });
  const finished =
    engineJob && jobQuery.data && !ENGINE_JOB_RUNNING.includes(jobQuery.data.status) ? jobQuery.data : null;
  // Once per job, while rendering (React's way for state that follows other state): the job is let
  // go, so `finished` is null from the next render on; the notice goes out after the render.
  const [outcome, setOutcome] = useState<{
    jobId: string;
    ok: boolean;
    text: string;
    detail?: string;
    // The slots proposed, for the grid to go to.
    proposed?: string[];
  } | null>(null);
  if (finished) {
    setEngineJob(null);
    if (finished.status === 'done') {
      const { assignments: next, skipped } = withPlacements(assignments, finished.placements);
      const left = finished.unplaced.length + skipped.length;
      setAssignments(next);
      setOutcome({
        jobId: finished.jobId,
        ok: true,
        text: `Proposed ${next.size - assignments.size} slots${left ? `; ${left} containers without one` : ''}. Save to keep them.`,
        proposed: [...next].filter(([number]) => !assignments.has(number)).map(([, slot]) => slot),
      });
    } else
      setOutcome({ jobId: finished.jobId, ok: false, text: 'Auto-assign failed', detail: finished.error ?? undefined });
  }
  useEffect(() => {
    if (outcome?.ok) notifySuccess(outcome.text);
    else if (outcome) notifyError(outcome.text, outcome.detail);
  }, [outcome]);

  return {
    rows,
    queued,
    search,
    changeSearch,
    page,
    setPage,
    active,
    setActive,
    assignments,
    baseline,
    assigned,
    released,
    dirty,
    name,
    setName,
    nameCheck,
    pick,
    unassign,
    discard,
    save,
    saving: writes.save.isPending,
    remove,
    deleting: writes.remove.isPending,
    autoAssign,
    autoAssigning: writes.autoAssign.isPending || running,
    engineProgress: running ? (jobQuery.data?.progress ?? 0) : null,
    planId,
    areaOnly,
    // The last auto-assign's outcome (a new object per run).
    outcome,
  };
}

export type PlanEditor = ReturnType<typeof usePlanEditor>;
