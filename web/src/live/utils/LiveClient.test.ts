import { describe, expect, it } from 'vitest';
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
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

function connected() {
  const sockets: TestSocket[] = [];
  const client = new LiveClient({
    url: () => 'ws://test/ws',
    createSocket: () => {
      const socket = new TestSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
  client.start();
  sockets[0]!.open();
  return { client, socket: sockets[0]!, stop: () => client.stop() };
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
});
