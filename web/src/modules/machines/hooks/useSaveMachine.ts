import { messages, type MachineInput } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { machinesQueryKeys } from '../utils/machinesQueryKeys';

// POST /rest/enterprise/machines: a new machine, or an edit when the body carries its id. The
// form shows a refusal on its field (quiet).
export function useSaveMachine() {
  return useNotifyingMutation({
    mutationFn: (body: MachineInput) => api.machines.save({ body }),
    success: (_reply, input) => (input.id ? messages.machineUpdated : messages.machineAdded),
    invalidates: [machinesQueryKeys.list],
    quiet: true,
  });
}
