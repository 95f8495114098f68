import { messages } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { refreshContainerData } from '../utils/refreshContainerData';

// DELETE /rest/enterprise/containers/{id}: by id, so that only this visit of the number goes.
export function useDeleteContainer() {
  return useNotifyingMutation({
    mutationFn: (id: number) => api.containers.delete({ params: { n: String(id) } }),
    success: (reply) => reply.message ?? messages.containerDeleted,
    refresh: refreshContainerData,
  });
}
