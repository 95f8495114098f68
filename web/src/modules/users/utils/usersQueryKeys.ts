import type { ListSort } from '../../../ui/ListSort';

// One root so that every change on the Users screen can refresh all of its lists at once.
export const usersQueryKeys = {
  all: ['users'] as const,
  usersPage: (page: number, sort: ListSort | null) => ['users', 'users', page, sort] as const,
  rolesPage: (page: number) => ['users', 'roles', page] as const,
  roleNames: ['users', 'role-names'] as const,
  rolePermissions: ['users', 'role-permissions'] as const,
  userGates: (id: number) => ['users', 'gates', id] as const,
  displayTokens: ['users', 'display-tokens'] as const,
};
