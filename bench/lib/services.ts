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

// A new PostgreSQL database for one run, dropped afterwards (as the tests do): empty, or a copy of
// a kept template (see keepAsTemplate).
export async function createDatabase(template?: string) {
  const name = `openyard_bench_${randomBytes(6).toString('hex')}`;
  const admin = postgres(SERVICES.postgresUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(SERVICES.postgresUrl);
  url.pathname = `/${name}`;
  return {
    name,
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

// Kept seeded databases (BENCH_KEEP_HISTORY=1): seeding two years of history takes about half an
// hour at scale 1, and PostgreSQL copies a database from a template in a minute. A template is kept
// under a name that says what it holds (its key: scale, time zone, the migrations it was made with,
// the UTC day it was seeded, so that its "now" is today's), with the seed's figures as the
// database's comment; kept templates of other keys are dropped when a new one is made (each holds
// gigabytes).
const TEMPLATE_PREFIX = 'openyard_bench_kept_';

export function templateName(key: string): string {
  return `${TEMPLATE_PREFIX}${key.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, 63);
}

// The figures kept with a template, or null when there is none of that name.
export async function keptTemplate<T>(name: string): Promise<T | null> {
  const admin = postgres(SERVICES.postgresUrl, { max: 1, onnotice: () => undefined });
  try {
    const rows = await admin<{ comment: string | null }[]>`
      select shobj_description(oid, 'pg_database') as comment from pg_database where datname = ${name}`;
    return rows[0]?.comment ? (JSON.parse(rows[0].comment) as T) : null;
  } finally {
    await admin.end();
  }
}

// Copies a run's database (no connection may be open to it) as the template `name`, with figures.
export async function keepAsTemplate(source: string, name: string, figures: unknown) {
  const admin = postgres(SERVICES.postgresUrl, { max: 1, onnotice: () => undefined });
  try {
    const old = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${`${TEMPLATE_PREFIX}%`}`;
    for (const { datname } of old) await admin.unsafe(`drop database if exists ${datname} with (force)`);
    await admin.unsafe(`create database ${name} template ${source}`);
    await admin.unsafe(`comment on database ${name} is '${JSON.stringify(figures).replace(/'/g, "''")}'`);
  } finally {
    await admin.end();
  }
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
