import type { FastifyInstance } from 'fastify';
import { messages, PAGE_SIZES, routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { UsersService } from './users.service';

// The users calls of the catalogue (contracts/src/api/routes/users.ts).
export async function usersRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  registerRoutes(app, routes.users, {
    page: (request) =>
      users.page(request.query.skip, request.query.limit ?? PAGE_SIZES.users, requirePrincipal(request), request.query),
    create: async (request) => ({
      responsestatus: 'success',
      message: messages.userAdded,
      user: await users.create(request.body, requirePrincipal(request)),
    }),
    update: async (request) => ({
      responsestatus: 'success',
      message: messages.userUpdated,
      user: await users.update(request.body, requirePrincipal(request)),
    }),
    delete: async (request) => {
      await users.delete(request.params.id, requirePrincipal(request));
      return { responsestatus: 'success', message: messages.userDeleted };
    },
    me: (request) => users.me(requirePrincipal(request)),
    changePassword: (request) => users.changePassword(request.body, requirePrincipal(request)),
    export: (request) =>
      users.export(
        request.query.startIndex ?? 1,
        request.query.pageSize,
        requirePrincipal(request),
        request.query.format,
        request.query,
      ),
  });
}
