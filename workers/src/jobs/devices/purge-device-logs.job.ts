import { defineJob } from '../job';

// Keeps the device log and the sent outbox bounded: rows older than the retention are removed.
export const purgeDeviceLogsJob = defineJob({
  name: 'PurgeDeviceLogs',
  everyMs: () => 60 * 60_000,
  async run(_data, { services, config, logger }) {
    const cutoff = new Date(Date.now() - config.deviceLogRetentionDays * 24 * 60 * 60_000);
    const removed = await services.deviceLogs.purgeBefore(cutoff);
    await services.outbox.purgePublishedBefore(new Date(Date.now() - 24 * 60 * 60_000));
    if (removed > 0) logger.info({ removed }, 'purged old device logs');
  },
});
