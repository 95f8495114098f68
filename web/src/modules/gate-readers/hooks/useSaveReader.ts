import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GateReaderInput } from '@openyard/contracts';
import { api } from '../../../api/http';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// POST /rest/enterprise/gate/reader for a new reader, PUT /rest/enterprise/gate/reader/{id} otherwise.
export function useSaveReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: GateReaderInput }) =>
      id === null ? api.gates.createReader({ body: input }) : api.gates.updateReader({ params: { id }, body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gatesQueryKeys.all }),
  });
}
