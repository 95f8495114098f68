import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { oneBasedSkip, PAGE_SIZES } from '@openyard/contracts';
import { api } from '../../../api/http';
import type { DeviceLogFilter } from '../utils/DeviceLogFilter';
import { deviceLogsQueryKeys } from '../utils/deviceLogsQueryKeys';

// GET /rest/enterprise/devicelogs/{deviceId|all}: one page of 100, newest first; skip is the page's
// 1-based start (spec 1 §9).
export function useDeviceLogs(deviceId: string, filter: DeviceLogFilter, page: number) {
  return useQuery({
    queryKey: deviceLogsQueryKeys.page(deviceId, filter, page),
    queryFn: () =>
      api.deviceLogs.page({
        params: { x: deviceId },
        query: { skip: oneBasedSkip(page, PAGE_SIZES.deviceLogs), limit: PAGE_SIZES.deviceLogs, filterString: filter },
      }),
    placeholderData: keepPreviousData,
  });
}
