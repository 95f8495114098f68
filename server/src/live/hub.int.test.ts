import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DomainEventOf, LiveMessage } from '@openyard/contracts';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('0.0.0.0', '127.0.0.1');
});
afterAll(() => t.close());

const text = (raw: WebSocket.RawData) =>
  Buffer.isBuffer(raw) ? raw.toString('utf8') : Buffer.from(raw as ArrayBuffer).toString('utf8');

function upgradeStatus(headers: Record<string, string>) {
  return new Promise<number>((resolve) => {
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, { headers });
    // The client leaves the socket open: the server must close a refused upgrade itself.
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
  });
}

async function connect(username: string) {
  const session = await t.login(username);
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, {
    headers: { cookie: `openyard_session=${session.cookie}`, origin: baseUrl },
  });
  const received: { type: string; topic?: string; data?: unknown; eventId?: string }[] = [];
  socket.on('message', (raw) => received.push(JSON.parse(text(raw)) as (typeof received)[number]));
  await new Promise((resolve) => socket.once('open', resolve));
  const until = async (predicate: () => boolean) => {
    for (let i = 0; i < 100 && !predicate(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(predicate()).toBe(true);
  };
  return { socket, received, until, send: (command: object) => socket.send(JSON.stringify(command)) };
}

const tagEvent = (eventId: string, tagId: string): LiveMessage => ({
  type: 'gate.tag.v1',
  topic: 'gates',
  eventId,
  at: Date.now(),
  data: { tagRead: { id: 1, readerId: 1, gateId: 1, tagId, antenna: null, rssi: null, readAt: Date.now() } },
});

describe('websocket hub /ws', () => {
  it('needs a session and this site as Origin', async () => {
    expect(await upgradeStatus({ origin: baseUrl })).toBe(401);
    const session = await t.login('superadmin');
    expect(await upgradeStatus({ cookie: `openyard_session=${session.cookie}`, origin: 'https://evil.example' })).toBe(
      403,
    );
    expect(await upgradeStatus({ cookie: `openyard_session=${session.cookie}` })).toBe(403);
    expect(await upgradeStatus({ cookie: `openyard_session=${session.cookie}`, origin: baseUrl })).toBe(101);
  });

  it('checks each topic against the permissions, and delivers an event once', async () => {
    const operator = await connect('operator');
    operator.send({ op: 'subscribe', topic: 'device-logs' });
    operator.send({ op: 'subscribe', topic: 'gates' });
    await operator.until(() => operator.received.some((m) => m.type === 'error' && m.topic === 'device-logs'));
    const gatein = await connect('gatein');
    gatein.send({ op: 'subscribe', topic: 'gates' });
    await gatein.until(() => gatein.received.some((m) => m.type === 'subscribed' && m.topic === 'gates'));
    const event = tagEvent(randomUUID(), '12345678');
    await t.bus.publish([event, event]);
    await gatein.until(() => gatein.received.some((m) => m.eventId === event.eventId));
    await t.bus.publish([tagEvent(randomUUID(), 'marker')]);
    await gatein.until(() =>
      gatein.received.some((m) => m.type === 'gate.tag.v1' && JSON.stringify(m.data).includes('marker')),
    );
    expect(gatein.received.filter((m) => m.eventId === event.eventId)).toHaveLength(1);
    // operator lacks the gate menu: it got an error for gates too, and no event.
    expect(operator.received.some((m) => m.type === 'error' && m.topic === 'gates')).toBe(true);
    expect(operator.received.some((m) => m.type === 'gate.tag.v1')).toBe(false);
    operator.socket.close();
    gatein.socket.close();
  });

  it('delivers a domain event as its live messages: yard, area and mirrored topics, one id, the wire format', async () => {
    const client = await connect('superadmin');
    for (const topic of ['inventory:C', 'containers', 'gates']) client.send({ op: 'subscribe', topic });
    await client.until(() => client.received.filter((m) => m.type === 'subscribed').length === 3);
    const eventId = randomUUID();
    const at = Date.now();
    const event: DomainEventOf<'yard.layoutChanged'> = {
      type: 'yard.layoutChanged',
      eventId,
      at,
      data: { reason: 'merge-slots', areas: ['C'] },
    };
    await t.bus.publish([event, event]);
    await t.bus.publish([tagEvent(randomUUID(), 'after')]);
    await client.until(() => client.received.some((m) => m.type === 'gate.tag.v1'));
    const layouts = client.received.filter((m) => m.type === 'inventory.layout.v1');
    const data = { reason: 'merge-slots', area: 'C' };
    // `inventory` itself is not watched here: its message reaches `containers` as the mirror.
    expect(layouts).toEqual([
      { eventId, type: 'inventory.layout.v1', topic: 'containers', at, data },
      { eventId, type: 'inventory.layout.v1', topic: 'inventory:C', at, data },
    ]);
    client.socket.close();
  });

  it('coalesces machine positions: the last one of a window wins', async () => {
    const client = await connect('superadmin');
    client.send({ op: 'subscribe', topic: 'machines' });
    await client.until(() => client.received.some((m) => m.type === 'subscribed'));
    const position = (latitude: number): LiveMessage => ({
      type: 'machine.position.v1',
      topic: 'machines',
      eventId: randomUUID(),
      at: Date.now(),
      data: {
        machineId: 7,
        position: { latitude, longitude: 72.9 },
        yardZone: null,
        machineStatus: 'Working',
        status: 'green',
        lastDataReceived: Date.now(),
      },
    });
    await t.bus.publish([position(18.1), position(18.2), position(18.3)]);
    await client.until(() => client.received.some((m) => m.type === 'machine.position.v1'));
    const positions = client.received.filter((m) => m.type === 'machine.position.v1') as Extract<
      LiveMessage,
      { type: 'machine.position.v1' }
    >[];
    expect(positions.at(-1)?.data.position.latitude).toBe(18.3);
    expect(positions.length).toBeLessThan(3);
    client.socket.close();
  });

  it('ends the socket of a session that was logged out', async () => {
    const session = await t.login('admin');
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, {
      headers: { cookie: `openyard_session=${session.cookie}`, origin: baseUrl },
    });
    await new Promise((resolve) => socket.once('open', resolve));
    await t.app.inject({ url: '/rest/user/logout', headers: session.auth });
    // The hub revalidates sessions periodically; a new connection with the ended session is refused at once.
    expect(await upgradeStatus({ cookie: `openyard_session=${session.cookie}`, origin: baseUrl })).toBe(401);
    socket.close();
  });
});
