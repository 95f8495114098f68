import type { DeviceMessage } from '@openyard/server/modules/devices/device-messages.service';
import type { JobDefinition } from '../job';

// Ingest queues the device messages it gathered in one job: a job (a BullMQ script, a Redis hash,
// its completion) per message cost more than everything else the pipeline does with it. A
// redelivered message is a no-op in the database, whose unique keys (device, message id) skip it,
// and so it causes no log row and no event either.
export const DEVICE_MESSAGES_JOB = 'DeviceMessages';

// At most this many messages travel in one job (a few hundred kilobytes of JSON).
export const DEVICE_MESSAGES_PER_JOB = 500;

export interface DeviceMessagesJobData {
  messages: DeviceMessage[];
}

// The messages join the batches of messages being written (group commit), so the job completes
// only when all of its rows are in Postgres.
export const deviceMessagesJob: JobDefinition = {
  name: DEVICE_MESSAGES_JOB,
  run: (data, { deviceMessages }) => deviceMessages.submitAll((data as DeviceMessagesJobData).messages),
};
