import { useQuery } from '@tanstack/react-query';
import type { Rule } from '@openyard/contracts';
import { http } from '../../../api/http';
import { inventoryQueryKeys } from '../utils/inventoryQueryKeys';

// GET /rest/configuration/load: the colour rules of the configure screen, for the rule layer.
export function useColourRules(enabled: boolean) {
  return useQuery({
    queryKey: inventoryQueryKeys.rules,
    queryFn: () => http.get<Rule[]>('/rest/configuration/load'),
    enabled,
    staleTime: Infinity,
  });
}
