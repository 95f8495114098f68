import { defineJob } from '../job';

// Ingest queues the device messages it gathered in one job: a job (a BullMQ script, a Redis hash,
// its completion) per message cost more than everything else the pipeline does with it. A
// redelivered message is a no-op in the database, whose unique keys (device, message id) skip it,
// and so it causes no log row and no event either. At most DEVICE_MESSAGES_PER_JOB messages travel
// in one job (a few hundred kilobytes of JSON; contracts/src/jobs.ts).
//
// The messages join the batches of messages being written (group commit), so the job completes
// only when all of its rows are in Postgres.
export const deviceMessagesJob = defineJob({
  name: 'DeviceMessages',
  run: (data, { deviceMessages }) => deviceMessages.submitAll(data.messages),
});
