import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { LoginBody } from '@openyard/contracts';
import { api } from '../../../api/http';
import { currentUserState } from '../../../app/states/currentUserState';
import { loginNoticeState } from '../../../app/states/loginNoticeState';
import { serverUnreachableState } from '../../../app/states/serverUnreachableState';
import { lastAccessStorage } from '../../../app/utils/lastAccessStorage';

// POST /rest/login. The server sets the session cookie (httpOnly); the token in the reply is for
// API clients and is deliberately dropped here.
export function useLogin() {
  const queryClient = useQueryClient();
  const setUser = useSetAtom(currentUserState);
  const setNotice = useSetAtom(loginNoticeState);
  const setUnreachable = useSetAtom(serverUnreachableState);
  return useMutation({
    mutationFn: (body: LoginBody) => api.auth.login({ body }),
    onSuccess: ({ token: _token, ...user }) => {
      // A fresh last-access time first, so the idle check does not judge the new session by the old one.
      lastAccessStorage.write(Date.now());
      queryClient.clear();
      setNotice(null);
      setUnreachable(false);
      setUser(user);
    },
  });
}
