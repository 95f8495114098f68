import type { FastifyInstance } from 'fastify';
import { PAGE_SIZES, routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import type { DeviceLogsService } from './device-logs.service';

// The device-log calls of the catalogue (contracts/src/api/routes/device-logs.ts).
export async function deviceLogsRoutes(app: FastifyInstance, { deviceLogs }: { deviceLogs: DeviceLogsService }) {
  registerRoutes(app, routes.deviceLogs, {
    // {x} is a device id such as reader-3, or `all`; filterString is All, RF_OK, RFNOK or TAG_DATA.
    page: async (request) => {
      const filter = request.query.filterString ?? 'All';
      return deviceLogs.page({
        deviceId: request.params.x === 'all' ? null : request.params.x,
        type: filter === 'All' ? null : filter,
        skip: request.query.skip,
        limit: request.query.limit ?? PAGE_SIZES.deviceLogs,
      });
    },
    // Every registered reader, plus any other device that has logged something.
    deviceIds: () => deviceLogs.deviceIds(),
  });
}
