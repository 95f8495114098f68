import { masterListOf, masterReadRoutesOf, type MasterItemInput, type MasterListKey } from '@openyard/contracts';
import { api } from '../../../api/http';
import { masterDataQueryKeys } from '../../../api/masterDataQueryKeys';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';

// The editor's writes (issue 22): save (POST a new item, PUT one with its id) with the server's
// notice, a refusal shown by the form on its field; delete with the notice, a refusal (an item in
// use) as the alert with the server's words.
export function useMasterItemWrites(list: MasterListKey) {
  const invalidates = masterReadRoutesOf(list).map((route) => masterDataQueryKeys.list(route));
  const save = useNotifyingMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MasterItemInput }) =>
      id === null ? api.masterData.createItem({ body }) : api.masterData.updateItem({ params: { id }, body }),
    success: (reply) => reply.message,
    invalidates,
    quiet: true,
  });
  const remove = useNotifyingMutation({
    mutationFn: (id: number) => api.masterData.deleteItem({ params: { list, id } }),
    success: (reply) => reply.message,
    refusalTitle: `${masterListOf(list).noun} could not be deleted`,
    invalidates,
  });
  return { save, remove };
}
