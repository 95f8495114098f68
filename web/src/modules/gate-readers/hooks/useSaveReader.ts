import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GateReaderInput } from '@openyard/contracts';
import { http } from '../../../api/http';
import type { GateReaderSavedReply } from '../utils/gateSavedTypes';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// POST /rest/enterprise/gate/reader for a new reader, PUT /rest/enterprise/gate/reader/{id} otherwise.
export function useSaveReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: GateReaderInput }) =>
      id === null
        ? http.post<GateReaderSavedReply>('/rest/enterprise/gate/reader', input)
        : http.put<GateReaderSavedReply>(`/rest/enterprise/gate/reader/${id}`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gatesQueryKeys.all }),
  });
}
