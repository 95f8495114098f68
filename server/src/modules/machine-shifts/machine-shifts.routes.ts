import type { FastifyInstance } from 'fastify';
import { idsOf, routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import type { MachineShiftsService } from './machine-shifts.service';

// The machine shift calls of the catalogue (contracts/src/api/routes/machine-shifts.ts).
export async function machineShiftsRoutes(app: FastifyInstance, { shifts }: { shifts: MachineShiftsService }) {
  registerRoutes(app, routes.machineShifts, {
    masterList: () => shifts.list(),
    list: () => shifts.list(),
    create: (request) => shifts.create(request.body),
    update: (request) => shifts.update(request.body),
    delete: (request) => shifts.delete(idsOf(request.query)),
  });
}
