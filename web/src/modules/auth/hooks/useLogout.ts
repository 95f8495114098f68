import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { api } from '../../../api/http';
import { currentUserState } from '../../../app/states/currentUserState';
import { loginNoticeState } from '../../../app/states/loginNoticeState';
import { lastAccessStorage } from '../../../app/utils/lastAccessStorage';

// Ends the session on the server (POST /rest/user/logout; the spec's GET stays for its clients) and here, then opens the login page,
// optionally with a notice (e.g. the session expired).
export function useLogout(): (notice?: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setUser = useSetAtom(currentUserState);
  const setNotice = useSetAtom(loginNoticeState);
  return useCallback(
    async (notice?: string) => {
      try {
        await api.auth.logout();
      } catch (error) {
        // The session ends on this side regardless; the server's own idle expiry ends it there.
        console.warn('Openyard: logout request failed', error);
      }
      lastAccessStorage.clear();
      setNotice(notice ?? null);
      setUser(null);
      queryClient.clear();
      await navigate('/login', { replace: true });
    },
    [navigate, queryClient, setNotice, setUser],
  );
}
