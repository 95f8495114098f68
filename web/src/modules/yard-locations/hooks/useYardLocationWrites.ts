import { messages, type YardLocationInput } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { containersQueryKeys } from '../../containers/utils/containersQueryKeys';
import { yardLocationsQueryKeys } from '../utils/yardLocationsQueryKeys';

// The yard location writes (spec 3 §8): save (POST a new one, PUT with its id) with 'Yard location
// saved successfully', a refusal under 'Yard location could not be saved' with the server's words
// (the form also puts it on its field); delete by id. The master lists the task forms and the
// machine form read (yard locations, yard zones) are reloaded with the page's list.
export function useYardLocationWrites() {
  const invalidates = [
    yardLocationsQueryKeys.all,
    containersQueryKeys.masterList('yardLocations'),
    containersQueryKeys.masterList('yardZones'),
  ];
  const save = useNotifyingMutation({
    mutationFn: ({ id, body }: { id: number | null; body: YardLocationInput }) =>
      id === null ? api.yardLocations.create({ body }) : api.yardLocations.update({ params: { id }, body }),
    success: (reply) => reply.message,
    refusalTitle: messages.yardLocationNotSaved,
    refusalAs: 'notice',
    invalidates,
  });
  const remove = useNotifyingMutation({
    mutationFn: (id: number) => api.yardLocations.delete({ params: { id } }),
    success: (reply) => reply.message,
    invalidates,
  });
  return { save, remove };
}
