import type { DeviceLogEntry, DeviceLogPage } from '@openyard/contracts';
import { deviceLogsPageSize } from './deviceLogsPageSize';

// The first page with a live entry on top (newest first); an entry already there changes nothing.
export function withNewEntry(page: DeviceLogPage, entry: DeviceLogEntry): DeviceLogPage {
  if (page.entities.some((candidate) => candidate.id === entry.id)) return page;
  return {
    entities: [entry, ...page.entities].slice(0, deviceLogsPageSize),
    totalCount: page.totalCount + 1,
  };
}
