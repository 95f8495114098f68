import { messages, type ChaAgentInput, type ChaAllocationInput } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { chaQueryKeys } from '../utils/chaQueryKeys';

// The CHA screen's saves. An allocation save says 'Successfully saved current allocation.' or,
// refused, 'Something went wrong, Please try again.' over the server's words (spec 1 §8 CHA save);
// the contacts and a new agent the same way.
export function useChaWrites() {
  const invalidates = [chaQueryKeys.all];
  const refusalTitle = messages.chaSaveFailed;
  const saveAllocation = useNotifyingMutation({
    mutationFn: ({
      agentId,
      allocationId,
      body,
    }: {
      agentId: number;
      allocationId: number | null;
      body: ChaAllocationInput;
    }) =>
      allocationId === null
        ? api.cha.createAllocation({ params: { id: agentId }, body })
        : api.cha.updateAllocation({ params: { id: agentId, allocId: allocationId }, body }),
    success: messages.chaAllocationSaved,
    refusalTitle,
    invalidates,
  });
  const saveContacts = useNotifyingMutation({
    mutationFn: ({ agentId, contacts }: { agentId: number; contacts: string[] }) =>
      api.cha.updateContacts({ params: { id: agentId }, body: contacts }),
    success: (reply) => reply.message,
    refusalTitle,
    invalidates,
  });
  const createAgent = useNotifyingMutation({
    mutationFn: (body: ChaAgentInput) => api.cha.create({ body }),
    success: (reply) => reply.message,
    invalidates,
    quiet: true,
  });
  return { saveAllocation, saveContacts, createAgent };
}
