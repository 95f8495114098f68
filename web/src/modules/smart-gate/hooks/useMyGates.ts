import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { smartGateQueryKeys } from '../utils/smartGateQueryKeys';

// The gates the user works (spec 2 §2), with where the menu's Smart Gate link goes (the screens
// and the side menu share this one query).
export function useMyGates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: smartGateQueryKeys.mine, queryFn: () => api.smartGate.mine(), enabled });
}
