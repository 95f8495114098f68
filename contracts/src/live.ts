import { Type, type Static } from 'typebox';
import { DeviceLogEntry } from './device-logs';
import { CameraName, GateReader, HealthStatusSchema, TagRead } from './gates';
import { Itv, Machine, MachineColourSchema, Position } from './machines';
import { MovementSourceSchema } from './containers';
import { InventoryContainer } from './inventory';
import { OcrRecord } from './ocr';
import { TruckVisit } from './gate-operations';
import { Trailer } from './trailers';
import { ItvTask, Task, YardException } from './tasks';
import { ArchiveRun } from './archive';
import { MachineShift } from './machine-shifts';
import { YardLocation } from './yard-locations';
import { MachineAllocation } from './machine-allocations';
import { Alarm } from './alarms';
import { DashboardWidgetIdSchema } from './dashboard';
import { EngineJob } from './planning';
import { MasterListKey } from './master-data';
import { BatchJob } from './batch';

// Client → server.
export const LiveCommand = Type.Union([
  Type.Object({ op: Type.Literal('subscribe'), topic: Type.String({ maxLength: 80 }) }),
  Type.Object({ op: Type.Literal('unsubscribe'), topic: Type.String({ maxLength: 80 }) }),
]);
export type LiveCommand = Static<typeof LiveCommand>;

const message = <T extends string, P extends Parameters<typeof Type.Object>[0]>(type: T, data: P) =>
  Type.Object({
    type: Type.Literal(type),
    topic: Type.String(),
    eventId: Type.String(),
    at: Type.Integer(),
    data: Type.Object(data),
  });

// Server → client: the versioned union every screen dispatches on with an exhaustive switch.
export const GateReaderMessage = message('gate.reader.v1', { reader: GateReader });
export const GateReaderRemovedMessage = message('gate.readerRemoved.v1', { readerId: Type.Integer() });
export const GateChangedMessage = message('gate.changed.v1', { gateId: Type.Integer() });
export const GateHealthMessage = message('gate.health.v1', {
  gateId: Type.Union([Type.Integer(), Type.Null()]),
  healthStatus: HealthStatusSchema,
  readers: Type.Array(
    Type.Object({
      id: Type.Integer(),
      healthStatus: HealthStatusSchema,
      statusLastReceived: Type.Union([Type.Integer(), Type.Null()]),
      rfStatus: Type.Union([Type.Literal('OK'), Type.Literal('NOK'), Type.Null()]),
    }),
  ),
});
export const GateTagMessage = message('gate.tag.v1', { tagRead: TagRead });
export const DeviceLogMessage = message('deviceLog.entry.v1', { entry: DeviceLogEntry });
export const MachinePositionMessage = message('machine.position.v1', {
  machineId: Type.Integer(),
  position: Position,
  // The yard zone (a YARD_ZONE yard location) the position is in, or null (spec 3 §3).
  yardZone: Type.Union([Type.String(), Type.Null()]),
  machineStatus: Type.String(),
  status: MachineColourSchema,
  lastDataReceived: Type.Integer(),
});
export const MachineStatusMessage = message('machine.status.v1', {
  machineId: Type.Integer(),
  machineStatus: Type.String(),
  status: MachineColourSchema,
});
export const ItvPositionMessage = message('itv.position.v1', {
  itvId: Type.Integer(),
  position: Position,
  status: MachineColourSchema,
  lastDataReceived: Type.Integer(),
});
// A machine was added or edited (name, type, status, zone): its new state (issue 17).
export const MachineChangedMessage = message('machine.changed.v1', { machine: Machine });
// An ITV was added, edited or deleted (itv null then): its new state (issue 17).
export const ItvChangedMessage = message('itv.changed.v1', {
  itvId: Type.Integer(),
  itv: Type.Union([Itv, Type.Null()]),
});
// A container's place in the yard changed (moved, arrived, left, or its details changed): the new
// state of the container (location null when it is no longer in the yard) and where it was.
export const InventorySlotMessage = message('inventory.slot.v1', {
  container: InventoryContainer,
  previousLocation: Type.Union([Type.String(), Type.Null()]),
  previousArea: Type.Union([Type.String(), Type.Null()]),
  source: MovementSourceSchema,
  movedBy: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
});
// The layout or the colour rules changed (merge/split slots, split area, bulk location, rules):
// reload the layout, the rules and the snapshot.
export const InventoryLayoutMessage = message('inventory.layout.v1', {
  reason: Type.Union([
    Type.Literal('merge-slots'),
    Type.Literal('split-slots'),
    Type.Literal('split-area'),
    Type.Literal('bulk-location'),
    Type.Literal('rules'),
    // The liners' colours or owner prefixes changed (master data, issue 22): the grid's colours.
    Type.Literal('liners'),
  ]),
  area: Type.Union([Type.String(), Type.Null()]),
});

// A truck visit's OCR record was created or changed (topic `ocr:{gateId}`), with the gate's
// pending count after the change.
export const OcrRecordMessage = message('ocr.record.v1', { record: OcrRecord, pendingCount: Type.Integer() });
// The gate's pending count changed without a new read (acknowledged or purged records).
export const OcrCountMessage = message('ocr.count.v1', { gateId: Type.Integer(), pendingCount: Type.Integer() });
// A record was resolved by a smart gate transaction (issue 16): how its number was come to
// (unchanged, candidate, typed) on its yard day, so an OCR accuracy panel adds it as it happens.
export const OcrResolvedMessage = message('ocr.resolved.v1', {
  gateId: Type.Integer(),
  recordId: Type.Integer(),
  kind: Type.Union([Type.Literal('in'), Type.Literal('out')]),
  ocrOutcome: Type.Union([Type.Literal('unchanged'), Type.Literal('candidate'), Type.Literal('typed')]),
  day: Type.String(),
});

// A camera of the gate took a frame that is now stored (topic `cameras:{gateId}`): the gate
// screen's video feed shows it.
export const CameraFrameMessage = message('camera.frame.v1', {
  gateId: Type.Integer(),
  camera: CameraName,
  image: Type.String(),
  capturedAt: Type.Integer(),
});
// A truck visit began or changed (gate-in, gate-out), on `gate-visits`: the gate screen's trucks
// inside, kept live (an `outDate` means it left).
export const GateVisitMessage = message('gate.visit.v1', { visit: TruckVisit });
// A trailer visit was added, edited, dispatched or deleted (trailer null): its new state.
export const TrailerMessage = message('trailers.trailer.v1', {
  trailerId: Type.Integer(),
  trailer: Type.Union([Trailer, Type.Null()]),
});

// Tasks were created, edited (started, a problem), completed or moved (topic `tasks`): their new
// state. A list keeps them by taskId; the machine terminal by inMachineQueue.
export const TASK_CHANGES = ['created', 'updated', 'completed', 'transferred'] as const;
export const TasksChangedMessage = message('tasks.changed.v1', {
  change: Type.Enum(TASK_CHANGES),
  tasks: Type.Array(Task),
});
export const TasksDeletedMessage = message('tasks.deleted.v1', { taskIds: Type.Array(Type.Integer()) });
// The machines' day figures changed (a pick, a drop — productive or waste —, a completed or a
// deleted completed task): the task dashboard reloads when the instants meet its period.
export const MachineDayCountedMessage = message('tasks.machineDayCounted.v1', {
  machines: Type.Array(Type.String()),
  from: Type.Number(),
  to: Type.Number(),
});
// An ITV task was saved (itvTask) or deleted (null).
export const ItvTaskMessage = message('tasks.itvTask.v1', {
  itvTaskId: Type.Integer(),
  itvTask: Type.Union([ItvTask, Type.Null()]),
});
// A yard exception was raised or resolved (topic `yard-exceptions`): its state now.
export const YardExceptionMessage = message('yard.exception.v1', { exception: YardException });
// Machine shifts were added, changed or deleted (on `shifts`): the new state of those saved.
export const ShiftsChangedMessage = message('shifts.changed.v1', {
  saved: Type.Array(MachineShift),
  deletedIds: Type.Array(Type.Integer()),
});
// Yard locations were added, changed or deleted (on `yard-locations`): the new state of those saved.
export const YardLocationsChangedMessage = message('yardLocations.changed.v1', {
  saved: Type.Array(YardLocation),
  deletedIds: Type.Array(Type.Integer()),
});
// Machine allocations were saved (one area's save) or deleted (on `machine-allocations`): the new
// state of those saved, so that two planners see each other's saves.
export const MachineAllocationsChangedMessage = message('machineAllocations.changed.v1', {
  saved: Type.Array(MachineAllocation),
  deletedIds: Type.Array(Type.Integer()),
});

// An alarm was raised or cleared (on `alarms`): its state now (clearedAt set when cleared).
export const AlarmChangedMessage = message('alarm.changed.v1', { alarm: Alarm });

// Events changed the figures of these dashboard widgets (topic `dashboard`): a dashboard asks for
// those widgets' figures again. Which widgets each domain event changes is the projection's.
export const DashboardChangedMessage = message('dashboard.changed.v1', {
  widgets: Type.Array(DashboardWidgetIdSchema, { minItems: 1 }),
});

// Planning (topic `planning`, issue 19): a plan changed (saved, deleted, rolled back, or a container
// planned on it gated in: the screen asks for its plans and queued containers again), and the
// planning engine's run as it goes (its progress, then its placements or its error).
export const PlanningChangedMessage = message('planning.changed.v1', { planId: Type.Integer() });
export const PlanningEngineMessage = message('planning.engine.v1', EngineJob.properties);
// A CHA's current allocation changed (topic `cha`, issue 20): saved, or a trailer gate-in counted
// against it; /cha-vehicles reloads that agent's allocation.
export const ChaAllocationMessage = message('cha.allocation.v1', { agentId: Type.Integer() });

// A master-data list was changed on /master-data (topic `master-data`, issue 22): every screen that
// reads the list asks for it again.
export const MasterDataChangedMessage = message('masterData.changed.v1', { list: MasterListKey });

// An archive run as it goes (topic `archive`, superadmin only): its progress, then its outcome.
export const ArchiveRunMessage = message('archive.run.v1', ArchiveRun.properties);
// A batch file's job as it goes (topic `batch`): queued, its progress, then done or failed.
export const BatchJobMessage = message('batch.job.v1', BatchJob.properties);
// Gate passes were added, edited, used by a dispatch or deleted (on `gate-passes`): their ids and
// container numbers. Lists reload on it: a page, a search and the used filter make a delta
// unreliable, and an upload may carry thousands of passes.
export const GatePassesChangedMessage = message('gatePasses.changed.v1', {
  ids: Type.Array(Type.Integer()),
  containerNumbers: Type.Array(Type.String()),
});

export const LiveMessage = Type.Union([
  GateReaderMessage,
  GateReaderRemovedMessage,
  GateChangedMessage,
  GateHealthMessage,
  GateTagMessage,
  DeviceLogMessage,
  MachinePositionMessage,
  MachineStatusMessage,
  ItvPositionMessage,
  InventorySlotMessage,
  InventoryLayoutMessage,
  OcrRecordMessage,
  OcrCountMessage,
  CameraFrameMessage,
  OcrResolvedMessage,
  GateVisitMessage,
  TrailerMessage,
  TasksChangedMessage,
  TasksDeletedMessage,
  MachineDayCountedMessage,
  ItvTaskMessage,
  YardExceptionMessage,
  ShiftsChangedMessage,
  YardLocationsChangedMessage,
  MachineAllocationsChangedMessage,
  MachineChangedMessage,
  ItvChangedMessage,
  AlarmChangedMessage,
  DashboardChangedMessage,
  PlanningChangedMessage,
  PlanningEngineMessage,
  ChaAllocationMessage,
  MasterDataChangedMessage,
  ArchiveRunMessage,
  BatchJobMessage,
  GatePassesChangedMessage,
]);
export type LiveMessage = Static<typeof LiveMessage>;
export type LiveMessageType = LiveMessage['type'];

// Control replies of the hub.
export type LiveControl =
  | { type: 'subscribed'; topic: string }
  | { type: 'unsubscribed'; topic: string }
  | { type: 'error'; topic?: string; message: string }
  | { type: 'resync'; topic: string }
  // The user's role, menus or landing page changed: the client fetches its user again.
  | { type: 'accessChanged' }
  // Sent to every client every LIVE_HEARTBEAT_MS: a client that hears nothing for longer than
  // liveSilenceLimitMs takes its socket for dead (a half-open connection the browser cannot see)
  // and connects again, and a screen can tell how fresh what it shows is.
  | { type: 'heartbeat'; at: number };

export const LIVE_HEARTBEAT_MS = 15_000;
// Two heartbeats missed, and some slack for a busy server or a slow network.
export const liveSilenceLimitMs = (heartbeatMs = LIVE_HEARTBEAT_MS) => 2 * heartbeatMs + 5_000;

// ---------------------------------------------------------------------------------------------
// Topics (DESIGN.md §7). A topic is a base name, or a base name and a parameter after a colon.
// `inventory` carries every slot change of the yard, `inventory:{area}` those of one area;
// `containers` carries the yard's slot and layout messages for the containers screen (mirrored by
// the hub from `inventory`, published once); `ocr:{gateId}` is the OCR queue of one gate;
// `cameras:{gateId}` the frames its cameras take; `gate-visits` the trucks inside the yard (the gate
// screen's truck turn times).
// ---------------------------------------------------------------------------------------------

export const LIVE_TOPICS = [
  'gates',
  'device-logs',
  'machines',
  'itvs',
  'inventory',
  'containers',
  'ocr',
  'cameras',
  'gate-visits',
  'trailers',
  'tasks',
  'yard-exceptions',
  'shifts',
  'yard-locations',
  'machine-allocations',
  'alarms',
  'dashboard',
  'planning',
  'cha',
  'master-data',
  'archive',
  'batch',
  'gate-passes',
] as const;
export type LiveTopicBase = (typeof LIVE_TOPICS)[number];

// Every topic string a client may ask for, by its shape.
export type LiveTopic =
  | 'gates'
  | 'device-logs'
  | 'machines'
  | 'itvs'
  | 'inventory'
  | `inventory:${string}`
  | 'containers'
  | `ocr:${number}`
  | `cameras:${number}`
  | 'gate-visits'
  | 'trailers'
  | 'tasks'
  | 'yard-exceptions'
  | 'shifts'
  | 'yard-locations'
  | 'machine-allocations'
  | 'alarms'
  | 'dashboard'
  | 'planning'
  | 'cha'
  | 'master-data'
  | 'archive'
  | 'batch'
  | 'gate-passes';

// The builders: screens and services name topics through these, never by string concatenation.
export const liveTopics = {
  gates: 'gates',
  deviceLogs: 'device-logs',
  machines: 'machines',
  itvs: 'itvs',
  inventory: 'inventory',
  containers: 'containers',
  inventoryArea: (area: string): `inventory:${string}` => `inventory:${area}`,
  ocr: (gateId: number): `ocr:${number}` => `ocr:${gateId}`,
  cameras: (gateId: number): `cameras:${number}` => `cameras:${gateId}`,
  gateVisits: 'gate-visits',
  trailers: 'trailers',
  tasks: 'tasks',
  yardExceptions: 'yard-exceptions',
  shifts: 'shifts',
  yardLocations: 'yard-locations',
  machineAllocations: 'machine-allocations',
  alarms: 'alarms',
  dashboard: 'dashboard',
  planning: 'planning',
  cha: 'cha',
  masterData: 'master-data',
  archive: 'archive',
  batch: 'batch',
  gatePasses: 'gate-passes',
} as const;

// ---------------------------------------------------------------------------------------------
// Per-message metadata, read by the hub instead of hard-coded sets: the topic it is published on,
// the topic its yard-wide messages are mirrored to, the key under which the hub coalesces a stream
// (the last value per key in each window wins), and the permission a client needs to receive it.
// ---------------------------------------------------------------------------------------------

type MessageOfType<K extends LiveMessageType> = Extract<LiveMessage, { type: K }>;

export interface LiveMessageMeta<M extends LiveMessage = LiveMessage> {
  topic: LiveTopicBase;
  // Messages on the unparameterised `topic` reach the subscribers of this topic too.
  mirror?: LiveTopicBase;
  coalesce?: (message: M) => string;
}

export const LIVE_MESSAGE_META = {
  'gate.reader.v1': { topic: 'gates' },
  'gate.readerRemoved.v1': { topic: 'gates' },
  'gate.changed.v1': { topic: 'gates' },
  'gate.health.v1': { topic: 'gates' },
  'gate.tag.v1': { topic: 'gates' },
  'gate.visit.v1': { topic: 'gate-visits' },
  'deviceLog.entry.v1': { topic: 'device-logs' },
  'machine.position.v1': {
    topic: 'machines',
    coalesce: (message: MessageOfType<'machine.position.v1'>) => `m${message.data.machineId}`,
  },
  'machine.status.v1': { topic: 'machines' },
  'itv.position.v1': {
    topic: 'itvs',
    coalesce: (message: MessageOfType<'itv.position.v1'>) => `i${message.data.itvId}`,
  },
  'inventory.slot.v1': { topic: 'inventory', mirror: 'containers' },
  'inventory.layout.v1': { topic: 'inventory', mirror: 'containers' },
  'ocr.record.v1': { topic: 'ocr' },
  'ocr.count.v1': { topic: 'ocr' },
  'ocr.resolved.v1': { topic: 'ocr' },
  'trailers.trailer.v1': { topic: 'trailers' },
  'camera.frame.v1': { topic: 'cameras' },
  'tasks.changed.v1': { topic: 'tasks' },
  'tasks.deleted.v1': { topic: 'tasks' },
  'tasks.machineDayCounted.v1': { topic: 'tasks' },
  'tasks.itvTask.v1': { topic: 'tasks' },
  'yard.exception.v1': { topic: 'yard-exceptions' },
  'shifts.changed.v1': { topic: 'shifts' },
  'yardLocations.changed.v1': { topic: 'yard-locations' },
  'machineAllocations.changed.v1': { topic: 'machine-allocations' },
  'machine.changed.v1': { topic: 'machines' },
  'itv.changed.v1': { topic: 'itvs' },
  'alarm.changed.v1': { topic: 'alarms' },
  // A burst of events (a truck of two containers, a machine's shift of drops) asks for the same
  // widgets again and again: the hub sends one per set of widgets in each window. A message naming
  // other widgets is kept apart, so no widget misses its refetch.
  'planning.changed.v1': { topic: 'planning' },
  // A burst of gate-ins for one agent: one reload of its allocation per window.
  'cha.allocation.v1': {
    topic: 'cha',
    coalesce: (message: MessageOfType<'cha.allocation.v1'>) => `agent:${message.data.agentId}`,
  },
  // Progress comes in many small steps: the hub keeps the last state of each run per window.
  'planning.engine.v1': {
    topic: 'planning',
    coalesce: (message: MessageOfType<'planning.engine.v1'>) => `run:${message.data.jobId}`,
  },
  'archive.run.v1': {
    topic: 'archive',
    coalesce: (message: MessageOfType<'archive.run.v1'>) => `run:${message.data.runId}`,
  },
  // Progress comes in many small steps: the last state of each job per window.
  'batch.job.v1': {
    topic: 'batch',
    coalesce: (message: MessageOfType<'batch.job.v1'>) => `job:${message.data.jobId}`,
  },
  'dashboard.changed.v1': {
    topic: 'dashboard',
    coalesce: (message: MessageOfType<'dashboard.changed.v1'>) => message.data.widgets.join(','),
  },
  'masterData.changed.v1': { topic: 'master-data' },
  'gatePasses.changed.v1': { topic: 'gate-passes' },
} as const satisfies { [K in LiveMessageType]: LiveMessageMeta<MessageOfType<K>> };

type MetaTable = typeof LIVE_MESSAGE_META;
type TopicsOf<K extends LiveMessageType> =
  MetaTable[K]['topic'] | (MetaTable[K] extends { mirror: infer M extends LiveTopicBase } ? M : never);

// The base name of a topic string type (`ocr:3` → `ocr`).
export type LiveTopicBaseOf<T extends string> = T extends `${infer B}:${string}` ? B : T;

// The messages a topic carries: what a handler of that topic must handle, and nothing else.
export type LiveTopicMessage<T extends string> = {
  [K in LiveMessageType]: LiveTopicBaseOf<T> extends TopicsOf<K> ? MessageOfType<K> : never;
}[LiveMessageType];

// The metadata of a message, typed for it (the table's functions take their own message type).
export function liveMessageMeta(message: LiveMessage): LiveMessageMeta {
  return LIVE_MESSAGE_META[message.type] as LiveMessageMeta;
}

// The coalescing key of a message, or null when every one is delivered.
export function liveCoalesceKey(message: LiveMessage): string | null {
  const coalesce = liveMessageMeta(message).coalesce;
  return coalesce ? message.type + coalesce(message) : null;
}

// The topic a message published on `topic` is mirrored to, if any (only the unparameterised topic).
export function liveMirrorOf(message: LiveMessage): LiveTopicBase | null {
  const meta = liveMessageMeta(message);
  return meta.mirror !== undefined && message.topic === meta.topic ? meta.mirror : null;
}
