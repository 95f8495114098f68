import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GateInput } from '@openyard/contracts';
import { api } from '../../../api/http';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// POST /rest/enterprise/gate for a new gate, PUT /rest/enterprise/gate/{id} for an existing one.
export function useSaveGate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: GateInput }) =>
      id === null ? api.gates.create({ body: input }) : api.gates.update({ params: { id }, body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gatesQueryKeys.all }),
  });
}
