import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { inventoryQueryKeys } from '../utils/inventoryQueryKeys';

// GET /rest/configuration/load: the colour rules of the configure screen, for the rule layer.
export function useColourRules(enabled: boolean) {
  return useQuery({
    queryKey: inventoryQueryKeys.rules,
    queryFn: () => api.configuration.load(),
    enabled,
    staleTime: Infinity,
  });
}
