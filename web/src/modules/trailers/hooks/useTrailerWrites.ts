import { messages, type TrailerDispatchQuery, type TrailerInput } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { trailersQueryKeys } from '../utils/trailersQueryKeys';

// The trailer writes of the screen: save (POST for a new one, PUT with its id), delete, dispatch.
// A save's refusal shows on its form (quiet); the others alert with the server's words.
export function useTrailerWrites() {
  const invalidates = [trailersQueryKeys.trailers];
  const save = useNotifyingMutation({
    mutationFn: (body: TrailerInput) => (body.id ? api.trailers.update({ body }) : api.trailers.create({ body })),
    success: (reply) => reply.message ?? messages.trailerSavedNotice,
    invalidates,
    quiet: true,
  });
  const remove = useNotifyingMutation({
    mutationFn: (id: number) => api.trailers.delete({ params: { id } }),
    success: (reply) => reply.message ?? messages.trailerDeleted,
    invalidates,
  });
  const dispatch = useNotifyingMutation({
    mutationFn: (query: TrailerDispatchQuery) => api.trailers.dispatch({ query }, { action: true }),
    success: (reply) => reply.message ?? messages.trailerDispatched,
    invalidates,
    quiet: true,
  });
  return { save, remove, dispatch };
}
