import { messages, type PlaCardInput, type UploadFile } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { trailersQueryKeys } from '../utils/trailersQueryKeys';

// The PLA card writes: save (POST new, PUT with id), delete, and the sheet upload, whose per-row
// results the screen shows itself.
export function usePlaCardWrites(userName: string) {
  const invalidates = [trailersQueryKeys.plaCards];
  const save = useNotifyingMutation({
    mutationFn: (body: PlaCardInput) =>
      body.id ? api.trailers.updatePlaCard({ body }) : api.trailers.createPlaCard({ body }),
    success: (reply) => reply.message ?? messages.plaCardSavedNotice,
    invalidates,
    quiet: true,
  });
  const remove = useNotifyingMutation({
    mutationFn: (id: number) => api.trailers.deletePlaCard({ params: { id } }),
    success: (reply) => reply.message ?? messages.plaCardDeleted,
    invalidates,
  });
  const upload = useNotifyingMutation({
    mutationFn: (file: UploadFile) => api.trailers.uploadPlaCards({ body: { file, user: userName } }),
    invalidates,
  });
  return { save, remove, upload };
}
