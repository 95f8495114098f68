import { useQueries } from '@tanstack/react-query';
import { RULE_ALL, STALE_TIMES_MS } from '@openyard/contracts';
import { api } from '../../../api/http';
import { masterDataQueryKeys } from '../../../api/masterDataQueryKeys';
import { RULE_FILTERS, type RuleFilterName } from '../utils/RuleFilterName';

// The choices of each rule filter: 'All' and the names of its master-data list.
export function useRuleFilterOptions(): Record<RuleFilterName, string[]> {
  const results = useQueries({
    queries: RULE_FILTERS.map((filter) => ({
      queryKey: masterDataQueryKeys.list(filter.list),
      queryFn: () => (api.masterData[filter.list] as () => Promise<readonly { name: string }[]>)(),
      staleTime: STALE_TIMES_MS.masterLists,
    })),
  });
  return Object.fromEntries(
    RULE_FILTERS.map((filter, index) => [
      filter.name,
      [RULE_ALL, ...[...new Set((results[index]?.data ?? []).map((item) => item.name))]],
    ]),
  ) as Record<RuleFilterName, string[]>;
}
