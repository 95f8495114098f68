import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { connectLive, listenOnLoopback } from '../../test/live-socket';
import { addContainer } from '../../test/yard-fixtures';

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
  data?: { container?: { containerId: number; location: string | null } };
};

const connect = (username: string) => connectLive<Received>(t, baseUrl, username);

describe('containers live topic', () => {
  it('brings every container move to users who see the containers screen, under its own topic', async () => {
    // The operator sees the containers screen but not the inventory grid.
    const operator = await connect('operator');
    operator.send({ op: 'subscribe', topic: 'containers' });
    operator.send({ op: 'subscribe', topic: 'inventory' });
    await operator.until(() => operator.received.some((m) => m.type === 'subscribed' && m.topic === 'containers'));
    await operator.until(() => operator.received.some((m) => m.type === 'error' && m.topic === 'inventory'));
    // The manager has no containers menu (spec 3 §6).
    const manager = await connect('manager');
    manager.send({ op: 'subscribe', topic: 'containers' });
    await manager.until(() => manager.received.some((m) => m.type === 'error' && m.topic === 'containers'));

    const session = await t.login('superadmin');
    const box = await addContainer(t, session.auth, { location: 'C_1_1_1' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/yard/updateLocation',
      headers: session.auth,
      payload: [{ containerId: box.id, number: box.containerNumber, newLocation: 'B_1_30_1' }],
    });
    expect(response.statusCode).toBe(200);
    await operator.until(() =>
      operator.received.some(
        (m) =>
          m.type === 'inventory.slot.v1' &&
          m.topic === 'containers' &&
          m.data?.container?.containerId === box.id &&
          m.data.container.location === 'B_1_30_1',
      ),
    );
    // Once per change, not once per area topic it was published on.
    const deliveries = operator.received.filter(
      (m) => m.type === 'inventory.slot.v1' && m.data?.container?.containerId === box.id,
    );
    expect(deliveries.filter((m) => m.data?.container?.location === 'B_1_30_1')).toHaveLength(1);
    expect(manager.received.some((m) => m.type === 'inventory.slot.v1')).toBe(false);
    operator.socket.close();
    manager.socket.close();
  });
});
