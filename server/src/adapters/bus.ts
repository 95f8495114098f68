import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { LiveMessage } from '@openyard/contracts';

// What travels on the bus: a live message as the outbox stored it.
export type BusEvent = LiveMessage;
export type BusHandler = (event: BusEvent) => void;

export interface Bus {
  kind: 'memory' | 'redis';
  publish(events: readonly BusEvent[]): Promise<void>;
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(events) {
      for (const event of events) emitter.emit('event', event);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
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
    let parsed: BusEvent[];
    try {
      parsed = JSON.parse(message) as BusEvent[];
    } catch {
      return;
    }
    for (const event of parsed) for (const handler of handlers) handler(event);
  });
  return {
    kind: 'redis',
    async publish(events) {
      if (events.length) await publisher.publish(channel, JSON.stringify(events));
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
