import type { DeviceLogFilter } from './DeviceLogFilter';

export const deviceLogsQueryKeys = {
  all: ['device-logs'] as const,
  pages: ['device-logs', 'page'] as const,
  page: (deviceId: string, filter: DeviceLogFilter, page: number) =>
    ['device-logs', 'page', deviceId, filter, page] as const,
  deviceIds: ['device-logs', 'device-ids'] as const,
};
