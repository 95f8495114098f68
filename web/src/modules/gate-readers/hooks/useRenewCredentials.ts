import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';

export type CredentialsOwner = { kind: 'reader'; id: number } | { kind: 'gate'; id: number };

// POST /rest/enterprise/gate/reader/{id}/credentials (a reader's login) or
// POST /rest/enterprise/gate/{id}/credentials (the login of the gate's cameras). The old password
// stops working at once; the new one is in this reply only (the caller shows it, no notice).
export function useRenewCredentials() {
  return useNotifyingMutation({
    mutationFn: (owner: CredentialsOwner) =>
      owner.kind === 'reader'
        ? api.gates.renewReaderCredentials({ params: { id: owner.id } })
        : api.gates.renewCredentials({ params: { id: owner.id } }),
  });
}
