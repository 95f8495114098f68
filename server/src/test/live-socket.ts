import { expect } from 'vitest';
import WebSocket from 'ws';
import type { TestApp } from './test-app';

// The test app listening on a free loopback port, for websocket clients: its base URL.
export async function listenOnLoopback(t: TestApp): Promise<string> {
  return (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('0.0.0.0', '127.0.0.1');
}

// A signed-in websocket client of the hub as the web app is (session cookie, same origin), keeping
// every message it receives; `until` waits (2 s at most) for a condition on them.
export async function connectLive<M extends { type: string; topic?: string }>(
  t: TestApp,
  baseUrl: string,
  username: string,
) {
  const session = await t.login(username);
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, {
    headers: { cookie: `openyard_session=${session.cookie}`, origin: baseUrl },
  });
  const received: M[] = [];
  socket.on('message', (raw: Buffer) => received.push(JSON.parse(raw.toString('utf8')) as M));
  await new Promise((resolve) => socket.once('open', resolve));
  const until = async (predicate: () => boolean) => {
    for (let i = 0; i < 100 && !predicate(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(predicate()).toBe(true);
  };
  const send = (command: object) => socket.send(JSON.stringify(command));
  // Subscribes and waits for the hub's answer to each topic.
  const subscribe = async (topics: string[]) => {
    for (const topic of topics) send({ op: 'subscribe', topic });
    await expect
      .poll(() => topics.every((topic) => received.some((m) => m.type === 'subscribed' && m.topic === topic)))
      .toBe(true);
  };
  return { socket, received, until, send, subscribe };
}
