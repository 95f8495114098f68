import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { smartGateQueryKeys } from '../utils/smartGateQueryKeys';

// The gates the user works (spec 2 §2), with where the menu's Smart Gate link goes.
export function useMyGates() {
  return useQuery({ queryKey: smartGateQueryKeys.mine, queryFn: () => api.smartGate.mine() });
}
