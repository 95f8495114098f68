import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DeviceLogPage, DeviceLogQuery, deviceUsername, offsetFromOneBasedSkip } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { gatesRepository } from '../gates/gates.repository';
import { deviceLogsRepository, toDeviceLogEntry } from './device-logs.repository';

const access = { flag: 'deviceLogsVisible' } as const;
const tags = ['device logs'];

export const deviceLogsRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
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
      const { rows, total } = await deviceLogsRepository.page(db, {
        deviceId: request.params.x === 'all' ? null : request.params.x,
        type: filter === 'All' ? null : filter,
        offset: offsetFromOneBasedSkip(request.query.skip),
        limit: request.query.limit ?? 100,
      });
      return { entities: rows.map(toDeviceLogEntry), totalCount: total };
    },
  );

  // Every registered reader, plus any other device that has logged something.
  app.get(
    '/rest/deviceIds',
    { config: { access }, schema: { tags, response: { 200: Type.Array(Type.String()) } } },
    async () => {
      const [logged, readers] = await Promise.all([deviceLogsRepository.deviceIds(db), gatesRepository.readers(db)]);
      return [...new Set([...readers.map((reader) => deviceUsername('reader', reader.id)), ...logged])].sort();
    },
  );
};
