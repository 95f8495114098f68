import { useQuery } from '@tanstack/react-query';
import type { Rule } from '@openyard/contracts';
import { http } from '../../../api/http';
import { configureQueryKeys } from '../utils/configureQueryKeys';

// GET /rest/configuration/load: every colour rule with its cells; kept current by useRulesLive.
export function useRules() {
  return useQuery({
    queryKey: configureQueryKeys.rules,
    queryFn: () => http.get<Rule[]>('/rest/configuration/load'),
  });
}
