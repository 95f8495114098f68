import { Type, type Static } from 'typebox';

// The device contract (DESIGN.md §6). Every payload carries the device's own message id (unique per
// device; a redelivery repeats it) and the device's timestamp in epoch milliseconds.
const MESSAGE_ID_PATTERN = '^[A-Za-z0-9._:-]+$';
const Envelope = {
  messageId: Type.String({ minLength: 1, maxLength: 64, pattern: MESSAGE_ID_PATTERN }),
  timestamp: Type.Integer({ minimum: 0 }),
};

export const TagReadPayload = Type.Object(
  {
    ...Envelope,
    tagId: Type.String({ minLength: 1, maxLength: 32 }),
    antenna: Type.Optional(Type.Integer({ minimum: 0, maximum: 64 })),
    rssi: Type.Optional(Type.Number({ minimum: -150, maximum: 50 })),
  },
  { additionalProperties: false },
);
export type TagReadPayload = Static<typeof TagReadPayload>;

// A reader's heartbeat; rfStatus NOK means the reader runs but its RF front end reports a fault.
export const ReaderStatusPayload = Type.Object(
  { ...Envelope, rfStatus: Type.Union([Type.Literal('OK'), Type.Literal('NOK')]) },
  { additionalProperties: false },
);
export type ReaderStatusPayload = Static<typeof ReaderStatusPayload>;

export const MachineTelemetryPayload = Type.Object(
  {
    ...Envelope,
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    heading: Type.Optional(Type.Number({ minimum: 0, maximum: 360 })),
    speed: Type.Optional(Type.Number({ minimum: 0, maximum: 200 })),
    status: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type MachineTelemetryPayload = Static<typeof MachineTelemetryPayload>;

export const MachineEventPayload = Type.Object(
  {
    ...Envelope,
    kind: Type.Union([Type.Literal('pick'), Type.Literal('drop')]),
    tagId: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    containerNumber: Type.Optional(Type.String({ minLength: 11, maxLength: 11 })),
    height: Type.Optional(Type.Integer({ minimum: 0, maximum: 12 })),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { additionalProperties: false },
);
export type MachineEventPayload = Static<typeof MachineEventPayload>;

export const ItvPositionPayload = Type.Object(
  {
    ...Envelope,
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    speed: Type.Optional(Type.Number({ minimum: 0, maximum: 200 })),
  },
  { additionalProperties: false },
);
export type ItvPositionPayload = Static<typeof ItvPositionPayload>;

// The largest JSON payload ingest parses (the contract's payloads are a few hundred bytes); camera
// frames have their own limit (OCR_MAX_FRAME_BYTES).
export const MAX_JSON_PAYLOAD_BYTES = 16 * 1024;

// PostgreSQL text (and json) cannot hold U+0000, and a lone UTF-16 surrogate is no character at
// all: a string with either would fail the statement that writes its whole batch.
// eslint-disable-next-line no-control-regex -- U+0000 is what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

// Where in a parsed payload the first string the database cannot store is ('/tagId'), or null.
export function unstorableTextPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || '/' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableTextPath(item, `${path}/${key}`);
    if (found) return found;
  }
  return null;
}

export function isDeviceMessageId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 64 && new RegExp(MESSAGE_ID_PATTERN).test(value);
}

// A text that goes into the device log whatever it holds (a topic, a reason quoting one).
export function storableText(text: string): string {
  return text.replace(UNSTORABLE_ALL, '\uFFFD');
}

// A device clock this far from the server's is wrong (a reader whose clock battery died starts at
// 1970): the message is stored at its arrival time instead, and the device log says so. A day in
// the past leaves room for a device that buffered its messages through a network outage of a
// shift; five minutes ahead is beyond any clock kept by NTP, and a time in the future would
// outrank every real message of the device (latest position, last heard).
export const DEVICE_CLOCK_TOLERANCE = { pastMs: 24 * 60 * 60_000, futureMs: 5 * 60_000 };

// How a device's timestamp stands against the server's clock: null when it is believable.
export function deviceClockOff(timestamp: number, now: number): 'behind' | 'ahead' | null {
  if (timestamp < now - DEVICE_CLOCK_TOLERANCE.pastMs) return 'behind';
  if (timestamp > now + DEVICE_CLOCK_TOLERANCE.futureMs) return 'ahead';
  return null;
}

export const CAMERAS = ['Front', 'Rear', 'Top', 'Side1', 'Side2'] as const;
export type Camera = (typeof CAMERAS)[number];

// A camera frame is binary: one line of JSON (the envelope) and a newline, then the JPEG bytes.
export const FrameHeader = Type.Object({ ...Envelope }, { additionalProperties: false });
export type FrameHeader = Static<typeof FrameHeader>;

export type DeviceKind = 'reader' | 'camera' | 'machine' | 'itv';

// MQTT usernames and client ids of devices: `<kind>-<id>`, e.g. reader-12. A device may connect
// only with its own client id and publish only below its own topic prefix.
export function deviceUsername(kind: DeviceKind, id: number): string {
  return `${kind}-${id}`;
}

export function parseDeviceUsername(username: string): { kind: DeviceKind; id: number } | null {
  const match = /^(reader|camera|machine|itv)-([1-9]\d{0,9})$/.exec(username);
  return match ? { kind: match[1] as DeviceKind, id: Number(match[2]) } : null;
}

export const topics = {
  readerTag: (readerId: number) => `yard/readers/${readerId}/tag`,
  readerStatus: (readerId: number) => `yard/readers/${readerId}/status`,
  cameraFrame: (gateId: number, camera: Camera) => `yard/cameras/${gateId}/${camera}/frame`,
  machineTelemetry: (machineId: number) => `yard/machines/${machineId}/telemetry`,
  machineEvent: (machineId: number) => `yard/machines/${machineId}/event`,
  itvPosition: (itvId: number) => `yard/itvs/${itvId}/position`,
};

// The topic prefix a device owns; publishing anywhere else is refused.
export function deviceTopicPrefix(kind: DeviceKind, id: number): string {
  switch (kind) {
    case 'reader':
      return `yard/readers/${id}/`;
    case 'camera':
      return `yard/cameras/${id}/`;
    case 'machine':
      return `yard/machines/${id}/`;
    case 'itv':
      return `yard/itvs/${id}/`;
  }
}

export type ParsedTopic =
  | { kind: 'readerTag' | 'readerStatus'; deviceKind: 'reader'; deviceId: number }
  | { kind: 'cameraFrame'; deviceKind: 'camera'; deviceId: number; camera: Camera }
  | { kind: 'machineTelemetry' | 'machineEvent'; deviceKind: 'machine'; deviceId: number }
  | { kind: 'itvPosition'; deviceKind: 'itv'; deviceId: number };

const ID = '([1-9]\\d{0,9})';
const TOPIC_PATTERNS: [RegExp, (m: RegExpExecArray) => ParsedTopic | null][] = [
  [
    new RegExp(`^yard/readers/${ID}/tag$`),
    (m) => ({ kind: 'readerTag', deviceKind: 'reader', deviceId: Number(m[1]) }),
  ],
  [
    new RegExp(`^yard/readers/${ID}/status$`),
    (m) => ({ kind: 'readerStatus', deviceKind: 'reader', deviceId: Number(m[1]) }),
  ],
  [
    new RegExp(`^yard/cameras/${ID}/([A-Za-z0-9]+)/frame$`),
    (m) =>
      (CAMERAS as readonly string[]).includes(m[2]!)
        ? { kind: 'cameraFrame', deviceKind: 'camera', deviceId: Number(m[1]), camera: m[2] as Camera }
        : null,
  ],
  [
    new RegExp(`^yard/machines/${ID}/telemetry$`),
    (m) => ({ kind: 'machineTelemetry', deviceKind: 'machine', deviceId: Number(m[1]) }),
  ],
  [
    new RegExp(`^yard/machines/${ID}/event$`),
    (m) => ({ kind: 'machineEvent', deviceKind: 'machine', deviceId: Number(m[1]) }),
  ],
  [
    new RegExp(`^yard/itvs/${ID}/position$`),
    (m) => ({ kind: 'itvPosition', deviceKind: 'itv', deviceId: Number(m[1]) }),
  ],
];

export function parseTopic(topic: string): ParsedTopic | null {
  for (const [pattern, build] of TOPIC_PATTERNS) {
    const match = pattern.exec(topic);
    if (match) return build(match);
  }
  return null;
}

// What ingest subscribes to on an external broker: one share group per yard, split between its
// workers processes.
export function ingestSubscription(shareGroup: string): string {
  return `$share/${shareGroup}/yard/#`;
}

// The client ids of one ingest process's connections (INGEST_CONNECTIONS of them, in that group):
// each has its own persistent session on the broker, so a restarted process with the same
// INGEST_CLIENT_ID takes all of them back.
export function ingestClientIds(clientId: string, connections: number): string[] {
  return Array.from({ length: connections }, (_, index) => (index === 0 ? clientId : `${clientId}-${index + 1}`));
}
