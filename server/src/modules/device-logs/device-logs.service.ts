import { deviceUsername, offsetFromOneBasedSkip, type DeviceLogPage, type DeviceLogType } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { gatesRepository } from '../gates';
import { deviceLogsRepository, toDeviceLogEntry } from './device-logs.repository';

// The device logs screen's reads, and the retention the PurgeDeviceLogs job applies.
export function createDeviceLogsService(db: Database) {
  return {
    // `deviceId` null: every device; `type` null: every type; `skip` is the page's one-based start.
    async page(options: {
      deviceId: string | null;
      type: DeviceLogType | null;
      skip: number | undefined;
      limit: number;
    }): Promise<DeviceLogPage> {
      const { rows, total } = await deviceLogsRepository.page(db, {
        deviceId: options.deviceId,
        type: options.type,
        offset: offsetFromOneBasedSkip(options.skip),
        limit: options.limit,
      });
      return { entities: rows.map(toDeviceLogEntry), totalCount: total };
    },

    // Every registered reader, plus any other device that has logged something.
    async deviceIds(): Promise<string[]> {
      const [logged, readers] = await Promise.all([deviceLogsRepository.deviceIds(db), gatesRepository.readers(db)]);
      return [...new Set([...readers.map((reader) => deviceUsername('reader', reader.id)), ...logged])].sort();
    },

    // Removes the entries received before `cutoff`; answers how many.
    purgeBefore: (cutoff: Date) => deviceLogsRepository.deleteBefore(db, cutoff),
  };
}

export type DeviceLogsService = ReturnType<typeof createDeviceLogsService>;
