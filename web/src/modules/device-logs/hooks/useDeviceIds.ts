import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { deviceLogsQueryKeys } from '../utils/deviceLogsQueryKeys';

// GET /rest/deviceIds: the devices that have logs ('reader-3', 'machine-1', ...).
export function useDeviceIds() {
  return useQuery({
    queryKey: deviceLogsQueryKeys.deviceIds,
    queryFn: () => api.deviceLogs.deviceIds(),
  });
}
