import type { ChangePasswordBody } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';

// POST /rest/enterprise/users/changePassword; success is responsestatus 'passwordUpdated'. The
// dialog says both outcomes itself (and logs out after a change).
export function useChangePassword() {
  return useNotifyingMutation({
    mutationFn: (body: ChangePasswordBody) => api.users.changePassword({ body }),
    quiet: true,
  });
}
