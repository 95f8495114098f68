import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RuleInput, RuleSaved } from '@openyard/contracts';
import { http } from '../../../api/http';
import { configureQueryKeys } from '../utils/configureQueryKeys';

// POST /rest/configuration: a new rule (no id) or an existing one changed.
export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RuleInput) => http.post<RuleSaved>('/rest/configuration', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configureQueryKeys.rules }),
  });
}
