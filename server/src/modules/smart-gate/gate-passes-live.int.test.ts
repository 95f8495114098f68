import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopics, type LiveMessage } from '@openyard/contracts';
import { connectLive, listenOnLoopback } from '../../test/live-socket';
import { createTestApp, type TestApp } from '../../test/test-app';
import { containerNumber } from '../../test/yard-fixtures';

// The gate-pass store's live topic (issue 16): a write by one user reaches another user's open
// gate passes list over the websocket; a role without the gate is refused the topic.

let t: TestApp;
let baseUrl: string;
let superadmin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t);
  superadmin = await t.login('superadmin');
});
afterAll(() => t.close());

type Received = LiveMessage | { type: string; topic?: string };
const changes = (received: Received[]) =>
  received.flatMap((message) =>
    message.type === 'gatePasses.changed.v1' && message.topic === liveTopics.gatePasses
      ? [(message as Extract<LiveMessage, { type: 'gatePasses.changed.v1' }>).data]
      : [],
  );

describe('live topic gate-passes', () => {
  it("tells a gate clerk's open list of another user's create, edit, upload and delete", async () => {
    const clerk = await connectLive<Received>(t, baseUrl, 'gateout');
    await clerk.subscribe([liveTopics.gatePasses]);
    const told = (id: number, number: string, times: number) =>
      expect
        .poll(
          () =>
            changes(clerk.received).filter((data) => data.ids.includes(id) && data.containerNumbers.includes(number))
              .length,
        )
        .toBe(times);

    const number = containerNumber();
    const { gatePass } = await superadmin.api.smartGate.createGatePass({ body: { containerNumber: number } });
    await told(gatePass.id, number, 1);

    // An edit that changes the number tells both numbers.
    const renumbered = containerNumber();
    await superadmin.api.smartGate.updateGatePass({ body: { id: gatePass.id, containerNumber: renumbered } });
    await told(gatePass.id, number, 2);
    await told(gatePass.id, renumbered, 1);

    const [a, b] = [containerNumber(), containerNumber()];
    const sheet = new TextEncoder().encode(`Container Number,Date\n${a},25-11-2026\n${b},\n`);
    const upload = await superadmin.api.smartGate.uploadGatePasses({
      body: { file: { name: 'passes.csv', type: 'text/csv', content: sheet } },
    });
    expect(upload.saved).toBe(2);
    await expect
      .poll(() => changes(clerk.received).some((data) => data.containerNumbers.join() === [a, b].join()))
      .toBe(true);

    await superadmin.api.smartGate.deleteGatePass({ params: { id: gatePass.id } });
    await told(gatePass.id, renumbered, 2);
    clerk.socket.close();
  });

  it('tells nothing of a refused write', async () => {
    const clerk = await connectLive<Received>(t, baseUrl, 'gatein');
    await clerk.subscribe([liveTopics.gatePasses]);
    const number = containerNumber();
    const sheet = new TextEncoder().encode(`containerNumber,date\n${number},2026-11-25\nXX1,2026-11-25\n`);
    const refused = await superadmin.api.smartGate.uploadGatePasses({
      body: { file: { name: 'passes.csv', type: 'text/csv', content: sheet } },
    });
    expect(refused.saved).toBe(0);
    // A later write's message arrives; the refused sheet's never came before it.
    const later = containerNumber();
    await superadmin.api.smartGate.createGatePass({ body: { containerNumber: later } });
    await expect.poll(() => changes(clerk.received).some((data) => data.containerNumbers.includes(later))).toBe(true);
    expect(changes(clerk.received).some((data) => data.containerNumbers.includes(number))).toBe(false);
    clerk.socket.close();
  });

  it('refuses the topic to a role without the gate', async () => {
    const operator = await connectLive<Received>(t, baseUrl, 'operator');
    operator.send({ op: 'subscribe', topic: liveTopics.gatePasses });
    await operator.until(() =>
      operator.received.some(
        (m) => m.topic === liveTopics.gatePasses && (m.type === 'error' || m.type === 'subscribed'),
      ),
    );
    expect(operator.received.find((m) => m.topic === liveTopics.gatePasses)?.type).toBe('error');
    // Nor does a write reach it.
    const number = containerNumber();
    await superadmin.api.smartGate.createGatePass({ body: { containerNumber: number } });
    const witness = await connectLive<Received>(t, baseUrl, 'gateout');
    await witness.subscribe([liveTopics.gatePasses]);
    const after = containerNumber();
    await superadmin.api.smartGate.createGatePass({ body: { containerNumber: after } });
    await expect.poll(() => changes(witness.received).some((data) => data.containerNumbers.includes(after))).toBe(true);
    expect(changes(operator.received)).toEqual([]);
    operator.socket.close();
    witness.socket.close();
  });
});
