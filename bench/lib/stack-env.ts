import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { SERVICES } from './services';

export type Topology = 'embedded' | 'services';

// The environment of the Openyard the benches start (bench/lib/stack-child.ts): the demo yard on a
// free port of the loopback, limits opened for load; embedded (PGlite, aedes on a free port) or on
// the real services with this run's own database, Redis prefix and MQTT share group, so that other
// runs, tests or stale sessions on the same services take no part of the load.
export function stackEnv(
  topology: Topology,
  run: { dataDir: string; prefix: string; databaseUrl?: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    DATA_DIR: run.dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO: '1',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    INGEST_CLIENT_ID: run.prefix,
    WEB_DIR: resolve('web/dist'),
    ...(topology === 'services'
      ? {
          DATABASE_URL: run.databaseUrl!,
          REDIS_URL: SERVICES.redisUrl,
          MQTT_URL: SERVICES.mqttUrl,
          REDIS_PREFIX: run.prefix,
          INGEST_SHARE_GROUP: run.prefix,
          JWT_SECRET: randomBytes(32).toString('hex'),
        }
      : { MQTT_PORT: '0' }),
    ...featureEnv(),
    ...extra,
  };
}

// Feature switches set for the bench (FEATURE_PLANNING=false npm run bench:gate), for its servers.
export function featureEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('FEATURE_') && entry[1] !== undefined,
    ),
  );
}
