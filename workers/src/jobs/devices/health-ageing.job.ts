import { defineJob } from '../job';

export const healthAgeingJob = defineJob({
  name: 'HealthAgeing',
  everyMs: (config) => config.health.ageingIntervalMs,
  async run(_data, { services }) {
    await services.healthAgeing.age();
  },
});
