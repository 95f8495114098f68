import type { FastifyInstance } from 'fastify';
import { messages, PAGE_SIZES, routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { RolesService } from './roles.service';

// The roles calls of the catalogue (contracts/src/api/routes/roles.ts).
export async function rolesRoutes(app: FastifyInstance, { roles }: { roles: RolesService }) {
  registerRoutes(app, routes.roles, {
    page: (request) => roles.page(request.query.skip, request.query.limit ?? PAGE_SIZES.roles),
    create: async (request) => ({
      responsestatus: 'success',
      message: messages.roleAdded,
      role: await roles.create(request.body.name),
    }),
    rename: async (request) => ({
      responsestatus: 'success',
      message: messages.roleUpdated,
      role: await roles.rename(request.body.id, request.body.name),
    }),
    delete: async (request) => {
      await roles.delete(request.params.id);
      return { responsestatus: 'success', message: messages.roleDeleted };
    },
    permissions: async () => ({ rolePermissions: await roles.permissionsList() }),
    updatePermissions: async (request) => ({
      ...(await roles.updatePermissions(request.body, requirePrincipal(request))),
      message: messages.permissionsUpdated,
    }),
    list: () => roles.list(),
    find: (request) => roles.find(request.params.x, requirePrincipal(request)),
  });
}
