import type { GateReader } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// DELETE /rest/enterprise/gate/reader/{id}
export function useDeleteReader() {
  return useNotifyingMutation({
    mutationFn: (reader: GateReader) => api.gates.deleteReader({ params: { id: reader.id } }),
    success: (_, reader) => `Reader ${reader.name} deleted`,
    invalidates: [gatesQueryKeys.all],
  });
}
