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

describe('inventory live topics', () => {
  it('deliver a move to the area topic within a second, and only to users who see the inventory', async () => {
    const watcher = await connect('superadmin');
    watcher.send({ op: 'subscribe', topic: 'inventory:B' });
    await watcher.until(() => watcher.received.some((m) => m.type === 'subscribed' && m.topic === 'inventory:B'));
    const operator = await connect('operator');
    operator.send({ op: 'subscribe', topic: 'inventory' });
    await operator.until(() => operator.received.some((m) => m.type === 'error' && m.topic === 'inventory'));

    const session = await t.login('superadmin');
    const box = await addContainer(t, session.auth, { location: 'C_1_1_1' });
    const started = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/yard/updateLocation',
      headers: session.auth,
      payload: [{ containerId: box.id, number: box.containerNumber, newLocation: 'B_1_30_1' }],
    });
    expect(response.statusCode).toBe(200);
    await watcher.until(() =>
      watcher.received.some(
        (m) =>
          m.type === 'inventory.slot.v1' &&
          m.data?.container?.containerId === box.id &&
          m.data.container.location === 'B_1_30_1',
      ),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    watcher.socket.close();
    operator.socket.close();
  });
});
