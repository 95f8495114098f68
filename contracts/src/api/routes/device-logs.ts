import { Type } from 'typebox';
import { DeviceLogPage, DeviceLogQuery } from '../../device-logs';
import { defineRoute } from '../route';

const access = { flag: 'deviceLogsVisible' } as const;
const tags = ['device logs'];

export const deviceLogs = {
  // {x} is a device id such as reader-3, or `all`; filterString is All, RF_OK, RFNOK or TAG_DATA.
  page: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/devicelogs/:x',
    params: Type.Object({ x: Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9-]+$' }) }),
    query: DeviceLogQuery,
    response: DeviceLogPage,
    access,
    tags,
  }),
  // Every registered reader, plus any other device that has logged something.
  deviceIds: defineRoute({
    method: 'GET',
    path: '/rest/deviceIds',
    response: Type.Array(Type.String()),
    access,
    tags,
  }),
};
