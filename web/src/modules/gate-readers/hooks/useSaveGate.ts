import type { GateInput } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// POST /rest/enterprise/gate for a new gate, PUT /rest/enterprise/gate/{id} for an existing one.
// A refusal shows in the form (GateFormModal).
export function useSaveGate() {
  return useNotifyingMutation({
    mutationFn: ({ id, input }: { id: number | null; input: GateInput }) =>
      id === null ? api.gates.create({ body: input }) : api.gates.update({ params: { id }, body: input }),
    success: (reply, { id }) => (id === null ? `Gate ${reply.gate.name} added` : `Gate ${reply.gate.name} updated`),
    invalidates: [gatesQueryKeys.all],
    quiet: true,
  });
}
