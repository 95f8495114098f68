import { connectAsync, type MqttClient } from 'mqtt';
import { ackedPublisher } from './acked-publisher';
import type { Credentials } from './devices-file';
import type { RateLimiter, Semaphore } from './pacing';

export const PUBLISH_KINDS = [
  'readerTag',
  'readerStatus',
  'machineTelemetry',
  'machineEvent',
  'itvPosition',
  'cameraFrame',
] as const;
export type PublishKind = (typeof PUBLISH_KINDS)[number];

export interface SimulatorLogger {
  info(message: string): void;
  warn(message: string): void;
}

export interface PublishCounters {
  published: Record<PublishKind, number>;
  bytes: number;
  // QoS 1 publishes the broker did not acknowledge, or that the connection lost.
  failed: number;
  // QoS 0 messages not sent because the device was offline (a stale position is worthless).
  dropped: number;
}

export function emptyCounters(): PublishCounters {
  return {
    published: Object.fromEntries(PUBLISH_KINDS.map((kind) => [kind, 0])) as Record<PublishKind, number>,
    bytes: 0,
    failed: 0,
    dropped: 0,
  };
}

export interface PublishContext {
  limiter: RateLimiter;
  inFlight: Semaphore;
  counters: PublishCounters;
  logger: SimulatorLogger;
  signal: AbortSignal;
  // Publishes not yet settled, so that stop() can wait for them.
  pending: Set<Promise<void>>;
}

// One device = one MQTT connection with its own client id, username and password: the broker
// refuses anything else, and that is what real readers, cameras and machines do.
export class DeviceConnection {
  private counter = 0;
  private warnedOffline = false;

  private constructor(
    readonly username: string,
    private readonly client: MqttClient,
    private readonly runId: string,
    private readonly context: PublishContext,
    // QoS 1 messages are kept until the pipeline says they are stored, and sent again until then.
    private readonly acked = ackedPublisher(client),
  ) {
    client.on('error', (error) => {
      // Reconnect attempts repeat the same error; one line per outage is enough.
      if (!this.warnedOffline) context.logger.warn(`${username}: ${error.message}`);
      this.warnedOffline = true;
    });
    client.on('offline', () => {
      if (!this.warnedOffline) context.logger.warn(`${username}: offline, reconnecting`);
      this.warnedOffline = true;
    });
    client.on('connect', () => {
      if (this.warnedOffline) context.logger.info(`${username}: reconnected`);
      this.warnedOffline = false;
    });
  }

  static async open(
    url: string,
    credentials: Credentials,
    runId: string,
    context: PublishContext,
  ): Promise<DeviceConnection> {
    const client = await connectAsync(url, {
      clientId: credentials.username,
      username: credentials.username,
      password: credentials.password,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      keepalive: 30,
      clean: true,
      queueQoSZero: false,
    });
    return new DeviceConnection(credentials.username, client, runId, context);
  }

  // Unique per device and across runs: the server treats a repeated (device, message id) as a
  // redelivery, so a restarted simulator must not reuse the ids of the previous run.
  nextMessageId(): string {
    this.counter++;
    return `${this.username}-${this.runId}-${this.counter}`;
  }

  // Resolves once the publish is under way (rate and in-flight bound permitting), not when it
  // is acknowledged; throws only when the simulator stops. A QoS 1 message with a message id (a JSON
  // payload's own, or a camera frame's header's, given) is sent until the pipeline acknowledges it.
  async publish(
    kind: PublishKind,
    topic: string,
    payload: object | Uint8Array,
    qos: 0 | 1,
    frameMessageId?: string,
  ): Promise<void> {
    const { limiter, inFlight, counters, signal, pending } = this.context;
    await limiter.take(signal);
    await inFlight.acquire(signal);
    if (qos === 0 && !this.client.connected) {
      inFlight.release();
      counters.dropped++;
      return;
    }
    const body =
      payload instanceof Uint8Array
        ? Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength)
        : Buffer.from(JSON.stringify(payload));
    const messageId = payload instanceof Uint8Array ? frameMessageId : (payload as { messageId?: unknown }).messageId;
    const publishing = (
      qos === 1 && typeof messageId === 'string'
        ? this.acked.publish(topic, body, messageId)
        : this.client.publishAsync(topic, body, { qos })
    )
      .then(
        () => {
          counters.published[kind]++;
          counters.bytes += body.length;
        },
        () => {
          counters.failed++;
        },
      )
      .finally(() => {
        inFlight.release();
        pending.delete(publishing);
      });
    pending.add(publishing);
  }

  // Messages the server publishes for this device on `topic` (its inbox, retained): subscribed now
  // and again after each reconnect (the session is clean). The payload as it came.
  async watch(topic: string, onMessage: (payload: Buffer) => void): Promise<void> {
    this.client.on('message', (received, payload) => {
      if (received === topic) onMessage(payload);
    });
    this.client.on('connect', (packet) => {
      if (!packet.sessionPresent) void this.client.subscribeAsync(topic, { qos: 1 }).catch(() => undefined);
    });
    await this.client.subscribeAsync(topic, { qos: 1 });
  }

  get connected(): boolean {
    return this.client.connected;
  }

  // A clean disconnect when nothing is outstanding; otherwise do not wait for a broker that
  // may be gone.
  async close(force: boolean): Promise<void> {
    this.acked.close();
    await this.client.endAsync(force);
  }
}
