import type { RuleInput } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { configureQueryKeys } from '../utils/configureQueryKeys';

// POST /rest/configuration: a new rule (no id) or an existing one changed. The server's message is
// the success notice; a refusal is alerted and shown on the form (RuleForm).
export function useSaveRule() {
  return useNotifyingMutation({
    mutationFn: (input: RuleInput) => api.configuration.save({ body: input }),
    success: (reply) => reply.message,
    invalidates: [configureQueryKeys.rules],
  });
}
