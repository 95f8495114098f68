import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContainerInput, ContainerSaved } from '@openyard/contracts';
import { http } from '../../../api/http';
import { refreshContainerData } from '../utils/refreshContainerData';

// PUT /rest/enterprise/containers: the reply 'Invalid container number...' writes nothing until
// the same input comes back with skipValidation (spec 1 §5).
export function useSaveContainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContainerInput) => http.put<ContainerSaved>('/rest/enterprise/containers', input),
    onSettled: () => refreshContainerData(queryClient),
  });
}
