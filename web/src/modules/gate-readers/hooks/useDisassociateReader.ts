import type { GateReader } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// PUT /rest/enterprise/gate/{gateId}/reader/{readerId}: the reader stays, on no gate.
export function useDisassociateReader() {
  return useNotifyingMutation({
    mutationFn: ({ gate, reader }: { gate: { id: number; name: string }; reader: GateReader }) =>
      api.gates.disassociateReader({ params: { gateId: gate.id, readerId: reader.id } }),
    success: (_, { gate, reader }) => `Reader ${reader.name} disassociated from ${gate.name}`,
    invalidates: [gatesQueryKeys.all],
  });
}
