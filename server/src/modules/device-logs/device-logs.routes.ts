import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DeviceLogPage, DeviceLogQuery } from '@openyard/contracts';
import type { DeviceLogsService } from './device-logs.service';

const access = { flag: 'deviceLogsVisible' } as const;
const tags = ['device logs'];

export const deviceLogsRoutes: FastifyPluginAsyncTypebox<{ deviceLogs: DeviceLogsService }> = async (
  app,
  { deviceLogs },
) => {
  // {x} is a device id such as reader-3, or `all`; filterString is All, RF_OK, RFNOK or TAG_DATA.
  app.get(
    '/rest/enterprise/devicelogs/:x',
    {
      config: { access },
      schema: {
        tags,
        params: Type.Object({ x: Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9-]+$' }) }),
        querystring: DeviceLogQuery,
        response: { 200: DeviceLogPage },
      },
    },
    async (request) => {
      const filter = request.query.filterString ?? 'All';
      return deviceLogs.page({
        deviceId: request.params.x === 'all' ? null : request.params.x,
        type: filter === 'All' ? null : filter,
        skip: request.query.skip,
        limit: request.query.limit ?? 100,
      });
    },
  );

  // Every registered reader, plus any other device that has logged something.
  app.get(
    '/rest/deviceIds',
    { config: { access }, schema: { tags, response: { 200: Type.Array(Type.String()) } } },
    () => deviceLogs.deviceIds(),
  );
};
