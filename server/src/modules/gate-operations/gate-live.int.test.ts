import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/test-app';
import { freeGroundSlots, singleGateIn } from '../../test/gate-fixtures';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('0.0.0.0', '127.0.0.1');
});
afterAll(() => t.close());

type Received = {
  type: string;
  topic?: string;
  data?: {
    container?: { containerId: number; location: string | null };
    visit?: { id: number; outDate: number | null };
  };
};

async function connect(username: string, topics: string[]) {
  const session = await t.login(username);
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, {
    headers: { cookie: `openyard_session=${session.cookie}`, origin: baseUrl },
  });
  const received: Received[] = [];
  socket.on('message', (raw: Buffer) => received.push(JSON.parse(raw.toString('utf8')) as Received));
  await new Promise((resolve) => socket.once('open', resolve));
  for (const topic of topics) socket.send(JSON.stringify({ op: 'subscribe', topic }));
  await expect
    .poll(() => topics.every((topic) => received.some((m) => m.type === 'subscribed' && m.topic === topic)))
    .toBe(true);
  return { socket, received };
}

describe('gate transactions on the live topics', () => {
  it('reach the containers screen, the inventory grid and the gate screen as they commit', async () => {
    // The operator sees the containers screen; the superadmin the grid and the gate.
    const operator = await connect('operator', ['containers']);
    const admin = await connect('superadmin', ['inventory', 'gate-visits']);
    const session = await t.login('superadmin');
    const [slot] = await freeGroundSlots(t, 1);
    const gateIn = await session.api.gateOperations.gateIn({ body: singleGateIn({}, { containerLocation: slot }) });
    const id = gateIn.containers[0]!.containerId;
    const arrived = (m: Received) =>
      m.type === 'inventory.slot.v1' && m.data?.container?.containerId === id && m.data.container.location === slot;
    await expect.poll(() => operator.received.some((m) => m.topic === 'containers' && arrived(m))).toBe(true);
    await expect.poll(() => admin.received.some((m) => m.topic === 'inventory' && arrived(m))).toBe(true);
    await expect
      .poll(() => admin.received.some((m) => m.type === 'gate.visit.v1' && m.data?.visit?.id === gateIn.visitId))
      .toBe(true);

    await session.api.gateOperations.dispatch({
      query: { containerNumber: gateIn.containers[0]!.containerNumber, dispatchTime: Date.now() },
    });
    const left = (m: Received) =>
      m.type === 'inventory.slot.v1' && m.data?.container?.containerId === id && m.data.container.location === null;
    await expect.poll(() => operator.received.some((m) => m.topic === 'containers' && left(m))).toBe(true);
    await expect.poll(() => admin.received.some((m) => m.topic === 'inventory' && left(m))).toBe(true);
    operator.socket.close();
    admin.socket.close();
  });
});
