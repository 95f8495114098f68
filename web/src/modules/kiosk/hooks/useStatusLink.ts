import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { statusLinkPath } from '@openyard/contracts';
import { api } from '../../../api/http';
import { metadataState } from '../../../app/states/metadataState';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { kioskQueryKeys } from '../utils/kioskQueryKeys';

// A gated-in visit's status link (issue 21): issued once per visit (asking again gives the same
// one), its address on the depot's public host; revoking it makes the next ask issue a new one.
export function useStatusLink(containerId: number) {
  const metadata = useAtomValue(metadataState);
  const link = useQuery({
    queryKey: kioskQueryKeys.statusLink(containerId),
    queryFn: () => api.kiosk.issueStatusLink({ body: { containerId } }),
    staleTime: Infinity,
  });
  const revoke = useNotifyingMutation({
    mutationFn: (token: string) => api.kiosk.revokeStatusLink({ params: { token } }),
    success: () => 'Status link revoked: a new one is shown to print',
    invalidates: [kioskQueryKeys.statusLink(containerId)],
  });
  const base = metadata?.publicBaseUrl || window.location.origin;
  return { link, url: link.data ? `${base}${statusLinkPath(link.data.token)}` : null, revoke };
}
