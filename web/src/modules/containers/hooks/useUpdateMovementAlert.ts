import type { MovementAlertUpdate } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { refreshContainerData } from '../utils/refreshContainerData';

// PUT /rest/enterprise/containers/update-movement-alert; success is responsestatus OK (spec 1 §7).
export function useUpdateMovementAlert() {
  return useNotifyingMutation({
    mutationFn: async (update: MovementAlertUpdate) => {
      const reply = await api.containers.updateMovementAlert({ body: update });
      if (reply.responsestatus !== 'OK') throw new Error(reply.responsestatus);
      return reply;
    },
    success: (_reply, { containerIds, movementAlert }) =>
      `Movement alert ${movementAlert ? 'on' : 'off'} for ${containerIds.length} container${containerIds.length === 1 ? '' : 's'}`,
    refresh: refreshContainerData,
  });
}
