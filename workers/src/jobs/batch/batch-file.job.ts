import { defineJob } from '../job';

// A batch file too large to answer at once (issue 20): the batch service runs its rows through the
// gate's services, tells its progress on the websocket and stores the result and the report.
export const batchFileJob = defineJob({
  name: 'BatchFile',
  async run({ jobId }, { services }) {
    await services.batch.runJob(jobId);
  },
});
