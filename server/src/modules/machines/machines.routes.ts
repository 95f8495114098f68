import type { FastifyInstance } from 'fastify';
import { messages, PAGE_SIZES, routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import type { MachinesService } from './machines.service';

// The machines and ITV calls of the catalogue (contracts/src/api/routes/machines.ts). Deleting
// ITVs needs the enterprise edition: its declaration names the feature, the access plugin checks it.
export async function machinesRoutes(app: FastifyInstance, { machines }: { machines: MachinesService }) {
  registerRoutes(app, routes.machines, {
    list: () => machines.machines(),
    save: (request) => machines.saveMachine(request.body),
    nameTaken: (request) => machines.nameTaken(request.query),
    yardMap: (request) => machines.yardMap(request.body),
    locations: () => machines.locations(),
    itvs: (request) => machines.itvs(request.query.skip, request.query.limit ?? PAGE_SIZES.itvs),
    createItv: (request) => machines.createItv(request.body),
    itvNumbersTaken: (request) => machines.itvNumbersTaken(request.query),
    updateItv: (request) => machines.updateItv(request.body),
    deleteItvs: async (request) => {
      const deleted = await machines.deleteItvs(request.query.ids);
      return { responsestatus: 'success', message: messages.itvsDeleted(deleted) };
    },
  });
}
