import { messages, type GatePassInput, type UploadFile } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { smartGateQueryKeys } from '../utils/smartGateQueryKeys';

// The gate pass writes: save (POST new, PUT with its id), delete, and the sheet upload whose per-row
// results the screen shows. The list is reloaded after each write of this screen at once, and after
// anyone's through the `gate-passes` topic (useGatePassesLive).
export function useGatePassWrites(userName: string) {
  const invalidates = [smartGateQueryKeys.gatePassesAll];
  const save = useNotifyingMutation({
    mutationFn: (body: GatePassInput) =>
      body.id ? api.smartGate.updateGatePass({ body }) : api.smartGate.createGatePass({ body }),
    success: (reply) => reply.message || messages.gatePassSaved,
    invalidates,
    quiet: true,
  });
  const remove = useNotifyingMutation({
    mutationFn: (id: number) => api.smartGate.deleteGatePass({ params: { id } }),
    success: (reply) => reply.message ?? messages.gatePassDeleted,
    invalidates,
  });
  const upload = useNotifyingMutation({
    mutationFn: (file: UploadFile) => api.smartGate.uploadGatePasses({ body: { file, user: userName } }),
    invalidates,
  });
  return { save, remove, upload };
}
