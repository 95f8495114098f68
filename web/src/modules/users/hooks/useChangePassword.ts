import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@openyard/contracts';
import { api } from '../../../api/http';

// POST /rest/enterprise/users/changePassword; success is responsestatus 'passwordUpdated'.
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.users.changePassword({ body }),
  });
}
