import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { withCheckDigit } from '@openyard/contracts';
import { TEST_DATABASE } from '@openyard/server/test/test-app';
import {
  installed,
  startCluster,
  startPrivateMosquitto,
  startPrivateRedis,
  unreachableServices,
  type PrivateService,
} from '../test/processes';
import { loginAt } from '../test/test-stack';

// Issue 15: gate transactions are written straight to PostgreSQL, never through the queue or the
// broker, so a ROLE=server process keeps letting trucks in and out while Redis and the MQTT broker
// are down (the clerk types the tags). Only in the PostgreSQL run, with redis-server and mosquitto
// installed (a Redis and a broker of this test's own, so that killing them disturbs no other test).
const missing = TEST_DATABASE === 'postgres' ? await unreachableServices() : null;
const privateServices = installed('redis-server', ['--version']) && installed('mosquitto', ['-h']);
if (TEST_DATABASE === 'postgres' && !missing && !privateServices)
  console.warn('Skipping the gate fault test: redis-server or mosquitto is not installed');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => console.error(error));
});

describe.runIf(TEST_DATABASE === 'postgres' && !missing && privateServices)(
  'the gate with Redis and the broker down',
  () => {
    it('gates a container in and dispatches it through a ROLE=server process', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'openyard-gate-faults-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      const services: { redis: PrivateService; broker: PrivateService } = {
        redis: await startPrivateRedis(join(dir, 'redis')),
        broker: await startPrivateMosquitto(join(dir, 'mosquitto')),
      };
      cleanups.push(() => Promise.all([services.redis.kill('SIGKILL'), services.broker.kill('SIGKILL')]));
      const c = await startCluster({ redisUrl: services.redis.url, mqttUrl: services.broker.url });
      cleanups.push(() => c.stop());
      const sql = postgres(c.databaseUrl, { max: 1, onnotice: () => undefined });
      cleanups.push(() => sql.end({ timeout: 5 }));
      const server = await c.server({ demo: true });
      const session = await loginAt(server.baseUrl!);

      await services.redis.kill('SIGKILL');
      await services.broker.kill('SIGKILL');

      const number = withCheckDigit(`MSCU${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`);
      const gateIn = await session.api.gateOperations.gateIn({
        body: {
          requestId: `r-${randomUUID()}`,
          mode: 'single',
          container1Data: { containerNumber: number, tagId: 'DummyTag', gateInPurpose: 'Import', containerSize: '20' },
          trailerNumber: 'MH04GF0001',
        },
      });
      expect(gateIn.responsestatus).toBe('success');
      const dispatched = await session.api.gateOperations.dispatch({
        query: { containerNumber: number, dispatchTime: Date.now() },
      });
      expect(dispatched).toMatchObject({ responsestatus: 'success', dispatched: true });
      const rows = await sql<{ dispatched: boolean }[]>`
      select dispatched_at is not null as dispatched from containers where container_number = ${number}`;
      expect(rows).toEqual([{ dispatched: true }]);
    }, 90_000);
  },
);
