import type { DeviceLogEntry } from '@openyard/contracts';
import { allDevices } from './allDevices';
import type { DeviceLogFilter } from './DeviceLogFilter';

// Whether a live entry belongs in the list the user is looking at (device and filter).
export function entryMatches(entry: DeviceLogEntry, deviceId: string, filter: DeviceLogFilter): boolean {
  if (deviceId !== allDevices && entry.deviceId !== deviceId) return false;
  return filter === 'All' || entry.type === filter;
}
