import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { configureQueryKeys } from '../utils/configureQueryKeys';

// GET /rest/configuration/load: every colour rule with its cells; kept current by useRulesLive.
export function useRules() {
  return useQuery({
    queryKey: configureQueryKeys.rules,
    queryFn: () => api.configuration.load(),
  });
}
