import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import type { SurveysService } from './surveys.service';

// The survey calls of the catalogue (contracts/src/api/routes/surveys.ts).
export async function surveysRoutes(app: FastifyInstance, { surveys }: { surveys: SurveysService }) {
  registerRoutes(app, routes.surveys, {
    ofContainer: (request) => surveys.ofContainer(request.params.containerNumber, request.query),
    email: (request) => surveys.email(request.body),
  });
}
