import type { ParsedTopic } from '@openyard/contracts';
import type { DeviceMessage } from '@openyard/server/modules/devices/device-messages.service';
import type { JobDefinition } from '../job';

// Job names of device messages, by topic kind.
export const JOB_FOR_TOPIC: Record<Exclude<ParsedTopic['kind'], 'cameraFrame'>, string> = {
  readerTag: 'ReaderTag',
  readerStatus: 'ReaderStatus',
  machineTelemetry: 'MachineTelemetry',
  machineEvent: 'MachineEvent',
  itvPosition: 'ItvPosition',
};

// BullMQ job ids may not contain ':'; a device's message id is unique per device and kind.
export function jobIdFor(device: string, kind: string, messageId: string) {
  return `${device}.${kind}.${messageId.replaceAll(':', '%3A')}`;
}

// Each device message waits for the batch it joins to commit (group commit), so a job completes
// only when its rows are in Postgres.
const deviceMessageJob = (name: string): JobDefinition => ({
  name,
  run: (data, { deviceMessages }) => deviceMessages.submit(data as DeviceMessage),
});

export const deviceMessageJobs: JobDefinition[] = [
  ...Object.values(JOB_FOR_TOPIC).map(deviceMessageJob),
  deviceMessageJob('RejectedMessage'),
];
