import type { FastifyInstance } from 'fastify';
import { deviceUsername, offsetFromOneBasedSkip, routes } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { registerRoutes } from '../../lib/routes';
import { gatesRepository } from '../gates/gates.repository';
import { deviceLogsRepository, toDeviceLogEntry } from './device-logs.repository';

// The device-log calls of the catalogue (contracts/src/api/routes/device-logs.ts).
export async function deviceLogsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  registerRoutes(app, routes.deviceLogs, {
    page: async (request) => {
      const filter = request.query.filterString ?? 'All';
      const { rows, total } = await deviceLogsRepository.page(db, {
        deviceId: request.params.x === 'all' ? null : request.params.x,
        type: filter === 'All' ? null : filter,
        offset: offsetFromOneBasedSkip(request.query.skip),
        limit: request.query.limit ?? 100,
      });
      return { entities: rows.map(toDeviceLogEntry), totalCount: total };
    },
    // Every registered reader, plus any other device that has logged something.
    deviceIds: async () => {
      const [logged, readers] = await Promise.all([deviceLogsRepository.deviceIds(db), gatesRepository.readers(db)]);
      return [...new Set([...readers.map((reader) => deviceUsername('reader', reader.id)), ...logged])].sort();
    },
  });
}
