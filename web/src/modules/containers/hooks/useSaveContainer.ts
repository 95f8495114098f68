import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContainerInput } from '@openyard/contracts';
import { api } from '../../../api/http';
import { refreshContainerData } from '../utils/refreshContainerData';

// PUT /rest/enterprise/containers: the reply 'Invalid container number...' writes nothing until
// the same input comes back with skipValidation (spec 1 §5).
export function useSaveContainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContainerInput) => api.containers.save({ body: input }),
    onSettled: () => refreshContainerData(queryClient),
  });
}
