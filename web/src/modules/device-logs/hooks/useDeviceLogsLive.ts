import { useQueryClient } from '@tanstack/react-query';
import type { DeviceLogEntry } from '@openyard/contracts';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { unhandledLiveMessage } from '../../../live/utils/unhandledLiveMessage';
import { deviceLogsQueryKeys } from '../utils/deviceLogsQueryKeys';

// New device log entries from the live topic `device-logs`; every entry also refreshes the device
// picker when its device is new. A resync (or reconnect) reloads what is shown.
export function useDeviceLogsLive(onEntry: (entry: DeviceLogEntry) => void): string | null {
  const queryClient = useQueryClient();
  return useLiveTopic(
    'device-logs',
    (message) => {
      switch (message.type) {
        case 'deviceLog.entry.v1': {
          const { entry } = message.data;
          queryClient.setQueryData<string[]>(deviceLogsQueryKeys.deviceIds, (ids) =>
            ids === undefined || ids.includes(entry.deviceId)
              ? ids
              : [...ids, entry.deviceId].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })),
          );
          onEntry(entry);
          return;
        }
        // Messages of other topics: not this screen's.
        case 'gate.reader.v1':
        case 'gate.readerRemoved.v1':
        case 'gate.changed.v1':
        case 'gate.health.v1':
        case 'gate.tag.v1':
        case 'machine.position.v1':
        case 'machine.status.v1':
        case 'itv.position.v1':
        case 'inventory.slot.v1':
        case 'inventory.layout.v1':
        case 'ocr.record.v1':
        case 'ocr.count.v1':
          return;
        default:
          unhandledLiveMessage(message);
      }
    },
    () => void queryClient.invalidateQueries({ queryKey: deviceLogsQueryKeys.all }),
  );
}
