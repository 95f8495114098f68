import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket } from 'mqtt';
import { Value } from 'typebox/value';
import {
  ItvPositionPayload,
  MachineEventPayload,
  MachineTelemetryPayload,
  parseTopic,
  ReaderStatusPayload,
  TagReadPayload,
  deviceUsername,
  type ParsedTopic,
} from '@openyard/contracts';
import type { JobRequest, Queue } from '@openyard/server/adapters/queue';
import { jobIdFor, JOB_FOR_TOPIC } from '../jobs/devices/device-messages.jobs';

const SCHEMAS = {
  readerTag: TagReadPayload,
  readerStatus: ReaderStatusPayload,
  machineTelemetry: MachineTelemetryPayload,
  machineEvent: MachineEventPayload,
  itvPosition: ItvPositionPayload,
} as const;

export interface IngestStats {
  received: number;
  queued: number;
  rejected: number;
  frames: number;
}

// MQTT → validate against the device contract → queue. No database work here: a message becomes a
// job (or, when it is bad, a RejectedMessage job that logs it). The broker gets its PUBACK only
// after the job is queued, so an ingest crash makes the broker deliver the message again, and the
// job id (device + message id) makes that redelivery a no-op.
export async function startIngest({
  url,
  username,
  password,
  clientId,
  subscription,
  queue,
  logger,
}: {
  url: string;
  username?: string;
  password?: string;
  clientId: string;
  subscription: string;
  queue: Queue;
  logger: FastifyBaseLogger;
}) {
  const stats: IngestStats = { received: 0, queued: 0, rejected: 0, frames: 0 };
  let stopping = false;
  let queueing: Promise<void> = Promise.resolve();

  // mqtt.js hands over one message at a time, and the next one only after this one's callback (its
  // backpressure; the callback sends the PUBACK). So each message is queued as it comes: holding it
  // back to gather a batch would stall the stream at one message per wait. Once stopping, a message
  // is not acknowledged, and the broker delivers it again to the next session.
  function enqueue(job: JobRequest, done: (error?: Error) => void) {
    if (stopping) return done(new Error('Ingest is stopping'));
    queueing = queue.addBulk([job]).then(
      () => {
        stats.queued += 1;
        done();
      },
      (error: unknown) => {
        if (stopping) return done(new Error('Ingest is stopping'));
        // Not acknowledged: the broker redelivers after the reconnect.
        logger.error({ err: error }, 'could not queue a device message; dropping the connection');
        client.end(true, () => client.reconnect());
      },
    );
  }

  function reject(
    parsed: ParsedTopic | null,
    topic: string,
    reason: string,
    messageId: string | null,
    done: (error?: Error) => void,
  ) {
    stats.rejected += 1;
    const deviceId = parsed ? deviceUsername(parsed.deviceKind, parsed.deviceId) : 'unknown';
    enqueue({ name: 'RejectedMessage', data: { kind: 'rejected', deviceId, topic, reason, messageId } }, done);
  }

  function handle(packet: IPublishPacket, done: (error?: Error) => void) {
    stats.received += 1;
    const topic = packet.topic;
    const parsed = parseTopic(topic);
    if (!parsed) return reject(null, topic, `Unknown topic ${topic.slice(0, 200)}`, null, done);
    if (parsed.kind === 'cameraFrame') {
      // Frames go to OCR (its own release); until then they are acknowledged and counted.
      stats.frames += 1;
      return done();
    }
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.isBuffer(packet.payload) ? packet.payload.toString('utf8') : String(packet.payload));
    } catch {
      return reject(parsed, topic, 'Malformed payload: not JSON', null, done);
    }
    const schema = SCHEMAS[parsed.kind];
    if (!Value.Check(schema, payload)) {
      const first = Value.Errors(schema, payload)[0];
      const where = first?.instancePath || '/';
      const messageId =
        typeof (payload as { messageId?: unknown })?.messageId === 'string'
          ? (payload as { messageId: string }).messageId.slice(0, 64)
          : null;
      return reject(
        parsed,
        topic,
        `Malformed payload: ${where} ${first?.message ?? 'does not match the contract'}`,
        messageId,
        done,
      );
    }
    const messageId = (payload as { messageId: string }).messageId;
    const idKey =
      parsed.kind === 'readerTag' || parsed.kind === 'readerStatus'
        ? 'readerId'
        : parsed.kind === 'itvPosition'
          ? 'itvId'
          : 'machineId';
    enqueue(
      {
        name: JOB_FOR_TOPIC[parsed.kind],
        data: { kind: parsed.kind, [idKey]: parsed.deviceId, topic, payload },
        jobId: jobIdFor(deviceUsername(parsed.deviceKind, parsed.deviceId), parsed.kind, messageId),
      },
      done,
    );
  }

  const client = mqtt.connect(url, {
    clientId,
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
    logger.info({ url: url.replace(/\/\/.*@/, '//***@'), sessionPresent: connack.sessionPresent }, 'ingest connected');
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
  client.on('offline', () => logger.warn('ingest offline; reconnecting'));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Ingest could not connect to ${url} within 15 s`)), 15_000);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });

  return {
    stats: () => ({ ...stats }),
    async stop() {
      stopping = true;
      await queueing;
      await client.endAsync();
    },
  };
}

export type Ingest = Awaited<ReturnType<typeof startIngest>>;
