import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type GateSaved } from '@openyard/contracts';
import { connectLive, listenOnLoopback } from '../test/live-socket';
import { createTestApp, type TestApp } from '../test/test-app';

// Live topics by role (issue 23): what each caller may subscribe to on /ws. A kiosk and a gate
// clerk never get the inventory or the device logs; where gates are per user, a clerk of one gate
// does not get another gate's OCR queue or cameras.

let t: TestApp;
let baseUrl: string;
let superadmin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t);
  superadmin = await t.login('superadmin');
});
afterAll(() => t.close());

type Reply = { type: string; topic?: string };
async function answers(username: string, topics: string[]) {
  const client = await connectLive<Reply>(t, baseUrl, username);
  for (const topic of topics) client.send({ op: 'subscribe', topic });
  await client.until(() =>
    topics.every((topic) =>
      client.received.some((m) => m.topic === topic && (m.type === 'subscribed' || m.type === 'error')),
    ),
  );
  client.socket.close();
  return Object.fromEntries(
    topics.map((topic) => [topic, client.received.find((m) => m.topic === topic)!.type === 'subscribed']),
  );
}

describe('live topics by role', () => {
  it('keeps the gate clerk out of the inventory, device logs and machines', async () => {
    const allowed = await answers('gatein', ['inventory', 'inventory:A', 'device-logs', 'machines', 'gates']);
    expect(allowed).toEqual({
      inventory: false,
      'inventory:A': false,
      'device-logs': false,
      machines: false,
      gates: true,
    });
  });

  it('gives a kiosk no live socket at all', async () => {
    const kiosk = await t.loginWithToken('kiosk');
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, {
        headers: { cookie: `openyard_session=${kiosk.cookie}`, origin: baseUrl },
      });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => {
        socket.close();
        resolve(101);
      });
    });
    expect(status).toBe(403);
  });

  it('lets a clerk assigned to one gate watch its OCR and cameras, not those of another gate', async () => {
    const gate = async (name: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/rest/enterprise/gate',
          headers: superadmin.auth,
          payload: { name, type: 'IN', positionLat: 18.95, positionLong: 72.95, camConfig: [] },
        })
      ).json<GateSaved>().gate.id;
    const own = await gate('Own lane');
    const other = await gate('Other lane');
    const clerk = await t.login('gatein');
    await superadmin.api.smartGate.setUserGates({ params: { id: clerk.userId }, body: { gateIds: [own] } });
    const allowed = await answers('gatein', [`ocr:${own}`, `cameras:${own}`, `ocr:${other}`, `cameras:${other}`]);
    expect(allowed).toEqual({
      [`ocr:${own}`]: true,
      [`cameras:${own}`]: true,
      [`ocr:${other}`]: false,
      [`cameras:${other}`]: false,
    });
    // A superadmin with no gates assigned works every gate.
    expect(await answers('superadmin', [`ocr:${other}`])).toEqual({ [`ocr:${other}`]: true });
  });
});
