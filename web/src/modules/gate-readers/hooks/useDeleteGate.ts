import type { Gate } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// DELETE /rest/enterprise/gate/{id}?deleteReaders=…: the readers go too, or stay on no gate.
export function useDeleteGate() {
  return useNotifyingMutation({
    mutationFn: ({ gate, deleteReaders }: { gate: Gate; deleteReaders: boolean }) =>
      api.gates.delete({ params: { id: gate.id }, query: { deleteReaders } }),
    success: (_, { gate }) => `Gate ${gate.name} deleted`,
    invalidates: [gatesQueryKeys.all],
  });
}
