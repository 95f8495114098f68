import { messages } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { configureQueryKeys } from '../utils/configureQueryKeys';

// DELETE /rest/configuration/{id}.
export function useDeleteRule() {
  return useNotifyingMutation({
    mutationFn: (id: number) => api.configuration.delete({ params: { id } }),
    success: (reply) => reply.message ?? messages.ruleDeleted,
    invalidates: [configureQueryKeys.rules],
  });
}
