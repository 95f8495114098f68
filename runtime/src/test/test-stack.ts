import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import WebSocket from 'ws';
import { ingestClientIds, type LiveMessage } from '@openyard/contracts';
import { loadConfig } from '@openyard/server/config';
import type { DemoDevicesFile } from '@openyard/server/db/seed/demo-devices';
import { startOpenyard } from '../process';
import { httpClient } from '@openyard/server/test/api-client';
import { copyPgliteTemplate, createTestPostgresDatabase, postgresTemplate } from '@openyard/server/test/test-app';
import { eventually } from '@openyard/server/test/eventually';
import { TEST_SERVICES } from '@openyard/server/test/test-services';

export { eventually };

function rawText(raw: WebSocket.RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  return Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.from(raw).toString('utf8');
}

export const SERVICES = TEST_SERVICES;

// The whole product in this process, as `npm start` runs it: embedded (PGlite, in-process queue and
// bus, aedes) or on the real services (PostgreSQL, Redis/BullMQ, Mosquitto), with the demo yard.
export async function startTestStack(mode: 'embedded' | 'services', env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-stack-'));
  const prefix = `oy-test-${randomBytes(4).toString('hex')}`;
  // On a copy of the run's migrated database (server/src/test/database-template.ts): the product
  // starts as it does on a database it migrated before, and runs the migrations, finding none to do.
  const database = mode === 'services' ? await createTestPostgresDatabase(undefined, postgresTemplate()) : null;
  if (mode === 'embedded') copyPgliteTemplate(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO: '1',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    INGEST_CLIENT_ID: prefix,
    INGEST_SHARE_GROUP: prefix,
    WEB_DIR: join(dataDir, 'no-web'),
    ...(mode === 'services'
      ? {
          DATABASE_URL: database!.url,
          REDIS_URL: SERVICES.redisUrl,
          MQTT_URL: SERVICES.mqttUrl,
          REDIS_PREFIX: prefix,
          JWT_SECRET: randomBytes(32).toString('hex'),
        }
      : { MQTT_PORT: '0' }),
    ...env,
  });
  const stack = await startOpenyard(config, pino({ level: 'warn' }));
  const baseUrl = stack.address!.replace('0.0.0.0', '127.0.0.1');
  const brokerUrl = stack.broker?.url ?? SERVICES.mqttUrl;
  const devices = JSON.parse(readFileSync(join(dataDir, 'demo-devices.json'), 'utf8')) as DemoDevicesFile;
  const clients: { end(): void }[] = [];
  const deviceClients = new Set<MqttClient>();

  const login = (username = 'superadmin', password = 'demo') => loginAt(baseUrl, username, password);

  async function live(cookie: string, topics: string[]) {
    const client = await connectLive(baseUrl, cookie, topics);
    clients.push({ end: () => client.socket.close() });
    return client;
  }

  // Connects as a device (embedded broker) or as an anonymous publisher (Mosquitto in CI).
  async function device(username: string, password: string, options: { clientId?: string } = {}): Promise<MqttClient> {
    const client = await mqtt.connectAsync(brokerUrl, {
      clientId: options.clientId ?? username,
      ...(mode === 'embedded' ? { username, password } : {}),
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    deviceClients.add(client);
    return client;
  }

  // Disconnects the test's devices and waits until the broker has let them go.
  async function closeDevices() {
    await Promise.all([...deviceClients].map((client) => client.endAsync(true)));
    deviceClients.clear();
    if (stack.broker) await eventually(async () => stack.broker!.connectedClients() <= 1, 5000);
  }

  return {
    config,
    stack,
    db: stack.database.db,
    baseUrl,
    brokerUrl,
    devices,
    login,
    live,
    device,
    closeDevices,
    newMessageId: () => randomUUID(),
    async stop() {
      for (const client of clients) client.end();
      await closeDevices();
      await stack.stop();
      if (mode === 'services') {
        // Forget the ingest's persistent sessions so the broker stops queueing for them.
        for (const clientId of ingestClientIds(prefix, config.ingestConnections)) {
          // With the ingest's own login: a broker with a password file (a test's private Mosquitto)
          // refuses an anonymous one.
          const cleanup = await mqtt.connectAsync(config.mqttUrl ?? SERVICES.mqttUrl, {
            clientId,
            clean: true,
            reconnectPeriod: 0,
            ...(config.mqttServiceUsername
              ? { username: config.mqttServiceUsername, password: config.mqttServicePassword ?? '' }
              : {}),
          });
          await cleanup.endAsync();
        }
      }
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestStack = Awaited<ReturnType<typeof startTestStack>>;

// Logs in through the REST API; the token for Bearer calls, the cookie for the websocket.
export async function loginAt(baseUrl: string, username = 'superadmin', password = 'demo') {
  let cookie = '';
  const session = httpClient(baseUrl, {}, (response) => {
    cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
  });
  const { token } = await session.auth.login({ body: { username, password } });
  const auth = { authorization: `Bearer ${token}` };
  return { token, cookie, auth, api: httpClient(baseUrl, auth) };
}

// A websocket client on /ws that records what it receives and can wait for a message.
export async function connectLive(baseUrl: string, cookie: string, topics: string[]) {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, { headers: { cookie, origin: baseUrl } });
  const received: (LiveMessage | { type: string; topic?: string })[] = [];
  const waiters: { predicate: (message: LiveMessage) => boolean; resolve: (message: LiveMessage) => void }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(rawText(raw)) as LiveMessage;
    received.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const subscribed = topics.map(
    (topic) =>
      new Promise<void>((resolve) => {
        const check = (raw: WebSocket.RawData) => {
          const message = JSON.parse(rawText(raw)) as { type: string; topic?: string };
          if (message.type === 'subscribed' && message.topic === topic) {
            socket.off('message', check);
            resolve();
          }
        };
        socket.on('message', check);
      }),
  );
  for (const topic of topics) socket.send(JSON.stringify({ op: 'subscribe', topic }));
  await Promise.all(subscribed);
  return {
    received,
    socket,
    waitFor(predicate: (message: LiveMessage) => boolean, timeoutMs = 10_000) {
      const found = received.find((message) => predicate(message as LiveMessage));
      if (found) return Promise.resolve(found as LiveMessage);
      return new Promise<LiveMessage>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching live message in time')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        });
      });
    },
  };
}

export type LiveClient = Awaited<ReturnType<typeof connectLive>>;
