import { deviceLogsRepository } from '@openyard/server/modules/device-logs/device-logs.repository';
import { outboxRepository } from '@openyard/server/modules/outbox/outbox.repository';
import type { JobDefinition } from '../job';

// Keeps the device log and the sent outbox bounded: rows older than the retention are removed.
export const purgeDeviceLogsJob: JobDefinition = {
  name: 'PurgeDeviceLogs',
  everyMs: () => 60 * 60_000,
  async run(_data, { db, config, logger }) {
    const cutoff = new Date(Date.now() - config.deviceLogRetentionDays * 24 * 60 * 60_000);
    const removed = await deviceLogsRepository.deleteBefore(db, cutoff);
    await outboxRepository.deletePublishedBefore(db, new Date(Date.now() - 24 * 60 * 60_000));
    if (removed > 0) logger.info({ removed }, 'purged old device logs');
  },
};
