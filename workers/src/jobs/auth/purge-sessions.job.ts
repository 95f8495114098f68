import { sessionsRepository } from '@openyard/server/modules/auth/sessions.repository';
import type { JobDefinition } from '../job';

// Ended and long-idle sessions are kept 30 days for audit, then removed.
const KEEP_DAYS = 30;

export const purgeSessionsJob: JobDefinition = {
  name: 'PurgeSessions',
  everyMs: () => 60 * 60_000,
  async run(_data, { db }) {
    await sessionsRepository.deleteEndedBefore(db, new Date(Date.now() - KEEP_DAYS * 24 * 60 * 60_000));
  },
};
