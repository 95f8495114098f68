import { Type, type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  CAMERAS,
  deviceUsername,
  parseDeviceUsername,
  type DeviceKind,
  ItvPositionPayload,
  MachineEventPayload,
  MachineTelemetryPayload,
  ReaderStatusPayload,
  TagReadPayload,
} from './mqtt';

// The job catalogue: every queued job's name, its queue and the schema of its payload, in one place.
// Producers (ingest, the OCR upload) build requests with `jobRequest`; the workers check every
// payload against its schema before the job runs and fail a job that does not match for good.

const Id = Type.Integer({ minimum: 1 });
const Topic = Type.String();

// A device message as ingest queued it (its payload already checked against the device contract).
export const DeviceMessage = Type.Union([
  Type.Object({ kind: Type.Literal('readerTag'), readerId: Id, topic: Topic, payload: TagReadPayload }),
  Type.Object({ kind: Type.Literal('readerStatus'), readerId: Id, topic: Topic, payload: ReaderStatusPayload }),
  Type.Object({
    kind: Type.Literal('machineTelemetry'),
    machineId: Id,
    topic: Topic,
    payload: MachineTelemetryPayload,
  }),
  Type.Object({ kind: Type.Literal('machineEvent'), machineId: Id, topic: Topic, payload: MachineEventPayload }),
  Type.Object({ kind: Type.Literal('itvPosition'), itvId: Id, topic: Topic, payload: ItvPositionPayload }),
  Type.Object({
    kind: Type.Literal('rejected'),
    deviceId: Type.String(),
    topic: Type.Union([Topic, Type.Null()]),
    reason: Type.String(),
    messageId: Type.Union([Type.String(), Type.Null()]),
  }),
]);
export type DeviceMessage = Static<typeof DeviceMessage>;

// Who sent a device message (its login, `reader-12`, and the device when that login is one) and the
// message's own id; a rejected message may have neither.
export function deviceMessageOrigin(message: DeviceMessage): {
  username: string;
  device: { kind: DeviceKind; id: number } | null;
  messageId: string | null;
} {
  const of = (kind: DeviceKind, id: number, messageId: string) => ({
    username: deviceUsername(kind, id),
    device: { kind, id },
    messageId,
  });
  switch (message.kind) {
    case 'readerTag':
    case 'readerStatus':
      return of('reader', message.readerId, message.payload.messageId);
    case 'machineTelemetry':
    case 'machineEvent':
      return of('machine', message.machineId, message.payload.messageId);
    case 'itvPosition':
      return of('itv', message.itvId, message.payload.messageId);
    case 'rejected':
      return {
        username: message.deviceId,
        device: parseDeviceUsername(message.deviceId),
        messageId: message.messageId,
      };
  }
}

// Up to DEVICE_MESSAGES_PER_JOB messages, written in one group commit.
export const DeviceMessagesJobData = Type.Object({ messages: Type.Array(DeviceMessage) });
export type DeviceMessagesJobData = Static<typeof DeviceMessagesJobData>;
export const DEVICE_MESSAGES_PER_JOB = 500;

// A camera frame to read: the JPEG's blob key and the frame's metadata.
export const OcrFrameJobData = Type.Object({
  gateId: Id,
  camera: Type.Enum(CAMERAS),
  messageId: Type.String({ minLength: 1 }),
  // The camera's timestamp (epoch ms).
  timestamp: Type.Integer({ minimum: 0 }),
  // Blob key of the JPEG: frames/<gateId>/<yyyy-mm-dd>/<camera>-<hash>.jpg
  image: Type.String({ minLength: 1 }),
});
export type OcrFrameJobData = Static<typeof OcrFrameJobData>;

// A planning engine run (issue 19): its row in planning_engine_runs holds what to plan and the result.
export const PlanningEngineJobData = Type.Object({ runId: Type.String({ minLength: 1, maxLength: 80 }) });
export type PlanningEngineJobData = Static<typeof PlanningEngineJobData>;

// An archive run (spec 3 §4): its row in archive_runs holds the cut-off and the progress.
export const ArchiveRunJobData = Type.Object({ runId: Type.Integer({ minimum: 1 }) });
export type ArchiveRunJobData = Static<typeof ArchiveRunJobData>;
// A batch file too large to answer at once (issue 20): its row in batch_jobs holds what to do.
export const BatchFileJobData = Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 80 }) });
export type BatchFileJobData = Static<typeof BatchFileJobData>;

// Repeatable jobs carry nothing (the queue gives them an empty object).
export const NoJobData = Type.Object({});
export type NoJobData = Static<typeof NoJobData>;

interface JobEntry {
  payload: TSchema;
  // Jobs of a queue of their own with its own concurrency (OCR_CONCURRENCY); default the main one.
  queue: 'main' | 'ocr';
}

export const JOB_CATALOGUE = {
  DeviceMessages: { payload: DeviceMessagesJobData, queue: 'main' },
  HealthAgeing: { payload: NoJobData, queue: 'main' },
  PurgeDeviceLogs: { payload: NoJobData, queue: 'main' },
  PurgeExports: { payload: NoJobData, queue: 'main' },
  PurgeSessions: { payload: NoJobData, queue: 'main' },
  OcrFrame: { payload: OcrFrameJobData, queue: 'ocr' },
  PurgeOcrFrames: { payload: NoJobData, queue: 'main' },
  AnalyzeEmbedded: { payload: NoJobData, queue: 'main' },
  PlanningEngine: { payload: PlanningEngineJobData, queue: 'main' },
  ArchiveRun: { payload: ArchiveRunJobData, queue: 'main' },
  BatchFile: { payload: BatchFileJobData, queue: 'main' },
} as const satisfies Record<string, JobEntry>;

export type JobName = keyof typeof JOB_CATALOGUE;
export type JobPayload<N extends JobName> = Static<(typeof JOB_CATALOGUE)[N]['payload']>;
export const JOB_NAMES = Object.keys(JOB_CATALOGUE) as JobName[];

export const isJobName = (name: string): name is JobName => Object.hasOwn(JOB_CATALOGUE, name);

// A queued job's request, typed by its name.
export function jobRequest<N extends JobName>(
  name: N,
  data: JobPayload<N>,
  jobId?: string,
): { name: N; data: JobPayload<N>; jobId?: string } {
  return jobId === undefined ? { name, data } : { name, data, jobId };
}

// Compiled once per name (a DeviceMessages job holds up to 500 messages).
const validators = new Map<JobName, ReturnType<typeof Compile>>();
function validatorOf(name: JobName) {
  let validator = validators.get(name);
  if (!validator) validators.set(name, (validator = Compile(JOB_CATALOGUE[name].payload)));
  return validator;
}

// Why a payload is not the job's (the first few problems, with their paths), or null when it is.
export function jobPayloadProblem(name: JobName, data: unknown): string | null {
  const validator = validatorOf(name);
  if (validator.Check(data)) return null;
  const problems = [...validator.Errors(data)]
    .slice(0, 3)
    .map((error) => `${error.instancePath || '/'} ${error.message}`);
  return `Job ${name}: the payload does not match its schema (${problems.join('; ')})`;
}
