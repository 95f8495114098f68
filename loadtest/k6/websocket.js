// Screens held open on the live hub, as loadtest/node/load.ts's liveClient is (bench/machines.ts,
// bench/tasks.ts): each virtual user signs in with the session cookie, subscribes to the topics a
// screen uses and counts the live messages it gets, for SECONDS:
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e CLIENTS=150 -e TOPICS=machines,tasks loadtest/k6/websocket.js
// Checks: every socket opens (101) and every topic is acknowledged with `subscribed`.
import ws from 'k6/ws';
import { check } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import { BASE_URL, login } from './lib.js';

const CLIENTS = Number(__ENV.CLIENTS || 150);
const SECONDS = Number(__ENV.SECONDS || 60);
const TOPICS = (__ENV.TOPICS || 'machines,tasks,inventory,gates,dashboard').split(',');

const liveMessages = new Counter('openyard_live_messages');
const subscribeMs = new Trend('openyard_subscribe_ms', true);

export const options = {
  scenarios: {
    screens: { executor: 'per-vu-iterations', vus: CLIENTS, iterations: 1, maxDuration: `${SECONDS + 30}s` },
  },
  thresholds: { checks: ['rate>0.99'] },
};

export function setup() {
  return login();
}

export default function (session) {
  const url = `${BASE_URL.replace(/^http/, 'ws')}/ws`;
  const params = { headers: { cookie: session.cookie, origin: BASE_URL } };
  const pending = new Set(TOPICS);
  let openedAt = 0;
  const response = ws.connect(url, params, (socket) => {
    socket.on('open', () => {
      openedAt = Date.now();
      for (const topic of TOPICS) socket.send(JSON.stringify({ op: 'subscribe', topic }));
      socket.setTimeout(() => socket.close(), SECONDS * 1000);
    });
    socket.on('message', (raw) => {
      const message = JSON.parse(raw);
      if (message.type === 'subscribed') {
        pending.delete(message.topic);
        if (!pending.size) subscribeMs.add(Date.now() - openedAt);
        return;
      }
      liveMessages.add(1, { type: String(message.type) });
    });
  });
  check(response, { 'websocket upgraded': (r) => r && r.status === 101 });
  check(pending, { 'every topic subscribed': (left) => left.size === 0 });
}
