// The two deployments a load run is pointed at, behind one face:
//   - embedded: `npm start` in a child process (bench/lib/stack-child.ts: PGlite, aedes, the
//     in-process queue and bus), the demo yard;
//   - scaled: the compose file's topology as operating-system processes (runtime/src/test/processes.ts:
//     N × ROLE=server and N × ROLE=workers on PostgreSQL, Redis and Mosquitto, a fresh database and
//     Redis prefix), the demo yard seeded by the first server. There is no reverse proxy: the load
//     spreads its clients over the servers' addresses round-robin, as the proxy would.
// A run reads the stack's database with `query` (what was stored), and the processes' ids for their CPU.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { ingestClientIds } from '@openyard/contracts';
import { DEFAULT_INGEST_CONNECTIONS } from '@openyard/server/config';
import type { DemoDevicesFile } from '@openyard/server/db/seed/demo-devices';
import { startCluster } from '@openyard/runtime/test/processes';
import type { DeviceLogin } from '../../loadtest/node/load';
import { startChild } from './child';
import { forgetMqttSession } from './services';
import { stackEnv } from './stack-env';

export type LoadTopology = 'embedded' | 'scaled';

export interface DeviceCredentials {
  mqttUsername: string;
  mqttPassword: string;
}

export interface LoadStack {
  topology: LoadTopology;
  // The servers' addresses (one for embedded); client i uses baseUrls[i % length].
  baseUrls: string[];
  brokerUrl: string;
  // How a device connects: its own login on the embedded broker, an anonymous client id of this
  // run's on Mosquitto (which the README's ACL would restrict; the shared test broker has none).
  deviceLogin: (device: DeviceCredentials) => DeviceLogin;
  // One SQL statement on the stack's database; rows as objects.
  query(text: string): Promise<Record<string, unknown>[]>;
  // The Openyard processes, for their CPU.
  processes(): { name: string; pid: number }[];
  demoDevices(): DemoDevicesFile;
  // The processes' logged errors still in their kept output (embedded: its log goes to stderr).
  errorLines(): string[];
  stop(): Promise<void>;
}

// Limits opened for load, as bench/lib/stack-env.ts opens them for the embedded child.
const LOAD_LIMITS = {
  LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
};

// Seeding the demo yard takes a minute or more on a loaded machine.
const START_TIMEOUT_MS = 300_000;

export async function startEmbeddedStack(extraEnv: Record<string, string> = {}): Promise<LoadStack> {
  const tag = randomBytes(4).toString('hex');
  const prefix = `oy-load-${tag}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-load-'));
  const child = await startChild('embedded');
  try {
    const started = await child.call({
      op: 'start',
      env: stackEnv('embedded', { dataDir, prefix }, { ...LOAD_LIMITS, ...extraEnv }),
    });
    return {
      topology: 'embedded',
      baseUrls: [started.baseUrl],
      brokerUrl: started.brokerUrl!,
      deviceLogin: (device) => ({
        clientId: device.mqttUsername,
        username: device.mqttUsername,
        password: device.mqttPassword,
      }),
      query: (text) => child.call({ op: 'sql', text }),
      processes: () => [{ name: 'openyard (ROLE=all)', pid: child.pid }],
      demoDevices: () => JSON.parse(readFileSync(join(dataDir, 'demo-devices.json'), 'utf8')) as DemoDevicesFile,
      errorLines: () => [],
      async stop() {
        await child.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await child.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

// `pairs` servers and as many workers processes on one fresh database; the first server seeds the
// demo yard before the others start (they would race its migrations otherwise).
export async function startScaledStack(pairs: number, extraEnv: Record<string, string> = {}): Promise<LoadStack> {
  const cluster = await startCluster();
  const env = { ...LOAD_LIMITS, ...extraEnv };
  const sql = postgres(cluster.databaseUrl, { max: 2, onnotice: () => undefined });
  const workerIngestIds = Array.from({ length: pairs }, (_, index) => `${cluster.ingestClientId}-${index + 1}`);
  // The cluster forgets its own ingest sessions when it stops; these are the workers' own.
  const forgetSessions = async () => {
    for (const id of workerIngestIds)
      for (const clientId of ingestClientIds(id, DEFAULT_INGEST_CONNECTIONS))
        await forgetMqttSession(clientId).catch(() => undefined);
  };
  try {
    const servers = [await cluster.server({ demo: true, env, timeoutMs: START_TIMEOUT_MS })];
    const rest = await Promise.all([
      ...Array.from({ length: pairs - 1 }, () => cluster.server({ env, timeoutMs: START_TIMEOUT_MS })),
      // Each workers process its own ingest client id, as the compose file gives them
      // (openyard-ingest-1, -2): with one id the second would take over the first's broker
      // sessions, and the two would keep throwing each other off.
      ...workerIngestIds.map((id) =>
        cluster.workers({ env: { ...env, INGEST_CLIENT_ID: id }, timeoutMs: START_TIMEOUT_MS }),
      ),
    ]);
    servers.push(...rest.filter((process) => process.role === 'server'));
    return {
      topology: 'scaled',
      baseUrls: servers.map((server) => server.baseUrl!),
      brokerUrl: cluster.mqttUrl,
      deviceLogin: (device) => ({ clientId: `${cluster.prefix}-${device.mqttUsername}` }),
      query: async (text) => [...(await sql.unsafe(text))] as Record<string, unknown>[],
      processes: () =>
        [...cluster.processes]
          .filter((process) => process.alive())
          .map((process, index) => ({ name: `${process.role} ${index + 1}`, pid: process.pid })),
      demoDevices: () => cluster.devices(),
      errorLines: () =>
        cluster
          .logTail(2000)
          .split('\n')
          .filter((line) => /"level":(50|60)/.test(line)),
      async stop() {
        await sql.end();
        await cluster.stop();
        await forgetSessions();
      },
    };
  } catch (error) {
    await sql.end();
    await cluster.stop();
    await forgetSessions();
    throw error;
  }
}
