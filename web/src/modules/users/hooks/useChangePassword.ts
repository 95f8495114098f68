import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, StatusResponse } from '@openyard/contracts';
import { http } from '../../../api/http';

// POST /rest/enterprise/users/changePassword; success is responsestatus 'passwordUpdated'.
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => http.post<StatusResponse>('/rest/enterprise/users/changePassword', body),
  });
}
