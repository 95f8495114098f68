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

// What the pipeline publishes on a device's ack topic (topics.readerAck(12), ...): the ids of its
// messages now stored, a redelivered one (already stored) included. Not retained, QoS 0: a lost ack
// costs one message sent again, which the database's unique key (device, message id) skips.
export const DEVICE_ACK_MAX_IDS = 500;
export const DeviceAckMessage = Type.Object(
  { messageIds: Type.Array(Envelope.messageId, { minItems: 1, maxItems: DEVICE_ACK_MAX_IDS }) },
  { additionalProperties: false },
);
export type DeviceAckMessage = Static<typeof DeviceAckMessage>;

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

// The MQTT topic table: every device topic once, by the message kind it carries. The builders
// (`topics`), the owned prefixes (`deviceTopicPrefix`, the broker's publish ACL), the matchers
// (`parseTopic` for ingest, `parseInboxTopic` for the broker), the subscriptions and the Mosquitto
// ACL (`mosquittoAcl`) are all derived from it.
// A device's own topic is `yard/<segment>/<device id>/[<camera>/]<leaf>`. A row with `toDevice`
// goes the other way: the server publishes it for that one device, at
// `openyard/<segment>/<device id>/<leaf>`, under a root of its own so that ingest's subscription
// (`yard/#`) never receives it and no device's publish prefix covers it.
export const MQTT_TOPIC_ROOT = 'yard';
export const MQTT_INBOX_ROOT = 'openyard';
const DEVICE_SEGMENTS = {
  reader: 'readers',
  camera: 'cameras',
  machine: 'machines',
  itv: 'itvs',
} as const satisfies Record<DeviceKind, string>;
interface TopicDefinition {
  device: DeviceKind;
  leaf: string;
  camera: boolean;
  // Published by the server for the device (retained, QoS 1); the device only subscribes to it.
  toDevice?: true;
}
export const DEVICE_TOPICS = {
  readerTag: { device: 'reader', leaf: 'tag', camera: false },
  readerStatus: { device: 'reader', leaf: 'status', camera: false },
  cameraFrame: { device: 'camera', leaf: 'frame', camera: true },
  machineTelemetry: { device: 'machine', leaf: 'telemetry', camera: false },
  machineEvent: { device: 'machine', leaf: 'event', camera: false },
  itvPosition: { device: 'itv', leaf: 'position', camera: false },
  // The machine's queue of tasks (issue 17: devices without a screen), a retained snapshot
  // (MachineTasksMessage) published again whenever a change touches it.
  machineTasks: { device: 'machine', leaf: 'tasks', camera: false, toDevice: true },
  // The ids of the device's messages that are stored (DeviceAckMessage), published after the commit
  // that holds them. A broker acknowledges a message once it holds it in memory and loses it when
  // it crashes: a device keeps each message until this ack names it and sends it again otherwise.
  readerAck: { device: 'reader', leaf: 'ack', camera: false, toDevice: true },
  cameraAck: { device: 'camera', leaf: 'ack', camera: false, toDevice: true },
  machineAck: { device: 'machine', leaf: 'ack', camera: false, toDevice: true },
  itvAck: { device: 'itv', leaf: 'ack', camera: false, toDevice: true },
} as const satisfies Record<string, TopicDefinition>;
export type DeviceTopicKind = keyof typeof DEVICE_TOPICS;
type TopicRow<K extends DeviceTopicKind> = (typeof DEVICE_TOPICS)[K];
// The kinds the server publishes to a device, and the kinds devices publish (what ingest takes).
export type InboxTopicKind = {
  [K in DeviceTopicKind]: TopicRow<K> extends { toDevice: true } ? K : never;
}[DeviceTopicKind];
export type IngestTopicKind = Exclude<DeviceTopicKind, InboxTopicKind>;
type TopicArgs<K extends DeviceTopicKind> = TopicRow<K>['camera'] extends true
  ? [deviceId: number, camera: Camera]
  : [deviceId: number];

const TOPIC_KINDS = Object.keys(DEVICE_TOPICS) as DeviceTopicKind[];
const rowOf = (kind: DeviceTopicKind): TopicDefinition => DEVICE_TOPICS[kind];
const isInbox = (kind: DeviceTopicKind) => rowOf(kind).toDevice === true;

// The topic prefix a device owns; publishing anywhere else is refused.
export function deviceTopicPrefix(kind: DeviceKind, id: number): string {
  return `${MQTT_TOPIC_ROOT}/${DEVICE_SEGMENTS[kind]}/${id}/`;
}

function inboxTopic(kind: DeviceKind, id: number | '+', leaf: string): string {
  return `${MQTT_INBOX_ROOT}/${DEVICE_SEGMENTS[kind]}/${id}/${leaf}`;
}

function topicBuilder<K extends DeviceTopicKind>(kind: K): (...args: TopicArgs<K>) => string {
  const row = rowOf(kind);
  return (...args) => {
    const [deviceId, camera] = args as [number, Camera?];
    if (row.toDevice) return inboxTopic(row.device, deviceId, row.leaf);
    return `${deviceTopicPrefix(row.device, deviceId)}${row.camera ? `${camera}/` : ''}${row.leaf}`;
  };
}

// Topic builders by message kind, e.g. topics.readerTag(12) is yard/readers/12/tag.
export const topics = Object.fromEntries(TOPIC_KINDS.map((kind) => [kind, topicBuilder(kind)])) as unknown as {
  [K in DeviceTopicKind]: (...args: TopicArgs<K>) => string;
};

// The topics a device may subscribe to: those the server publishes for it, each exactly.
export function deviceInboxTopics(kind: DeviceKind, id: number): string[] {
  return TOPIC_KINDS.filter((topic) => isInbox(topic) && rowOf(topic).device === kind).map((topic) =>
    inboxTopic(kind, id, rowOf(topic).leaf),
  );
}

const ACK_TOPIC_KINDS = {
  reader: 'readerAck',
  camera: 'cameraAck',
  machine: 'machineAck',
  itv: 'itvAck',
} as const satisfies Record<DeviceKind, InboxTopicKind>;

// Where a device hears which of its messages are stored (DeviceAckMessage).
export function deviceAckTopic(kind: DeviceKind, id: number): string {
  return inboxTopic(kind, id, rowOf(ACK_TOPIC_KINDS[kind]).leaf);
}

// Every device topic (what ingest subscribes to on the embedded broker).
export const DEVICE_TOPICS_FILTER = `${MQTT_TOPIC_ROOT}/#`;

export type ParsedTopic = {
  [K in IngestTopicKind]: {
    kind: K;
    deviceKind: TopicRow<K>['device'];
    deviceId: number;
  } & (TopicRow<K>['camera'] extends true ? { camera: Camera } : unknown);
}[IngestTopicKind];
export type ParsedInboxTopic = {
  [K in InboxTopicKind]: { kind: K; deviceKind: TopicRow<K>['device']; deviceId: number };
}[InboxTopicKind];

const ID = '([1-9]\\d{0,9})';
const TOPIC_MATCHERS = TOPIC_KINDS.map((kind) => {
  const row = rowOf(kind);
  const root = row.toDevice ? MQTT_INBOX_ROOT : MQTT_TOPIC_ROOT;
  const pattern = new RegExp(
    `^${root}/${DEVICE_SEGMENTS[row.device]}/${ID}/${row.camera ? '([A-Za-z0-9]+)/' : ''}${row.leaf}$`,
  );
  return (topic: string): ParsedTopic | ParsedInboxTopic | null => {
    const match = pattern.exec(topic);
    if (!match) return null;
    const parsed = { kind, deviceKind: row.device, deviceId: Number(match[1]) };
    if (!row.camera) return parsed as ParsedTopic | ParsedInboxTopic;
    const camera = match[2]!;
    return (CAMERAS as readonly string[]).includes(camera) ? ({ ...parsed, camera } as ParsedTopic) : null;
  };
});

function matchTopic(topic: string): ParsedTopic | ParsedInboxTopic | null {
  for (const match of TOPIC_MATCHERS) {
    const parsed = match(topic);
    if (parsed) return parsed;
  }
  return null;
}

// A device's message as ingest takes it (never a topic the server publishes).
export function parseTopic(topic: string): ParsedTopic | null {
  const parsed = matchTopic(topic);
  return parsed && !isInbox(parsed.kind) ? (parsed as ParsedTopic) : null;
}

// A topic the server publishes for one device (what the embedded broker lets the service publish).
export function parseInboxTopic(topic: string): ParsedInboxTopic | null {
  const parsed = matchTopic(topic);
  return parsed && isInbox(parsed.kind) ? (parsed as ParsedInboxTopic) : null;
}

// The Mosquitto ACL (`acl_file`) of a yard's devices, from the table above (README, "An external
// broker"): the service account reads every device topic and writes the topics it publishes for
// devices; each device writes only its own topics and reads only its own inbox (another machine's
// login is refused its tasks). `devices` come from the database (`npm run mqtt:acl`).
export function mosquittoAcl(serviceUsername: string, devices: readonly { kind: DeviceKind; id: number }[]): string {
  const service = [
    `user ${serviceUsername}`,
    `topic read ${DEVICE_TOPICS_FILTER}`,
    ...TOPIC_KINDS.filter(isInbox).map(
      (kind) => `topic write ${inboxTopic(rowOf(kind).device, '+', rowOf(kind).leaf)}`,
    ),
  ];
  const blocks = devices.map(({ kind, id }) => [
    `user ${deviceUsername(kind, id)}`,
    ...TOPIC_KINDS.filter((topic) => !isInbox(topic) && rowOf(topic).device === kind).map((topic) => {
      const row = rowOf(topic);
      return `topic write ${deviceTopicPrefix(kind, id)}${row.camera ? '+/' : ''}${row.leaf}`;
    }),
    ...deviceInboxTopics(kind, id).map((topic) => `topic read ${topic}`),
  ]);
  return `${[service, ...blocks].map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

// What ingest subscribes to on an external broker: one share group per yard, split between its
// workers processes.
export function ingestSubscription(shareGroup: string): string {
  return `$share/${shareGroup}/${DEVICE_TOPICS_FILTER}`;
}

// The client ids of one ingest process's connections (INGEST_CONNECTIONS of them, in that group):
// each has its own persistent session on the broker, so a restarted process with the same
// INGEST_CLIENT_ID takes all of them back.
export function ingestClientIds(clientId: string, connections: number): string[] {
  return Array.from({ length: connections }, (_, index) => (index === 0 ? clientId : `${clientId}-${index + 1}`));
}
