import { Type, type Static } from 'typebox';
import { DeviceLogEntry } from './device-logs';
import { GateReader, HealthStatusSchema, TagRead } from './gates';
import { MachineColourSchema, Position } from './machines';
import { MovementSourceSchema } from './containers';
import { InventoryContainer } from './inventory';
import { OcrRecord } from './ocr';

// Websocket topics (DESIGN.md §7). Parameterised ones carry an id after a colon.
// `inventory` carries every slot change of the yard, `inventory:{area}` those of one area;
// `containers` carries the same slot messages for the containers screen (containersVisible).
export const LIVE_TOPICS = ['gates', 'device-logs', 'machines', 'itvs', 'inventory', 'containers'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

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
  ]),
  area: Type.Union([Type.String(), Type.Null()]),
});

// A truck visit's OCR record was created or changed (topic `ocr:{gateId}`), with the gate's
// pending count after the change.
export const OcrRecordMessage = message('ocr.record.v1', { record: OcrRecord, pendingCount: Type.Integer() });
// The gate's pending count changed without a new read (acknowledged or purged records).
export const OcrCountMessage = message('ocr.count.v1', { gateId: Type.Integer(), pendingCount: Type.Integer() });

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
  | { type: 'accessChanged' };
