import { messages, type RoleCreate, type RoleUpdate } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { usersQueryKeys } from '../utils/usersQueryKeys';

const renaming = (body: RoleCreate | RoleUpdate): body is RoleUpdate => 'id' in body;

// POST /rest/enterprise/roles for a new role, PUT for a renamed one (the body carries its id).
// A refusal is the spec's failure notice with the server's words; the form shows it too.
export function useSaveRole() {
  return useNotifyingMutation({
    mutationFn: (body: RoleCreate | RoleUpdate) =>
      renaming(body) ? api.roles.rename({ body }) : api.roles.create({ body }),
    success: (_, body) => (renaming(body) ? messages.roleUpdated : messages.roleAdded),
    refusalTitle: (body) => (renaming(body) ? messages.roleNotUpdated : messages.roleNotAdded),
    refusalAs: 'notice',
    invalidates: [usersQueryKeys.all],
  });
}
