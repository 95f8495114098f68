import { messages, type UserCreate, type UserUpdate } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { usersQueryKeys } from '../utils/usersQueryKeys';

const editing = (body: UserCreate | UserUpdate): body is UserUpdate => 'id' in body;

// POST /rest/enterprise/users for a new user, PUT for an existing one (the body carries its id).
// A refusal is the spec's failure notice with the server's words; the form shows it too.
export function useSaveUser() {
  return useNotifyingMutation({
    mutationFn: (body: UserCreate | UserUpdate) =>
      editing(body) ? api.users.update({ body }) : api.users.create({ body }),
    success: (_, body) => (editing(body) ? messages.userUpdated : messages.userAdded),
    refusalTitle: (body) => (editing(body) ? messages.userNotUpdated : messages.userNotAdded),
    refusalAs: 'notice',
    invalidates: [usersQueryKeys.all],
  });
}
