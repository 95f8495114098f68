import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { connectLive, listenOnLoopback } from '../../test/live-socket';
import { freeGroundSlots, singleGateIn } from '../../test/gate-fixtures';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t);
});
afterAll(() => t.close());

type Received = {
  type: string;
  topic?: string;
  data?: {
    container?: { containerId: number; location: string | null };
    visit?: { id: number; outDate: number | null };
    trailerId?: number;
    trailer?: { outDate: number | null } | null;
  };
};

async function connect(username: string, topics: string[]) {
  const client = await connectLive<Received>(t, baseUrl, username);
  await client.subscribe(topics);
  return client;
}

describe('gate transactions on the live topics', () => {
  it('reach the containers screen, the inventory grid and the gate screen as they commit', async () => {
    // The operator sees the containers screen; the superadmin the grid and the gate.
    const operator = await connect('operator', ['containers']);
    const admin = await connect('superadmin', ['inventory', 'gate-visits', 'trailers']);
    const session = await t.login('superadmin');
    const [slot] = await freeGroundSlots(t, 1);
    const form = singleGateIn({}, { containerLocation: slot });
    const gateIn = await session.api.gateOperations.gateIn({ body: form });
    const id = gateIn.containers[0]!.containerId;
    const arrived = (m: Received) =>
      m.type === 'inventory.slot.v1' && m.data?.container?.containerId === id && m.data.container.location === slot;
    await expect.poll(() => operator.received.some((m) => m.topic === 'containers' && arrived(m))).toBe(true);
    await expect.poll(() => admin.received.some((m) => m.topic === 'inventory' && arrived(m))).toBe(true);
    await expect
      .poll(() => admin.received.some((m) => m.type === 'gate.visit.v1' && m.data?.visit?.id === gateIn.visitId))
      .toBe(true);
    // The truck's visit is a row of the trailers list, open.
    const visitRow = (m: Received) => m.type === 'trailers.trailer.v1' && m.data?.trailerId === gateIn.visitId;
    await expect.poll(() => admin.received.some((m) => visitRow(m) && m.data?.trailer?.outDate === null)).toBe(true);

    await session.api.gateOperations.dispatch({
      query: {
        containerNumber: gateIn.containers[0]!.containerNumber,
        trailerNumber: form.trailerNumber!,
        dispatchTime: Date.now(),
      },
    });
    const left = (m: Received) =>
      m.type === 'inventory.slot.v1' && m.data?.container?.containerId === id && m.data.container.location === null;
    await expect.poll(() => operator.received.some((m) => m.topic === 'containers' && left(m))).toBe(true);
    await expect.poll(() => admin.received.some((m) => m.topic === 'inventory' && left(m))).toBe(true);
    // The truck came back with its trailer for it: its visit closed.
    await expect
      .poll(() => admin.received.some((m) => visitRow(m) && typeof m.data?.trailer?.outDate === 'number'))
      .toBe(true);
    operator.socket.close();
    admin.socket.close();
  });
});
