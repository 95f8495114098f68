import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MovementAlertUpdate } from '@openyard/contracts';
import { api } from '../../../api/http';
import { refreshContainerData } from '../utils/refreshContainerData';

// PUT /rest/enterprise/containers/update-movement-alert; success is responsestatus OK (spec 1 §7).
export function useUpdateMovementAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: MovementAlertUpdate) => {
      const reply = await api.containers.updateMovementAlert({ body: update });
      if (reply.responsestatus !== 'OK') throw new Error(reply.responsestatus);
      return reply;
    },
    onSettled: () => refreshContainerData(queryClient),
  });
}
