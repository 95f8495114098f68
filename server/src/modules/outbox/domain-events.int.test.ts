import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventOf, LiveMessage } from '@openyard/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addContainer } from '../../test/yard-fixtures';
import { subscribeDomainEvents } from './domain-events';

// Server-side consumers follow what services record (domain events), as every process's outbox
// relay publishes it: never the websocket's payloads.
let t: TestApp;
let auth: Record<string, string>;
const moves: DomainEventOf<'container.moved'>[] = [];
const layouts: DomainEventOf<'yard.layoutChanged'>[] = [];
let stop: () => void;

beforeAll(async () => {
  t = await createTestApp();
  auth = (await t.login('superadmin')).auth;
  stop = subscribeDomainEvents(t.bus, {
    'container.moved': (event) => moves.push(event),
    'yard.layoutChanged': (event) => layouts.push(event),
  });
});
afterAll(async () => {
  stop();
  await t.close();
});

describe('domain event consumers', () => {
  it('hear a container move made through the API as `container.moved`, with the inventory version', async () => {
    const box = await addContainer(t, auth, { location: 'C_1_3_1' });
    // Its arrival's event is out of the way.
    await t.relay.kick();
    moves.length = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/yard/updateLocation',
      headers: auth,
      payload: [{ containerId: box.id, number: box.containerNumber, newLocation: 'C_1_5_1' }],
    });
    expect(response.statusCode).toBe(200);
    await t.relay.kick();
    const ours = moves.filter((event) => event.data.container.containerId === box.id);
    const move = ours[0];
    expect(move?.data).toMatchObject({
      container: { location: 'C_1_5_1', area: 'C' },
      previousLocation: 'C_1_3_1',
      previousArea: 'C',
      movedBy: 'superadmin',
    });
    expect(move?.data.version).toBeGreaterThan(0);
    // One event per change, whatever number of topics it is shown on.
    expect(ours).toHaveLength(1);
  });

  it('hear a rules change as `yard.layoutChanged`, and never a live message', async () => {
    layouts.length = 0;
    const legacy: LiveMessage = {
      eventId: randomUUID(),
      type: 'inventory.layout.v1',
      topic: 'inventory',
      at: Date.now(),
      data: { reason: 'rules', area: null },
    };
    // A live message from an outbox row of the earlier format is for the hub alone.
    await t.bus.publish([legacy]);
    expect(layouts).toHaveLength(0);
    const event: DomainEventOf<'yard.layoutChanged'> = {
      type: 'yard.layoutChanged',
      eventId: randomUUID(),
      at: Date.now(),
      data: { reason: 'rules', areas: [] },
    };
    await t.bus.publish([event]);
    // A second delivery (the relay is at least once) is dropped.
    await t.bus.publish([event]);
    expect(layouts).toEqual([event]);
  });
});
