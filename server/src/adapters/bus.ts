import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { LiveMessage } from '@openyard/contracts';

// What travels on the bus: a live message as the outbox stored it.
export type BusEvent = LiveMessage;
// Events arrive in the batches they were published in (a batch of device messages causes hundreds).
export type BusHandler = (events: readonly BusEvent[]) => void;

export interface Bus {
  kind: 'memory' | 'redis';
  // `text`, when the caller has it, is the events as JSON: Redis sends it as it is, an in-process
  // bus passes the objects.
  publish(events: readonly BusEvent[], text?: string): Promise<void>;
  // Events known only as JSON (an array of live messages, as the outbox stores them).
  publishText(events: string): Promise<void>;
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

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
    async close() {
      emitter.removeAllListeners();
    },
  };
}

// Redis pub/sub: fire-and-forget delivery between processes. Losing it loses nothing durable —
// the outbox is in Postgres and clients refetch snapshots after every reconnect.
export function createRedisBus(url: string, prefix: string): Bus {
  const channel = `${prefix}:events`;
  const publisher = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
  const handlers = new Set<BusHandler>();
  let subscribed: Promise<unknown> | undefined;
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
  return {
    kind: 'redis',
    async publish(events, text) {
      if (events.length) await publisher.publish(channel, text ?? JSON.stringify(events));
    },
    async publishText(events) {
      await publisher.publish(channel, events);
    },
    subscribe(handler) {
      handlers.add(handler);
      subscribed ??= subscriber.subscribe(channel);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
