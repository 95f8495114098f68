import { messages, type PermanentTrailerInput, type UploadFile } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { trailersQueryKeys } from '../utils/trailersQueryKeys';

// The permanent trailer writes: save (POST new, PUT with id), delete, and the sheet upload.
export function usePermanentTrailerWrites(userName: string) {
  const invalidates = [trailersQueryKeys.permanent];
  const save = useNotifyingMutation({
    mutationFn: (body: PermanentTrailerInput) =>
      body.id ? api.trailers.updatePermanent({ body }) : api.trailers.createPermanent({ body }),
    success: (reply) => reply.message ?? messages.permanentTrailerSavedNotice,
    invalidates,
    quiet: true,
  });
  const remove = useNotifyingMutation({
    mutationFn: (id: number) => api.trailers.deletePermanent({ params: { id } }),
    success: (reply) => reply.message ?? messages.permanentTrailerDeleted,
    invalidates,
  });
  const upload = useNotifyingMutation({
    mutationFn: (file: UploadFile) => api.trailers.uploadPermanent({ body: { file, user: userName } }),
    invalidates,
  });
  return { save, remove, upload };
}
