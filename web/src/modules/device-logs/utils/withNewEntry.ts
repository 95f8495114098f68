import { PAGE_SIZES, type DeviceLogEntry, type DeviceLogPage } from '@openyard/contracts';

// The first page with a live entry on top (newest first); an entry already there changes nothing.
export function withNewEntry(page: DeviceLogPage, entry: DeviceLogEntry): DeviceLogPage {
  if (page.entities.some((candidate) => candidate.id === entry.id)) return page;
  return {
    entities: [entry, ...page.entities].slice(0, PAGE_SIZES.deviceLogs),
    totalCount: page.totalCount + 1,
  };
}
