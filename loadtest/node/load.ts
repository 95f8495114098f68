import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { sleep } from './stats';

export interface DeviceLogin {
  clientId: string;
  username?: string;
  password?: string;
}

// Connects a fleet of MQTT clients, a few at a time.
export async function connectFleet(url: string, logins: DeviceLogin[], parallel = 10): Promise<MqttClient[]> {
  const clients: MqttClient[] = [];
  for (let index = 0; index < logins.length; index += parallel) {
    const group = logins.slice(index, index + parallel);
    clients.push(
      ...(await Promise.all(
        group.map((login) =>
          mqtt.connectAsync(url, {
            clientId: login.clientId,
            ...(login.username ? { username: login.username, password: login.password ?? '' } : {}),
            reconnectPeriod: 0,
            connectTimeout: 10_000,
            clean: true,
          }),
        ),
      )),
    );
  }
  return clients;
}

export async function closeFleet(clients: MqttClient[]) {
  await Promise.allSettled(clients.map((client) => client.endAsync(true)));
}

// The broker's ceiling: publishers → one subscriber, QoS 1, no processing. A closed loop: at most
// `window` messages are sent but not yet received (and so not yet acknowledged either), which keeps
// the publishes in flight bounded. A broker may still drop messages for the subscriber (Mosquitto
// does past max_queued_messages); the run then ends when nothing has arrived for a second, and
// reports them.
export async function brokerCeiling({
  publishers,
  topics,
  subscriber,
  total,
  window = 500,
  payload,
}: {
  publishers: MqttClient[];
  topics: string[];
  subscriber: MqttClient;
  total: number;
  window?: number;
  payload: (sequence: number) => string;
}): Promise<{ received: number; dropped: number; ms: number; msgsPerSec: number }> {
  let sent = 0;
  let acked = 0;
  let received = 0;
  let lastAt = performance.now();
  const started = performance.now();
  // Messages the broker dropped never arrive; they are written off so the loop goes on.
  let writtenOff = 0;
  const done = new Promise<void>((resolve) => {
    const pump = () => {
      while (sent < total && sent - received - writtenOff < window && sent - acked < window) {
        const index = sent % publishers.length;
        const sequence = sent;
        sent += 1;
        publishers[index]!.publish(topics[index]!, payload(sequence), { qos: 1 }, () => {
          acked += 1;
          pump();
        });
      }
    };
    const watchdog = setInterval(() => {
      if (performance.now() - lastAt < 1000) return;
      if (sent >= total && acked >= total) {
        clearInterval(watchdog);
        resolve();
      } else {
        writtenOff = sent - received;
        pump();
      }
    }, 250);
    subscriber.on('message', () => {
      received += 1;
      lastAt = performance.now();
      if (received + writtenOff >= total) {
        clearInterval(watchdog);
        resolve();
      } else if (received % 16 === 0) pump();
    });
    pump();
  });
  await done;
  subscriber.removeAllListeners('message');
  const ms = lastAt - started;
  return { received, dropped: total - received, ms, msgsPerSec: (received / ms) * 1000 };
}

export interface OpenLoopResult {
  offered: number;
  accepted: number;
  failed: number;
  // Time the bound on publishes in flight held the generator back.
  throttledMs: number;
  startedAt: number;
  endedAt: number;
}

// Offers `rate` messages per second for `durationMs` (an open loop: the schedule does not wait for
// the pipeline), spread round-robin over the clients, with at most `maxInFlight` publishes awaiting
// their PUBACK. `stop()` may end it early.
export async function offerLoad({
  clients,
  rate,
  durationMs,
  message,
  maxInFlight = 500,
  onAccepted,
  shouldStop = () => false,
}: {
  clients: MqttClient[];
  rate: number;
  durationMs: number;
  message: (sequence: number, client: number) => { topic: string; payload: string };
  maxInFlight?: number;
  onAccepted?: (sequence: number) => void;
  shouldStop?: () => boolean;
}): Promise<OpenLoopResult> {
  let sent = 0;
  let accepted = 0;
  let failed = 0;
  let inFlight = 0;
  let throttledMs = 0;
  const startedAt = Date.now();
  const total = Math.round((rate * durationMs) / 1000);
  let last = performance.now();
  for (;;) {
    const now = performance.now();
    const elapsed = Date.now() - startedAt;
    if (elapsed >= durationMs || sent >= total || shouldStop()) break;
    const due = Math.min(total, Math.floor((rate * elapsed) / 1000));
    if (inFlight >= maxInFlight && sent < due) throttledMs += now - last;
    last = now;
    while (sent < due && inFlight < maxInFlight) {
      const sequence = sent;
      const index = sequence % clients.length;
      const { topic, payload } = message(sequence, index);
      sent += 1;
      inFlight += 1;
      clients[index]!.publish(topic, payload, { qos: 1 }, (error) => {
        inFlight -= 1;
        if (error) failed += 1;
        else {
          accepted += 1;
          onAccepted?.(sequence);
        }
      });
    }
    await sleep(2);
  }
  const endedAt = Date.now();
  // Wait (bounded) for the last acknowledgements.
  const deadline = Date.now() + 20_000;
  while (inFlight > 0 && Date.now() < deadline) await sleep(5);
  return { offered: sent, accepted, failed, throttledMs, startedAt, endedAt };
}

export interface LiveEvent {
  type: string;
  topic?: string;
  at?: number;
  data?: unknown;
}

// A websocket client of the hub, as the web app is: logged-in cookie, subscribed to topics.
export async function liveClient(
  baseUrl: string,
  cookie: string,
  topics: string[],
  onMessage: (message: LiveEvent, receivedAt: number) => void,
) {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, { headers: { cookie, origin: baseUrl } });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const pending = new Set(topics);
  const subscribed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`websocket: not subscribed to ${[...pending].join(', ')}`)),
      10_000,
    );
    socket.on('message', (raw: Buffer) => {
      const receivedAt = Date.now();
      const message = JSON.parse(raw.toString('utf8')) as LiveEvent;
      if (message.type === 'subscribed' && message.topic) {
        pending.delete(message.topic);
        if (!pending.size) {
          clearTimeout(timer);
          resolve();
        }
        return;
      }
      onMessage(message, receivedAt);
    });
  });
  for (const topic of topics) socket.send(JSON.stringify({ op: 'subscribe', topic }));
  await subscribed;
  return {
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}
