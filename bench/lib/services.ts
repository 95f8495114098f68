import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { Redis } from 'ioredis';
import mqtt from 'mqtt';
import postgres from 'postgres';

export const SERVICES = {
  postgresUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  mqttUrl: process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883',
};

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.connect(Number(port || defaultPort), hostname);
  });
}

// Why the services topology cannot run here, or null when PostgreSQL, Redis and Mosquitto answer.
export async function servicesUnavailable(): Promise<string | null> {
  const checks: [string, string, number][] = [
    ['PostgreSQL', SERVICES.postgresUrl, 5432],
    ['Redis', SERVICES.redisUrl, 6379],
    ['MQTT broker', SERVICES.mqttUrl, 1883],
  ];
  const missing: string[] = [];
  for (const [name, url, port] of checks) if (!(await reachable(url, port))) missing.push(`${name} at ${url}`);
  if (missing.length) return `nothing listens for ${missing.join(', ')}`;
  try {
    const redis = new Redis(SERVICES.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.ping();
    redis.disconnect();
  } catch (error) {
    return `Redis at ${SERVICES.redisUrl} does not answer: ${(error as Error).message}`;
  }
  try {
    const client = await mqtt.connectAsync(SERVICES.mqttUrl, {
      clientId: `openyard-bench-probe-${randomBytes(3).toString('hex')}`,
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });
    await client.endAsync();
  } catch (error) {
    return `the MQTT broker at ${SERVICES.mqttUrl} refuses an anonymous client: ${(error as Error).message}`;
  }
  return null;
}

// A new, empty PostgreSQL database for one run, dropped afterwards (as the tests do).
export async function createDatabase() {
  const name = `openyard_bench_${randomBytes(6).toString('hex')}`;
  const admin = postgres(SERVICES.postgresUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(SERVICES.postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = postgres(SERVICES.postgresUrl, { max: 1, onnotice: () => undefined });
      try {
        await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

// Removes the run's BullMQ keys (they all start with the run's REDIS_PREFIX).
export async function dropRedisPrefix(prefix: string) {
  const redis = new Redis(SERVICES.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

// Forgets the ingest's persistent session so the broker stops queueing for it.
export async function forgetMqttSession(clientId: string) {
  const client = await mqtt.connectAsync(SERVICES.mqttUrl, { clientId, clean: true, reconnectPeriod: 0 });
  await client.endAsync();
}
