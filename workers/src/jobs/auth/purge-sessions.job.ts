import { defineJob } from '../job';

// Ended and long-idle sessions are kept 30 days for audit, then removed.
const KEEP_DAYS = 30;

export const purgeSessionsJob = defineJob({
  name: 'PurgeSessions',
  everyMs: () => 60 * 60_000,
  async run(_data, { services }) {
    await services.auth.purgeSessionsBefore(new Date(Date.now() - KEEP_DAYS * 24 * 60 * 60_000));
  },
});
