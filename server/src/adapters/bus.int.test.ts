import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '@openyard/contracts';
import { eventually } from '../test/eventually';
import { silentServer } from '../test/silent-server';
import { TEST_SERVICES } from '../test/test-services';
import { BusPublishTimeoutError, createRedisBus, type BusEvent } from './bus';

const event = (gateId: number) =>
  ({ eventId: randomUUID(), type: 'gate.changed.v1', topic: 'gates', at: Date.now(), data: { gateId } }) as LiveMessage;

// Issue 13 point 12: a publish to a Redis that does not answer waited for ever.
describe('Redis bus publish', () => {
  it('gives up after its timeout when Redis never answers', async () => {
    const silent = await silentServer();
    const bus = createRedisBus(silent.url, `oy-test-${randomUUID()}`, { publishTimeoutMs: 300 });
    try {
      await eventually(async () => silent.connections() > 0);
      await expect(bus.publish([event(1)])).rejects.toBeInstanceOf(BusPublishTimeoutError);
      await expect(bus.publishText(JSON.stringify([event(2)]))).rejects.toBeInstanceOf(BusPublishTimeoutError);
    } finally {
      await bus.close();
      await silent.close();
    }
  });
});

// For the websocket hub (issue 13 point 12): events published while the subscription was gone are
// never heard, so whoever keeps state from them hears that there was a gap, once it is back.
describe('Redis bus gap', () => {
  let admin: Redis;
  beforeAll(() => {
    admin = new Redis(TEST_SERVICES.redisUrl, { maxRetriesPerRequest: 1 });
  });
  afterAll(() => admin?.quit());

  it('tells its listeners when the subscription is back after a lost connection', async () => {
    const prefix = `oy-test-${randomUUID()}`;
    const bus = createRedisBus(TEST_SERVICES.redisUrl, prefix);
    const received: BusEvent[] = [];
    let gaps = 0;
    bus.subscribe((events) => received.push(...events));
    bus.onGap(() => (gaps += 1));
    try {
      await eventually(async () => {
        await bus.publish([event(1)]);
        return received.length > 0;
      });
      expect(gaps).toBe(0);
      // The subscriber's connection is cut, as a Redis restart or a network fault would.
      const clients = (await admin.call('client', 'list', 'type', 'pubsub')) as string;
      const id = /id=(\d+) .*name=(\S+)/
        .exec(clients.split('\n').find((line) => line.includes(`name=${prefix}-bus-subscriber`)) ?? '')
        ?.at(1);
      expect(id).toBeDefined();
      await admin.call('client', 'kill', 'id', id!);
      await eventually(async () => gaps === 1);
      // Subscribed again by the time the gap is told: what is published now arrives.
      received.length = 0;
      await bus.publish([event(2)]);
      await eventually(async () => received.length > 0);
      expect(received.map((message) => message.data)).toEqual([{ gateId: 2 }]);
    } finally {
      await bus.close();
    }
  });
});
