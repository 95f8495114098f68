import { defineJob } from '../job';

// Export files are fetched right after they are written; keep them for the retention time only.
export const purgeExportsJob = defineJob({
  name: 'PurgeExports',
  everyMs: () => 5 * 60_000,
  async run(_data, { services, config, logger }) {
    const removed = await services.exports.purgeOlderThan(
      new Date(Date.now() - config.exportRetentionMinutes * 60_000),
    );
    if (removed > 0) logger.info({ removed }, 'purged old exports');
  },
});
