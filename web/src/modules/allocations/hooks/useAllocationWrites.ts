import { messages, type MachineAllocationSave } from '@openyard/contracts';
import { api } from '../../../api/http';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { allocationsQueryKeys } from '../utils/allocationsQueryKeys';
import { saveInTurn } from '../utils/saveInTurn';

// The allocation writes: add (one area's new allocations, the form shows a refusal), the Gantt's
// edits (one save per area, in turn; what stays refused is the caller's to show), delete by ids.
export function useAllocationWrites() {
  const invalidates = [allocationsQueryKeys.all];
  const add = useNotifyingMutation({
    mutationFn: (body: MachineAllocationSave) => api.machineAllocations.save({ body }),
    success: (reply) => reply.message,
    invalidates,
    quiet: true,
  });
  const saveEdits = useNotifyingMutation({
    mutationFn: (saves: readonly MachineAllocationSave[]) =>
      saveInTurn(saves, (body) => api.machineAllocations.save({ body }), errorMessageOf),
    success: (outcome) => (outcome.refused.length ? undefined : messages.allocationsSaved),
    invalidates,
  });
  const remove = useNotifyingMutation({
    mutationFn: (ids: readonly number[]) => api.machineAllocations.delete({ query: { ids: ids.join(',') } }),
    success: (reply) => reply.message,
    invalidates,
  });
  return { add, saveEdits, remove };
}
