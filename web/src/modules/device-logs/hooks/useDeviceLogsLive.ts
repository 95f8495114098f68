import { useQueryClient } from '@tanstack/react-query';
import { liveTopics, type DeviceLogEntry } from '@openyard/contracts';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { deviceLogsQueryKeys } from '../utils/deviceLogsQueryKeys';

// New device log entries from the live topic `device-logs`: the device picker is a live collection
// (a new device joins it); each entry goes to the screen (`onEntry`), which places it on the page it
// shows. A resync (or reconnect) reloads what is shown.
export function useDeviceLogsLive(onEntry: (entry: DeviceLogEntry) => void): string | null {
  const queryClient = useQueryClient();
  useLiveCollection<string[], 'device-logs'>({
    queryKey: deviceLogsQueryKeys.deviceIds,
    topic: liveTopics.deviceLogs,
    apply: (ids, { data: { entry } }) =>
      ids.includes(entry.deviceId)
        ? ids
        : [...ids, entry.deviceId].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })),
  });
  return useLiveTopic(
    liveTopics.deviceLogs,
    (message) => onEntry(message.data.entry),
    () => void queryClient.invalidateQueries({ queryKey: deviceLogsQueryKeys.pages }),
  );
}
