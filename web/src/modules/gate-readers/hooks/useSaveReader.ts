import type { GateReaderInput, GateReaderSaved } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation, type NotifyingMutationOptions } from '../../../ui/useNotifyingMutation';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

export interface ReaderSave {
  id: number | null;
  input: GateReaderInput;
}

// POST /rest/enterprise/gate/reader for a new reader, PUT /rest/enterprise/gate/reader/{id} otherwise.
// The caller words the success (added, updated, attached to a gate) and says whether it shows a
// refusal itself (a form).
export function useSaveReader({
  success,
  quiet,
}: Pick<NotifyingMutationOptions<ReaderSave, GateReaderSaved>, 'success' | 'quiet'>) {
  return useNotifyingMutation({
    mutationFn: ({ id, input }: ReaderSave) =>
      id === null ? api.gates.createReader({ body: input }) : api.gates.updateReader({ params: { id }, body: input }),
    success,
    quiet,
    invalidates: [gatesQueryKeys.all],
  });
}
