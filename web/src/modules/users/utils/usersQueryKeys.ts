// One root so that every change on the Users screen can refresh all of its lists at once.
export const usersQueryKeys = {
  all: ['users'] as const,
  usersPage: (page: number) => ['users', 'users', page] as const,
  rolesPage: (page: number) => ['users', 'roles', page] as const,
  roleNames: ['users', 'role-names'] as const,
  rolePermissions: ['users', 'role-permissions'] as const,
};
