import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { kioskQueryKeys } from '../utils/kioskQueryKeys';

// A status link's container (public): asked once; a refusal (revoked, unknown) is the answer.
export function useTrack(token: string) {
  return useQuery({
    queryKey: kioskQueryKeys.track(token),
    queryFn: () => api.kiosk.track({ params: { token } }, { action: true }),
    retry: false,
  });
}
