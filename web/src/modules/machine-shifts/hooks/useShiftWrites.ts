import { messages, type MachineShiftInput } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { shiftsQueryKeys } from '../utils/shiftsQueryKeys';

// The shift writes: save (POST a new one, PUT with its id) with the spec's notices ('Shift Added
// successfully', 'Shift updated successfully'), a refusal shown by the form with the server's words
// (spec 2 §8 "Shift save failure shows the returned status text"); delete by comma-joined ids.
export function useShiftWrites() {
  const invalidates = [shiftsQueryKeys.all];
  const save = useNotifyingMutation({
    mutationFn: (body: MachineShiftInput) =>
      body.id ? api.machineShifts.update({ body }) : api.machineShifts.create({ body }),
    success: (reply) => reply.message,
    invalidates,
    quiet: true,
  });
  const remove = useNotifyingMutation({
    mutationFn: (ids: readonly number[]) => api.machineShifts.delete({ query: { ids: ids.join(',') } }),
    success: (reply) => reply.message || messages.shiftsDeleted(reply.deletedIds.length),
    invalidates,
  });
  return { save, remove };
}
