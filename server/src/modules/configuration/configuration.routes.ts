import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { ConfigurationService } from './configuration.service';

// The configuration calls of the catalogue (contracts/src/api/routes/configuration.ts). Saving a
// rule needs the enterprise edition: the service says so (reading the rules does not).
export async function configurationRoutes(
  app: FastifyInstance,
  { configuration }: { configuration: ConfigurationService },
) {
  registerRoutes(app, routes.configuration, {
    load: () => configuration.load(),
    save: (request) => configuration.save(request.body, requirePrincipal(request)),
    delete: (request) => configuration.delete(request.params.id),
  });
}
