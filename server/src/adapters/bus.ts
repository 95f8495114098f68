import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { DomainEvent, LiveMessage } from '@openyard/contracts';

// What travels on the bus: a domain event as the outbox stored it (or, from outbox rows written
// before domain events, a live message; the hub's projection passes those through).
export type BusEvent = DomainEvent | LiveMessage;
// Events arrive in the batches they were published in (a batch of device messages causes hundreds).
export type BusHandler = (events: readonly BusEvent[]) => void;

export interface Bus {
  kind: 'memory' | 'redis';
  // `text`, when the caller has it, is the events as JSON: Redis sends it as it is, an in-process
  // bus passes the objects.
  publish(events: readonly BusEvent[], text?: string): Promise<void>;
  // Events known only as JSON (an array of events, as the outbox stores them).
  publishText(events: string): Promise<void>;
  subscribe(handler: BusHandler): () => void;
  // Called when the bus delivers again after a time in which it may have missed events (Redis came
  // back after a lost connection), once the subscription is in place again: whoever keeps state from
  // events reloads it then. The in-process bus never misses any. Returns the way to stop listening.
  onGap(handler: () => void): () => void;
  close(): Promise<void>;
}

export class BusPublishTimeoutError extends Error {
  constructor(ms: number) {
    super(`The event bus did not take a publish within ${ms} ms`);
    this.name = 'BusPublishTimeoutError';
  }
}

// How long a publish may wait for Redis (BUS_PUBLISH_TIMEOUT_MS): the outbox relay publishes inside
// the transaction that marks its rows sent, so an unbounded wait held that transaction and its row
// locks for as long as Redis stayed silent.
export const DEFAULT_BUS_PUBLISH_TIMEOUT_MS = 2000;

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(events) {
      if (events.length) emitter.emit('events', events);
    },
    async publishText(events) {
      const parsed = JSON.parse(events) as unknown;
      if (Array.isArray(parsed) && parsed.length) emitter.emit('events', parsed as BusEvent[]);
    },
    subscribe(handler) {
      emitter.on('events', handler);
      return () => emitter.off('events', handler);
    },
    onGap() {
      return () => undefined;
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

// Redis pub/sub: fire-and-forget delivery between processes. Losing it loses nothing durable —
// the outbox is in Postgres and clients refetch snapshots after every reconnect.
// A publish waits for the connection and Redis's answer at most `publishTimeoutMs`, then fails (the
// relay rolls back and retries): nothing waits in a queue of the client meanwhile (no offline
// queue), and a connection that took a publish without answering is dropped and made anew, which
// fails whatever else it held.
export function createRedisBus(
  url: string,
  prefix: string,
  { publishTimeoutMs = DEFAULT_BUS_PUBLISH_TIMEOUT_MS }: { publishTimeoutMs?: number } = {},
): Bus {
  const channel = `${prefix}:events`;
  // Named, so that CLIENT LIST says whose connections they are.
  const publisher = new Redis(url, {
    maxRetriesPerRequest: null,
    lazyConnect: false,
    enableOfflineQueue: false,
    connectionName: `${prefix}-bus-publisher`,
  });
  const subscriber = new Redis(url, {
    maxRetriesPerRequest: null,
    lazyConnect: false,
    connectionName: `${prefix}-bus-subscriber`,
  });
  const handlers = new Set<BusHandler>();
  const gapHandlers = new Set<() => void>();
  let subscribed: Promise<unknown> | undefined;
  let closed = false;
  subscriber.on('message', (_channel: string, message: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    if (!Array.isArray(parsed)) return;
    for (const handler of handlers) handler(parsed as BusEvent[]);
  });
  // ioredis subscribes again by itself when the connection is back; a SUBSCRIBE of ours after it
  // answers once that one is in place, so nothing published after the gap handlers run is missed.
  let lost = false;
  subscriber.on('close', () => {
    if (subscribed) lost = true;
  });
  subscriber.on('ready', () => {
    if (!lost || closed) return;
    lost = false;
    subscriber.subscribe(channel).then(
      () => gapHandlers.forEach((handler) => handler()),
      () => undefined,
    );
  });

  // Resolved while the publisher is ready; one promise for every publish that waits.
  let ready: { promise: Promise<void>; resolve: () => void } | null = null;
  publisher.on('ready', () => {
    ready?.resolve();
    ready = null;
  });
  const whenReady = () => {
    if (publisher.status === 'ready') return Promise.resolve();
    if (!ready) {
      let resolve = () => undefined as void;
      const promise = new Promise<void>((done) => (resolve = done));
      ready = { promise, resolve };
    }
    return ready.promise;
  };
  async function send(message: string) {
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(new BusPublishTimeoutError(publishTimeoutMs));
      }, publishTimeoutMs);
    });
    try {
      await Promise.race([
        whenReady().then(() => (timedOut ? undefined : publisher.publish(channel, message))),
        timeout,
      ]);
    } catch (error) {
      // A connection that took the publish and never answered is of no more use.
      if (timedOut && publisher.status === 'ready') publisher.disconnect(true);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    kind: 'redis',
    async publish(events, text) {
      if (events.length) await send(text ?? JSON.stringify(events));
    },
    async publishText(events) {
      await send(events);
    },
    subscribe(handler) {
      handlers.add(handler);
      subscribed ??= subscriber.subscribe(channel);
      return () => handlers.delete(handler);
    },
    onGap(handler) {
      gapHandlers.add(handler);
      return () => gapHandlers.delete(handler);
    },
    async close() {
      closed = true;
      handlers.clear();
      gapHandlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      // QUIT is refused while not connected (no offline queue): end the connection attempts anyway.
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
