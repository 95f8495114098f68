import { messages, type DisplayTokenCreate } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// Make a display token (the answer is the only time the token is shown) and revoke one (the
// display's session and live connection end at once).
export function useDisplayTokenWrites() {
  const create = useNotifyingMutation({
    mutationFn: (body: DisplayTokenCreate) => api.displayTokens.create({ body }),
    success: messages.displayTokenCreated,
    quiet: true,
    invalidates: [usersQueryKeys.displayTokens],
  });
  const revoke = useNotifyingMutation({
    mutationFn: (id: number) => api.displayTokens.revoke({ params: { id } }),
    success: messages.displayTokenRevoked,
    invalidates: [usersQueryKeys.displayTokens, usersQueryKeys.all],
  });
  return { create, revoke };
}
