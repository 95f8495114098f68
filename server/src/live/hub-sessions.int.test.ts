import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LiveMessage } from '@openyard/contracts';
import { createMemoryBus, type Bus } from '../adapters/bus';
import { sessions } from '../db/schema';
import { createTestApp, createUserWithPermissions, type TestApp } from '../test/test-app';

// The hub hears session changes as they happen: logout, a user disabled (by another server, in
// SQL), a role's permissions changed, idle expiry; and a gap of the bus makes clients resync.

// An in-process bus whose gap the test decides (Redis reconnecting, as the hub sees it).
const gapHandlers = new Set<() => void>();
const bus: Bus = {
  ...createMemoryBus(),
  onGap: (handler) => (gapHandlers.add(handler), () => gapHandlers.delete(handler)),
};

let t: TestApp;
let baseUrl: string;
let superadmin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp({ bus });
  baseUrl = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('0.0.0.0', '127.0.0.1');
  superadmin = await t.login('superadmin');
});
afterAll(() => t.close());

type Frame = { type: string; topic?: string; eventId?: string };

// Polls until the condition holds; the limit is generous (the hub answers in well under a second,
// its periodic check came every 30 s before it heard changes).
async function waitFor(condition: () => boolean | Promise<boolean>, limitMs = 5000) {
  const until = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function connect(session: { cookie: string }, topics: string[]) {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, {
    headers: { cookie: `openyard_session=${session.cookie}`, origin: baseUrl },
  });
  const received: Frame[] = [];
  let closeCode: number | null = null;
  socket.on('message', (raw: Buffer) => received.push(JSON.parse(raw.toString('utf8')) as Frame));
  socket.on('close', (code) => (closeCode = code));
  await new Promise((resolve) => socket.once('open', resolve));
  for (const topic of topics) socket.send(JSON.stringify({ op: 'subscribe', topic }));
  await waitFor(() => topics.every((topic) => received.some((m) => m.type === 'subscribed' && m.topic === topic)));
  return { socket, received, closeCode: () => closeCode };
}

const tagEvent = (): LiveMessage => ({
  type: 'gate.tag.v1',
  topic: 'gates',
  eventId: randomUUID(),
  at: Date.now(),
  data: { tagRead: { id: 1, readerId: 1, gateId: 1, tagId: 'E280', antenna: null, rssi: null, readAt: Date.now() } },
});

describe('the hub hears session changes', () => {
  it('closes the socket of a session at its logout', async () => {
    const session = await t.login('admin');
    const client = await connect(session, ['gates']);
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/user/logout',
      headers: session.auth,
    });
    expect(response.statusCode).toBe(200);
    await waitFor(() => client.closeCode() === 4001);
  });

  it('closes the sockets of a user disabled by another server (in SQL)', async () => {
    const session = await createUserWithPermissions(t, superadmin.auth, `disabled-${randomUUID().slice(0, 8)}`, {
      gateVisible: true,
    });
    const client = await connect(session, ['gates']);
    await t.db.execute(sql`update users set enabled = false where id = ${session.userId}`);
    await waitFor(() => client.closeCode() === 4001);
  });

  it('drops a topic whose permission the role lost and tells the client its access changed', async () => {
    const name = `watcher-${randomUUID().slice(0, 8)}`;
    const session = await createUserWithPermissions(t, superadmin.auth, name, {
      gateVisible: true,
      machinesVisible: true,
    });
    const client = await connect(session, ['gates', 'machines']);
    const roleId = (await t.app.inject({ url: `/rest/roles/${name}`, headers: superadmin.auth })).json<{ id: number }>()
      .id;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/rest/enterprise/roles/permissions',
      headers: superadmin.auth,
      payload: { roleId, landingPage: '/main', permissions: { gateVisible: false } },
    });
    expect(saved.statusCode).toBe(200);
    await waitFor(() => client.received.some((m) => m.type === 'accessChanged'));
    expect(client.received).toContainEqual(expect.objectContaining({ type: 'error', topic: 'gates' }));
    const event = tagEvent();
    await t.bus.publish([event]);
    await t.bus.publish([{ ...tagEvent(), topic: 'machines' }]);
    await waitFor(() => client.received.some((m) => m.topic === 'machines' && m.eventId));
    expect(client.received.some((m) => m.eventId === event.eventId)).toBe(false);
    expect(client.closeCode()).toBeNull();
    client.socket.close();
  });

  it('ends an idle session when it goes idle, and counts live data as activity', async () => {
    const idleMs = t.config.yard.sessionExpireInIdleMins * 60_000;
    const quiet = await t.login('gatein');
    const watching = await t.login('gatein');
    const quietClient = await connect(quiet, ['gates']);
    const watchingClient = await connect(watching, ['gates']);
    const sessionOf = async (token: string) => {
      const id = t.app.jwt.decode<{ sid: string }>(token)!.sid;
      const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
      return { id, lastSeenAt: row!.lastSeenAt.getTime() };
    };
    // Both sessions were last used long enough ago to go idle four seconds from now (moving the
    // time back is heard by the hub, which then waits for the moment the session goes idle).
    for (const session of [quiet, watching]) {
      const { id } = await sessionOf(session.token);
      await t.db.execute(
        sql`update sessions set last_seen_at = now() - make_interval(secs => ${(idleMs - 4000) / 1000}) where id = ${id}`,
      );
    }
    const before = (await sessionOf(watching.token)).lastSeenAt;
    // Live data keeps arriving for one of them only (gatein cannot tell the two apart by topic:
    // both receive it; the quiet one unsubscribed first).
    quietClient.socket.send(JSON.stringify({ op: 'unsubscribe', topic: 'gates' }));
    await waitFor(() => quietClient.received.some((m) => m.type === 'unsubscribed'));
    const feed = setInterval(() => void t.bus.publish([tagEvent()]), 300);
    try {
      await waitFor(() => quietClient.closeCode() === 4001, 15_000);
      // The watching session was moved back a moment after the quiet one, so its own check comes a
      // moment later: wait for that check to count the data it received, then see it still open.
      await waitFor(async () => (await sessionOf(watching.token)).lastSeenAt > before, 5000);
      expect(watchingClient.closeCode()).toBeNull();
      const user = await t.app.inject({ url: '/rest/user', headers: watching.auth });
      expect(user.statusCode).toBe(200);
    } finally {
      clearInterval(feed);
      watchingClient.socket.close();
    }
  });
});

describe('a gap of the bus', () => {
  it('tells every client to resync each topic it watches', async () => {
    const client = await connect(superadmin, ['gates', 'machines']);
    // The hub's handler, and the alarms recorder's (it re-reads the yard after a gap).
    expect(gapHandlers.size).toBe(2);
    for (const handler of gapHandlers) handler();
    await waitFor(() =>
      ['gates', 'machines'].every((topic) => client.received.some((m) => m.type === 'resync' && m.topic === topic)),
    );
    client.socket.close();
  });
});
