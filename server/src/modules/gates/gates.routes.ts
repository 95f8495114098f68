import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import type { GatesService } from './gates.service';

// The gates calls of the catalogue (contracts/src/api/routes/gates.ts).
export async function gatesRoutes(app: FastifyInstance, { gates }: { gates: GatesService }) {
  registerRoutes(app, routes.gates, {
    list: () => gates.gates(),
    create: async (request) => ({ responsestatus: 'success', ...(await gates.createGate(request.body)) }),
    unusedReaders: () => gates.unusedReaders(),
    readers: () => gates.readers(),
    createReader: async (request) => ({ responsestatus: 'success', ...(await gates.createReader(request.body)) }),
    updateReader: async (request) => ({
      responsestatus: 'success',
      ...(await gates.updateReader(request.params.id, request.body)),
    }),
    deleteReader: async (request) => {
      await gates.deleteReader(request.params.id);
      return { responsestatus: 'success' };
    },
    renewReaderCredentials: (request) => gates.renewReaderCredentials(request.params.id),
    get: (request) => gates.gate(request.params.id),
    update: async (request) => ({
      responsestatus: 'success',
      ...(await gates.updateGate(request.params.id, request.body)),
    }),
    delete: async (request) => {
      await gates.deleteGate(request.params.id, request.query.deleteReaders ?? false);
      return { responsestatus: 'success' };
    },
    renewCredentials: (request) => gates.renewGateCredentials(request.params.id),
    disassociateReader: async (request) => ({
      responsestatus: 'success',
      ...(await gates.disassociateReader(request.params.gateId, request.params.readerId)),
    }),
    deleteGateReader: async (request) => {
      await gates.deleteReader(request.params.readerId, request.params.gateId);
      return { responsestatus: 'success' };
    },
  });
}
