import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RuleInput } from '@openyard/contracts';
import { api } from '../../../api/http';
import { configureQueryKeys } from '../utils/configureQueryKeys';

// POST /rest/configuration: a new rule (no id) or an existing one changed.
export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RuleInput) => api.configuration.save({ body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configureQueryKeys.rules }),
  });
}
