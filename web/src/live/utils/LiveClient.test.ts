import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveClient } from './LiveClient';

// A socket the test drives: the client under test talks to it as to a browser WebSocket.
class TestSocket {
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  // The connection drops (server restart, network): the browser closes the socket.
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  commands() {
    return this.sent.map((text) => JSON.parse(text) as { op: string; topic: string });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

function connected(options: { onSessionEnded?: () => void; silenceLimitMs?: number } = {}) {
  const sockets: TestSocket[] = [];
  const client = new LiveClient({
    url: () => 'ws://test/ws',
    createSocket: () => {
      const socket = new TestSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    ...options,
  });
  client.start();
  sockets[0]!.open();
  return { client, socket: sockets[0]!, sockets, stop: () => client.stop() };
}

describe('LiveClient', () => {
  it('tells its listeners when the hub says the access changed', () => {
    const { client, socket, stop } = connected();
    let heard = 0;
    const stopListening = client.onAccessChanged(() => (heard += 1));
    socket.receive({ type: 'accessChanged' });
    expect(heard).toBe(1);
    stopListening();
    socket.receive({ type: 'accessChanged' });
    expect(heard).toBe(1);
    stop();
  });

  it('counts live data a screen receives as activity, at most once in a few seconds', () => {
    const { client, socket, stop } = connected();
    let activity = 0;
    client.onActivity(() => (activity += 1));
    client.subscribe('gates', { onMessage: () => undefined, onResync: () => undefined });
    socket.receive({ type: 'subscribed', topic: 'gates' });
    expect(activity).toBe(0);
    const message = (eventId: string) => ({ type: 'gate.tag.v1', topic: 'gates', eventId, at: 1, data: {} });
    socket.receive(message('a'));
    socket.receive(message('b'));
    expect(activity).toBe(1);
    // Data for a topic no screen watches is nobody's activity.
    socket.receive({ ...message('c'), topic: 'machines' });
    expect(activity).toBe(1);
    stop();
  });

  describe('after the connection drops', () => {
    afterEach(() => vi.useRealTimers());

    it('reconnects, subscribes again to every topic a screen still watches, and has it reload its snapshot', () => {
      vi.useFakeTimers();
      const { client, socket, sockets, stop } = connected();
      const statuses: string[] = [];
      client.onStatusChange((status) => statuses.push(status));
      let resyncs = 0;
      const messages: string[] = [];
      client.subscribe('gates', {
        onMessage: (message) => messages.push(message.eventId),
        onResync: () => (resyncs += 1),
      });
      const released = client.subscribe('machines', { onMessage: () => undefined, onResync: () => undefined });
      expect(socket.commands()).toEqual([
        { op: 'subscribe', topic: 'gates' },
        { op: 'subscribe', topic: 'machines' },
      ]);
      socket.receive({ type: 'subscribed', topic: 'gates' });
      expect(resyncs).toBe(1);
      // The screen of `machines` closes: past its grace period the topic is dropped.
      released();
      vi.runOnlyPendingTimers();
      expect(socket.commands().at(-1)).toEqual({ op: 'unsubscribe', topic: 'machines' });

      socket.drop();
      expect(client.getStatus()).toBe('closed');
      expect(sockets).toHaveLength(1);
      // The backoff's timer opens a new socket.
      vi.runOnlyPendingTimers();
      expect(sockets).toHaveLength(2);
      const next = sockets[1]!;
      next.open();
      expect(statuses).toEqual(['closed', 'connecting', 'open']);
      // Only what a screen still watches is asked for again.
      expect(next.commands()).toEqual([{ op: 'subscribe', topic: 'gates' }]);
      // Events of the gap are lost: once the hub confirms, the screen reloads its snapshot.
      expect(resyncs).toBe(1);
      next.receive({ type: 'subscribed', topic: 'gates' });
      expect(resyncs).toBe(2);
      // A message on the old socket (closing) reaches nobody; the new one's do.
      socket.receive({ type: 'gate.tag.v1', topic: 'gates', eventId: 'old', at: 1, data: {} });
      next.receive({ type: 'gate.tag.v1', topic: 'gates', eventId: 'new', at: 1, data: {} });
      expect(messages).toEqual(['new']);
      stop();
    });

    it('backs off further with every failed attempt', () => {
      vi.useFakeTimers();
      vi.spyOn(Math, 'random').mockReturnValue(0.5);
      const { socket, sockets, stop } = connected();
      socket.drop();
      const delays: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const before = Date.now();
        vi.advanceTimersToNextTimer();
        delays.push(Date.now() - before);
        sockets.at(-1)!.drop();
      }
      expect(sockets).toHaveLength(5);
      for (let i = 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThan(delays[i - 1]!);
      vi.restoreAllMocks();
      stop();
    });

    it('tells the app when the hub ended the session, and resubscribes after a later start', () => {
      vi.useFakeTimers();
      let ended = 0;
      const { client, socket, sockets } = connected({ onSessionEnded: () => (ended += 1) });
      client.subscribe('device-logs', { onMessage: () => undefined, onResync: () => undefined });
      socket.drop(4001);
      expect(ended).toBe(1);
      // Logout stops the client; the next login starts it again with the same screens' topics.
      client.stop();
      vi.runOnlyPendingTimers();
      const count = sockets.length;
      client.start();
      expect(sockets).toHaveLength(count + 1);
      sockets.at(-1)!.open();
      expect(sockets.at(-1)!.commands()).toEqual([{ op: 'subscribe', topic: 'device-logs' }]);
      client.stop();
    });
  });

  it('has a screen reload its snapshot when the hub says it fell behind (a resync after a gap)', () => {
    const { client, socket, stop } = connected();
    const resyncs: string[] = [];
    client.subscribe('inventory', { onMessage: () => undefined, onResync: () => resyncs.push('inventory') });
    client.subscribe('gates', { onMessage: () => undefined, onResync: () => resyncs.push('gates') });
    socket.receive({ type: 'subscribed', topic: 'inventory' });
    socket.receive({ type: 'subscribed', topic: 'gates' });
    resyncs.length = 0;
    socket.receive({ type: 'resync', topic: 'inventory' });
    expect(resyncs).toEqual(['inventory']);
    stop();
  });

  it('drops a second delivery of an event on a topic, not the same event on another topic', () => {
    const { client, socket, stop } = connected();
    const heard: string[] = [];
    for (const topic of ['inventory', 'inventory:C'])
      client.subscribe(topic, { onMessage: (message) => heard.push(message.topic), onResync: () => undefined });
    const slot = (topic: string) => ({ type: 'inventory.slot.v1', topic, eventId: 'e-1', at: 1, data: {} });
    socket.receive(slot('inventory'));
    socket.receive(slot('inventory:C'));
    socket.receive(slot('inventory'));
    expect(heard).toEqual(['inventory', 'inventory:C']);
    stop();
  });

  it('replaces a socket the hub went silent on (heartbeats stopped), and resubscribes', () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { client, socket, sockets, stop } = connected({ silenceLimitMs: 1_000 });
    const resyncs: string[] = [];
    client.subscribe('gates', { onMessage: () => undefined, onResync: () => resyncs.push('gates') });
    socket.receive({ type: 'subscribed', topic: 'gates' });
    // Heartbeats keep it: no new socket while the hub is heard.
    for (let i = 0; i < 5; i += 1) {
      vi.advanceTimersByTime(600);
      socket.receive({ type: 'heartbeat', at: Date.now() });
    }
    expect(sockets).toHaveLength(1);
    expect(client.getStatus()).toBe('open');
    // Then silence: the client gives up on it, without waiting for a close that never comes.
    vi.advanceTimersByTime(1_100);
    expect(client.getStatus()).not.toBe('open');
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.commands()).toEqual([{ op: 'subscribe', topic: 'gates' }]);
    sockets[1]!.receive({ type: 'subscribed', topic: 'gates' });
    expect(resyncs).toEqual(['gates', 'gates']);
    // The abandoned socket's late frames reach nobody.
    socket.receive({ type: 'resync', topic: 'gates' });
    expect(resyncs).toHaveLength(2);
    vi.restoreAllMocks();
    stop();
  });

  it('says how fresh its data is: the state and since when, the last frame and the last message', () => {
    vi.useFakeTimers();
    const { client, socket, stop } = connected();
    client.subscribe('gates', { onMessage: () => undefined, onResync: () => undefined });
    const opened = client.getFreshness();
    expect(opened.status).toBe('open');
    expect(opened.offlineSince).toBeNull();
    expect(opened.lastMessageAt).toBeNull();
    vi.advanceTimersByTime(2_000);
    socket.receive({ type: 'heartbeat', at: Date.now() });
    expect(client.getFreshness()).toMatchObject({ lastHeardAt: Date.now(), lastMessageAt: null });
    vi.advanceTimersByTime(1_000);
    socket.receive({ type: 'gate.tag.v1', topic: 'gates', eventId: 'e-9', at: 1, data: {} });
    expect(client.getFreshness()).toMatchObject({ lastHeardAt: Date.now(), lastMessageAt: Date.now() });
    socket.drop();
    expect(client.getFreshness()).toMatchObject({ status: 'closed', offlineSince: Date.now() });
    vi.advanceTimersByTime(5_000);
    // Retries do not restart the count.
    expect(client.getFreshness()).toMatchObject({ status: 'connecting', offlineSince: Date.now() - 5_000 });
    stop();
  });
});
