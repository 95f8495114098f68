import { messages, type PreAdviceInput, type UploadFile } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { preAdviceQueryKeys } from '../utils/preAdviceQueryKeys';

// The pre-advice writes: save (POST new, PUT with id), delete, and the sheet upload; each reloads
// the list (no live topic: only this screen changes the list as it looks at it).
export function usePreAdviceWrites(userName: string) {
  const invalidates = [preAdviceQueryKeys.all];
  const save = useNotifyingMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PreAdviceInput }) =>
      id ? api.preAdvices.update({ params: { id }, body: input }) : api.preAdvices.create({ body: input }),
    success: (reply) => reply.message,
    invalidates,
    quiet: true,
  });
  const remove = useNotifyingMutation({
    mutationFn: (id: number) => api.preAdvices.delete({ params: { id } }),
    success: (reply) => reply.message ?? messages.preAdviceDeleted,
    invalidates,
  });
  const upload = useNotifyingMutation({
    mutationFn: (file: UploadFile) => api.preAdvices.upload({ body: { file, user: userName } }),
    invalidates,
  });
  return { save, remove, upload };
}
