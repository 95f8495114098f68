import { messages, type ItvInput } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { itvsQueryKeys } from '../utils/itvsQueryKeys';

// The ITV writes: save (POST a new one, PUT with its id; the form shows a refusal on its field) and
// delete of the selected ITVs by comma-joined ids (spec 2 §7; enterprise only, spec 2 §6).
export function useItvWrites() {
  const invalidates = [itvsQueryKeys.all];
  const save = useNotifyingMutation({
    mutationFn: async (body: ItvInput) =>
      body.id
        ? { ...(await api.machines.updateItv({ body })), credentials: undefined }
        : api.machines.createItv({ body }),
    success: (_reply, input) => (input.id ? messages.itvUpdated : messages.itvAdded),
    invalidates,
    quiet: true,
  });
  const remove = useNotifyingMutation({
    mutationFn: (ids: readonly number[]) => api.machines.deleteItvs({ query: { ids: ids.join(',') } }),
    success: (reply, ids) => reply.message ?? messages.itvsDeleted(ids.length),
    invalidates,
  });
  return { save, remove };
}
