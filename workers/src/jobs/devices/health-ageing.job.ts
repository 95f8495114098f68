import type { JobDefinition } from '../job';

export const healthAgeingJob: JobDefinition = {
  name: 'HealthAgeing',
  everyMs: (config) => config.health.ageingIntervalMs,
  async run(_data, { healthAgeing }) {
    await healthAgeing.age();
  },
};
