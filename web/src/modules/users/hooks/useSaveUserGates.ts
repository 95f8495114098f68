import { messages, type User } from '@openyard/contracts';
import { api } from '../../../api/http';
import { smartGateQueryKeys } from '../../smart-gate/utils/smartGateQueryKeys';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// PUT users/:id/gates: the gates a user works, the first the one their smart gate screen selects.
// The own user's gates (and the menu's Smart Gate link) reload too.
export function useSaveUserGates(user: User) {
  return useNotifyingMutation({
    mutationFn: (gateIds: number[]) => api.smartGate.setUserGates({ params: { id: user.id }, body: { gateIds } }),
    success: messages.userGatesSaved,
    invalidates: [usersQueryKeys.userGates(user.id), smartGateQueryKeys.mine],
    quiet: true,
  });
}
