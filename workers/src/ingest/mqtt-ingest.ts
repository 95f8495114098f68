import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import {
  ItvPositionPayload,
  MachineEventPayload,
  MachineTelemetryPayload,
  parseTopic,
  ReaderStatusPayload,
  TagReadPayload,
  deviceUsername,
  devicePositionRefusal,
  ingestClientIds,
  isDeviceMessageId,
  MAX_JSON_PAYLOAD_BYTES,
  storableText,
  unstorableTextPath,
  DEVICE_MESSAGES_PER_JOB,
  deviceMessageOrigin,
  jobRequest,
  type DeviceMessage,
  type GeoPoint,
  type ParsedTopic,
} from '@openyard/contracts';
import type { DeviceIntake } from '@openyard/server/adapters/broker';
import type { DeviceAcks } from '@openyard/server/modules/devices';
import type { Queue } from '@openyard/server/adapters/queue';
import { deviceCorrelationId } from '@openyard/server/lib/correlation';
import type { Metrics } from '@openyard/server/lib/metrics';
import type { CameraFrameIntake } from './camera-frames';

const SCHEMAS = {
  readerTag: TagReadPayload,
  readerStatus: ReaderStatusPayload,
  machineTelemetry: MachineTelemetryPayload,
  machineEvent: MachineEventPayload,
  itvPosition: ItvPositionPayload,
} as const;

// Compiled once: Value.Check interprets the schema on every call, about 50 times slower, which at
// thousands of messages a second is a tenth of a core.
const VALIDATORS = {
  readerTag: Compile(TagReadPayload),
  readerStatus: Compile(ReaderStatusPayload),
  machineTelemetry: Compile(MachineTelemetryPayload),
  machineEvent: Compile(MachineEventPayload),
  itvPosition: Compile(ItvPositionPayload),
} as const;

// A checked payload as the message a worker processes, addressed to its device.
function deviceMessage(
  parsed: Exclude<ParsedTopic, { kind: 'cameraFrame' }>,
  topic: string,
  payload: unknown,
): DeviceMessage {
  switch (parsed.kind) {
    case 'readerTag':
      return { kind: parsed.kind, readerId: parsed.deviceId, topic, payload: payload as TagReadPayload };
    case 'readerStatus':
      return { kind: parsed.kind, readerId: parsed.deviceId, topic, payload: payload as ReaderStatusPayload };
    case 'machineTelemetry':
      return { kind: parsed.kind, machineId: parsed.deviceId, topic, payload: payload as MachineTelemetryPayload };
    case 'machineEvent':
      return { kind: parsed.kind, machineId: parsed.deviceId, topic, payload: payload as MachineEventPayload };
    case 'itvPosition':
      return { kind: parsed.kind, itvId: parsed.deviceId, topic, payload: payload as ItvPositionPayload };
  }
}

// A device message's correlation id (`reader-12/<messageId>`): it goes with its job into the logs
// and with its events into the outbox.
function correlationOf(message: DeviceMessage): string | undefined {
  const origin = deviceMessageOrigin(message);
  return deviceCorrelationId(origin.username, origin.messageId);
}

// A job of several messages is named by its first one and how many more it holds.
function jobCorrelation(messages: readonly DeviceMessage[]): string | undefined {
  const first = messages[0] && correlationOf(messages[0]);
  return first && messages.length > 1 ? `${first}+${messages.length - 1}` : first;
}

export interface IngestStats {
  received: number;
  queued: number;
  rejected: number;
  frames: number;
}

// MQTT → validate against the device contract → queue. No database work here: messages become
// jobs (a bad one becomes a 'rejected' message that the worker logs). The broker gets its PUBACK only
// after the job holding the message is queued, so an ingest crash makes the broker deliver the
// message again, and the database's unique key (device + message id) makes that redelivery a no-op.
// Embedded (one process, `write` given), the message itself is written before its PUBACK instead.
//
// mqtt.js hands over one message per connection at a time, and the next one only after this one's
// callback (its backpressure; the callback sends the PUBACK). So ingest opens `connections`
// connections in the same shared-subscription group (an external broker splits the stream between
// them) and queues what they hand over together: messages that arrive while a queue add runs go
// into the next add, one job and one round trip for all of them.
export async function startIngest({
  url,
  username,
  password,
  clientId,
  subscription,
  connections = 1,
  queue,
  cameraFrames,
  logger,
  intake,
  write,
  yardCenter,
  metrics,
  acks,
}: {
  url: string;
  username?: string;
  password?: string;
  clientId: string;
  subscription: string;
  // More than one only with a shared subscription: each connection would get every message otherwise.
  connections?: number;
  queue: Queue;
  // Stores frames and queues their OCR jobs; without it frames are only counted.
  cameraFrames?: CameraFrameIntake;
  logger: FastifyBaseLogger;
  // The embedded broker's hand-over (same process): messages come from it instead of an MQTT
  // connection, and the device's PUBACK waits for `done`, so nothing acknowledged is only in memory.
  intake?: { current: DeviceIntake | null };
  // Writes one device message to the database (group commit) and resolves once it is committed.
  // Given (embedded topology), ingest acknowledges a message after its own write instead of after a
  // stored job: the same promise for a fraction of the work, since a queued job was written once to
  // keep it and once more to process it. A message whose write fails is queued as a job after all
  // (stored, retried, kept in the failed list), so a bad one is never redelivered for ever.
  write?: (message: DeviceMessage) => Promise<void>;
  // Where the yard is (YARD_CENTER): a position far from it is refused (devicePositionRefusal).
  yardCenter: GeoPoint;
  // Counts the messages taken in by kind and outcome (openyard_device_messages_total).
  metrics?: Metrics;
  // Tells a camera which of its frames are kept (its other messages are acknowledged where they are
  // written: the workers' device-message batcher).
  acks?: DeviceAcks;
}) {
  const stats: IngestStats = { received: 0, queued: 0, rejected: 0, frames: 0 };
  let stopping = false;
  let waiting: { message: DeviceMessage; done: (error?: Error) => void }[] = [];
  let queueing: Promise<void> | null = null;
  // The last camera frame being stored and queued (one at a time per connection).
  let framing: Promise<void> = Promise.resolve();
  const clients: MqttClient[] = [];
  // Direct writes not yet committed (with `write`).
  const writing = new Set<Promise<void>>();

  // Once stopping, a message is not acknowledged, and the broker delivers it again to the next session.
  function enqueue(message: DeviceMessage, done: (error?: Error) => void) {
    if (stopping) return done(new Error('Ingest is stopping'));
    if (write) {
      const written = write(message).then(
        () => {
          stats.queued += 1;
          done();
        },
        (error: unknown) => {
          logger.warn({ err: error, kind: message.kind }, 'could not write a device message; queueing it as a job');
          waiting.push({ message, done });
          queueing ??= addWaiting();
        },
      );
      writing.add(written);
      void written.finally(() => writing.delete(written));
      return;
    }
    waiting.push({ message, done });
    queueing ??= addWaiting();
  }

  // One add at a time; what gathers meanwhile goes together into the next. Each message is
  // acknowledged only after the add holding it succeeded.
  async function addWaiting() {
    // Messages that other connections hand over in the same turn of the event loop join. With one
    // connection nothing can: waiting for the next turn would only slow it down.
    if (clients.length > 1) await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      try {
        const jobs = [];
        for (let start = 0; start < batch.length; start += DEVICE_MESSAGES_PER_JOB) {
          const messages = batch.slice(start, start + DEVICE_MESSAGES_PER_JOB).map((entry) => entry.message);
          const correlationId = jobCorrelation(messages);
          jobs.push({ ...jobRequest('DeviceMessages', { messages }), ...(correlationId ? { correlationId } : {}) });
        }
        await queue.addBulk(jobs);
        stats.queued += batch.length;
        for (const entry of batch) entry.done();
      } catch (error) {
        if (stopping) {
          for (const entry of batch) entry.done(new Error('Ingest is stopping'));
          continue;
        }
        // Not acknowledged: the broker redelivers them after the reconnect.
        logger.error({ err: error }, 'could not queue device messages; dropping the connections');
        for (const client of clients) client.end(true, () => client.reconnect());
        // In process, the embedded broker closes the devices' connections: they send them again.
        if (intake) for (const entry of batch) entry.done(error instanceof Error ? error : new Error(String(error)));
      }
    }
    queueing = null;
  }

  function reject(
    parsed: ParsedTopic | null,
    topic: string,
    reason: string,
    messageId: unknown,
    done: (error?: Error) => void,
  ) {
    stats.rejected += 1;
    metrics?.deviceMessages.inc({ kind: parsed?.kind ?? 'unknown', outcome: 'rejected' });
    const deviceId = parsed ? deviceUsername(parsed.deviceKind, parsed.deviceId) : 'unknown';
    // Without a message id of its own the entry gets one here, so a retried job logs it once.
    const id = isDeviceMessageId(messageId) ? messageId : `rejected-${randomUUID()}`;
    enqueue(
      { kind: 'rejected', deviceId, topic: storableText(topic), reason: storableText(reason), messageId: id },
      done,
    );
  }

  function handle(packet: IPublishPacket, done: (error?: Error) => void) {
    stats.received += 1;
    const topic = packet.topic;
    const parsed = parseTopic(topic);
    if (!parsed) return reject(null, topic, `Unknown topic ${topic.slice(0, 200)}`, null, done);
    if (parsed.kind === 'cameraFrame') {
      stats.frames += 1;
      if (!cameraFrames) return done();
      if (stopping) return done(new Error('Ingest is stopping'));
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      // The JPEG goes to blob storage and its OCR job to the OCR queue; acknowledged only then.
      framing = cameraFrames.accept(parsed, payload).then(
        (outcome) => {
          if (!outcome.ok) return reject(parsed, topic, outcome.reason, outcome.messageId, done);
          stats.queued += 1;
          metrics?.deviceMessages.inc({ kind: 'cameraFrame', outcome: 'accepted' });
          acks?.stored([{ device: { kind: 'camera', id: parsed.deviceId }, messageId: outcome.messageId }]);
          done();
        },
        (error: unknown) => {
          if (stopping) return done(new Error('Ingest is stopping'));
          logger.error({ err: error }, 'could not store or queue a camera frame; dropping the connections');
          for (const client of clients) client.end(true, () => client.reconnect());
          if (intake) done(error instanceof Error ? error : new Error(String(error)));
        },
      );
      return;
    }
    if (packet.payload.length > MAX_JSON_PAYLOAD_BYTES)
      return reject(parsed, topic, `Malformed payload: larger than ${MAX_JSON_PAYLOAD_BYTES} bytes`, null, done);
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.isBuffer(packet.payload) ? packet.payload.toString('utf8') : String(packet.payload));
    } catch {
      return reject(parsed, topic, 'Malformed payload: not JSON', null, done);
    }
    if (!VALIDATORS[parsed.kind].Check(payload)) {
      const first = Value.Errors(SCHEMAS[parsed.kind], payload)[0];
      const where = first?.instancePath || '/';
      const messageId = (payload as { messageId?: unknown } | null)?.messageId;
      return reject(
        parsed,
        topic,
        `Malformed payload: ${where} ${first?.message ?? 'does not match the contract'}`,
        messageId,
        done,
      );
    }
    const unstorable = unstorableTextPath(payload);
    if (unstorable) {
      const { messageId } = payload as { messageId: string };
      const reason = `Malformed payload: ${unstorable} holds a character that cannot be stored (U+0000 or a lone surrogate)`;
      return reject(parsed, topic, reason, messageId, done);
    }
    // A position that cannot be true (a receiver without a fix, a corrupted message) is refused
    // here with the other malformed messages, into the device log, and never drawn on a map.
    if (parsed.kind === 'machineTelemetry' || parsed.kind === 'itvPosition') {
      const position = payload as MachineTelemetryPayload | ItvPositionPayload;
      const refusal = devicePositionRefusal(position, yardCenter);
      if (refusal) return reject(parsed, topic, refusal, position.messageId, done);
    }
    metrics?.deviceMessages.inc({ kind: parsed.kind, outcome: 'accepted' });
    enqueue(deviceMessage(parsed, topic, payload), done);
  }

  function connect(id: string) {
    const client = mqtt.connect(url, {
      clientId: id,
      username,
      password,
      clean: false,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      // The 'connect' handler subscribes.
      resubscribe: false,
    });
    client.handleMessage = (packet, callback) => {
      try {
        handle(packet, (error) => callback(error));
      } catch (error) {
        logger.error({ err: error }, 'ingest failed on a message');
        callback();
      }
    };
    client.on('connect', (connack) => {
      logger.info(
        { url: url.replace(/\/\/.*@/, '//***@'), clientId: id, sessionPresent: connack.sessionPresent },
        'ingest connected',
      );
      // Subscribe on every connect, even to a session the broker kept: Mosquitto 2.0 brings a
      // persistent session back after its restart without the shared subscription in it, so ingest
      // would stay connected and receive nothing. Subscribing again replaces the same subscription.
      client.subscribe(
        subscription,
        { qos: 1 },
        (error) => error && logger.error({ err: error }, 'ingest subscribe failed'),
      );
    });
    client.on('error', (error) => logger.warn({ err: error }, 'ingest MQTT error'));
    client.on('offline', () => logger.warn({ clientId: id }, 'ingest offline; reconnecting'));
    clients.push(client);
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Ingest could not connect to ${url} within 15 s`)), 15_000);
      client.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  if (intake) intake.current = (packet, done) => handle(packet, done);
  else await Promise.all(ingestClientIds(clientId, connections).map(connect));

  return {
    stats: () => ({ ...stats }),
    async stop() {
      stopping = true;
      if (intake) intake.current = null;
      await Promise.all(writing);
      await Promise.all([queueing, framing]);
      await Promise.all(clients.map((client) => client.endAsync()));
    },
  };
}

export type Ingest = Awaited<ReturnType<typeof startIngest>>;
