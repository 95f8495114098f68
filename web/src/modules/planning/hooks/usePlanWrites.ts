import { messages, type EnginePlanBody, type PlanSaveBody } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { planningQueryKeys } from '../utils/planningQueryKeys';

// The planning writes (enterprise only, spec 2 §6): save a plan (its slots are reserved in one
// transaction), delete one (its reservations are released), and ask the engine for a proposal
// (auto-assign: a job whose placements the planner then changes and saves). Each reloads the
// queued containers and the plans.
export function usePlanWrites() {
  const invalidates = [planningQueryKeys.all];
  const save = useNotifyingMutation({
    mutationFn: (body: PlanSaveBody) => api.planning.save({ body }),
    success: (reply) => reply.message || messages.planSaved(reply.plan.name),
    invalidates,
  });
  const remove = useNotifyingMutation({
    mutationFn: ({ id }: { id: number; name: string }) => api.planning.delete({ params: { id } }),
    success: (reply, { name }) => reply.message || messages.planDeleted(name),
    invalidates,
  });
  const autoAssign = useNotifyingMutation({
    mutationFn: (body: EnginePlanBody) => api.planning.enginePlan({ body: { ...body, apply: false } }),
  });
  return { save, remove, autoAssign };
}
