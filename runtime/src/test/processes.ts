import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import mqtt, { type MqttClient } from 'mqtt';
import { ingestClientIds, topics } from '@openyard/contracts';
import { DEFAULT_INGEST_CONNECTIONS } from '@openyard/server/config';
import type { DemoDevicesFile } from '@openyard/server/db/seed/demo-devices';
import { httpClient } from '@openyard/server/test/api-client';
import { createTestPostgresDatabase } from '@openyard/server/test/test-app';
import { ackedPublisher } from '@openyard/simulator/acked-publisher';
import { SERVICES } from './test-stack';
import { INHERITED_HOME, INHERITED_PATH, reachable } from '@openyard/server/test/test-services';

// Openyard as separate operating-system processes (ROLE=server / ROLE=workers) on real services,
// for fault tests: kill a process, restart it, run several side by side. Each child is a plain
// `node --import tsx runtime/src/main.ts`: one process, so SIGKILL reaches the program itself (the
// `tsx` command would run it in a grandchild, which a SIGKILL of `tsx` leaves running). With
// `compiled`, it is `node runtime/dist/main.js` as the image runs it (buildCompiledEntry first).

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OUTPUT_KEPT = 64 * 1024;

// Children still running when the test process exits are killed with it.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export { reachable };

// Why the real services cannot be used (null when PostgreSQL, Redis and the broker all answer).
export async function unreachableServices(): Promise<string | null> {
  const checks = [
    ['PostgreSQL', SERVICES.postgresUrl, 5432],
    ['Redis', SERVICES.redisUrl, 6379],
    ['MQTT broker', SERVICES.mqttUrl, 1883],
  ] as const;
  const missing = [];
  for (const [name, url, port] of checks) if (!(await reachable(url, port))) missing.push(`${name} at ${url}`);
  return missing.length ? `nothing listens at ${missing.join(', ')}` : null;
}

// Whether a program is installed (for the private Redis and Mosquitto).
export function installed(command: string, args = ['-h']): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore', timeout: 5000 });
  return !result.error;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Child {
  pid: number;
  // The last 64 KB of stdout and stderr.
  output(): string;
  exited: Promise<void>;
  alive(): boolean;
  // Resolves with the first line printed from now on that matches.
  nextLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  // Sends the signal and waits for the process to end (SIGKILL after 15 s if it has not).
  kill(signal?: NodeJS.Signals): Promise<void>;
}

function startChild(command: string, args: string[], env: Record<string, string>, onLine?: (line: string) => void) {
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const listeners = new Set<(line: string) => void>(onLine ? [onLine] : []);
  const lineReader = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-OUTPUT_KEPT);
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) for (const listener of listeners) listener(line);
    };
  };
  child.stdout.on('data', lineReader());
  child.stderr.on('data', lineReader());
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  }).finally(() => running.delete(child));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const handle: Child = {
    pid: child.pid!,
    output: () => output,
    exited,
    alive,
    nextLine(pattern: RegExp, timeoutMs = 20_000) {
      return new Promise<string>((resolve, reject) => {
        const listener = (line: string) => {
          if (!pattern.test(line)) return;
          listeners.delete(listener);
          clearTimeout(timer);
          resolve(line);
        };
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`No line matching ${String(pattern)} in ${timeoutMs} ms:\n${output.slice(-4000)}`));
        }, timeoutMs);
        listeners.add(listener);
      });
    },
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (!alive()) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  return { child, handle };
}

async function waitForTcp(port: number, child: Child, name: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await reachable(`tcp://127.0.0.1:${port}`, port))) {
    if (!child.alive()) throw new Error(`${name} exited:\n${child.output()}`);
    if (Date.now() > deadline) throw new Error(`${name} did not listen on ${port} in time:\n${child.output()}`);
    await sleep(50);
  }
}

export interface OpenyardProcess extends Child {
  role: 'all' | 'server' | 'workers';
  // http://127.0.0.1:port of a server (or of ROLE=all); null for workers.
  baseUrl: string | null;
  dataDir: string;
}

// Starts `node runtime/src/main.ts` with ROLE=role and `env` and waits until it is ready: its own
// "Openyard <role> … in N ms" line (workers have no HTTP port), so children log at info level; the
// output is kept for failure messages. A server's (or ROLE=all's) health route must answer.
async function launch(
  role: OpenyardProcess['role'],
  dataDir: string,
  env: Record<string, string>,
  timeoutMs: number,
  compiled = false,
): Promise<OpenyardProcess> {
  let ready: (line: { msg: string }) => void = () => undefined;
  const readyLine = new Promise<{ msg: string }>((resolve) => (ready = resolve));
  const { handle } = startChild(
    process.execPath,
    compiled ? ['--enable-source-maps', 'runtime/dist/main.js'] : ['--import', 'tsx', 'runtime/src/main.ts'],
    {
      PATH: INHERITED_PATH,
      HOME: INHERITED_HOME ?? dataDir,
      ROLE: role,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      ...env,
    },
    (line) => {
      if (!line.startsWith('{')) return;
      try {
        const parsed = JSON.parse(line) as { msg?: unknown };
        if (typeof parsed.msg === 'string' && parsed.msg.startsWith(`Openyard ${role} `))
          ready(parsed as { msg: string });
      } catch {
        // Not a log line.
      }
    },
  );
  const openyard: OpenyardProcess = { ...handle, role, baseUrl: null, dataDir };
  let timer: NodeJS.Timeout | undefined;
  const line = await Promise.race([
    readyLine,
    handle.exited.then(() => {
      throw new Error(`The ${role} process exited before it was ready:\n${handle.output()}`);
    }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`The ${role} process was not ready in ${timeoutMs} ms:\n${handle.output()}`)),
        timeoutMs,
      );
    }),
  ])
    .catch(async (error: unknown) => {
      await handle.kill('SIGKILL');
      throw error;
    })
    .finally(() => clearTimeout(timer));
  if (role !== 'workers') {
    const address = /listening on (http:\/\/\S+)/.exec(line.msg)?.[1];
    if (!address) throw new Error(`No address in "${line.msg}"`);
    openyard.baseUrl = address.replace('localhost', '127.0.0.1');
    // Refused → ApiCallError with the status.
    await httpClient(openyard.baseUrl).auth.health();
  }
  return openyard;
}

// Openyard as `npm start` runs it (ROLE=all: PGlite in DATA_DIR, in-process queue and bus, the
// embedded broker on `mqttPort`), for kill tests of the embedded topology: start it again on the
// same DATA_DIR and port after a kill.
export async function startEmbeddedProcess({
  dataDir,
  mqttPort,
  demo = false,
  env = {},
  timeoutMs = 60_000,
}: {
  dataDir: string;
  mqttPort: number;
  demo?: boolean;
  env?: Record<string, string>;
  timeoutMs?: number;
}) {
  mkdirSync(dataDir, { recursive: true });
  const openyard = await launch(
    'all',
    dataDir,
    { MQTT_PORT: String(mqttPort), ...(demo ? { DEMO: '1' } : {}), ...env },
    timeoutMs,
  );
  return { ...openyard, brokerUrl: `mqtt://127.0.0.1:${mqttPort}` };
}

// Compiles runtime/dist/main.js from the sources as they are now (`npm run build:node`), so that a
// `compiled` cluster never runs an older build.
export function buildCompiledEntry() {
  const result = spawnSync(process.execPath, ['scripts/build-node.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run build:node failed:\n${result.stdout}${result.stderr}`);
}

export interface ClusterOptions {
  // Its processes run runtime/dist/main.js (buildCompiledEntry) instead of the sources through tsx.
  compiled?: boolean;
  redisUrl?: string;
  mqttUrl?: string;
  // The PostgreSQL server the cluster's database is created on (a private one of a fault run);
  // the test server by default.
  postgresUrl?: string;
}

// A fresh database and Redis prefix, shared by every process started from it; one ingest client id,
// so a workers process started after another takes over its persistent broker session.
export async function startCluster(options: ClusterOptions = {}) {
  const id = randomBytes(4).toString('hex');
  const prefix = `oy-proc-${id}`;
  const redisUrl = options.redisUrl ?? SERVICES.redisUrl;
  const mqttUrl = options.mqttUrl ?? SERVICES.mqttUrl;
  const root = mkdtempSync(join(tmpdir(), 'openyard-proc-'));
  const database = await createTestPostgresDatabase(options.postgresUrl);
  const jwtSecret = randomBytes(32).toString('hex');
  const ingestClientId = `${prefix}-ingest`;
  const processes = new Set<OpenyardProcess>();
  let serial = 0;

  async function start(
    role: 'server' | 'workers',
    {
      demo = false,
      env = {},
      timeoutMs = 45_000,
    }: { demo?: boolean; env?: Record<string, string>; timeoutMs?: number },
  ): Promise<OpenyardProcess> {
    serial += 1;
    const dataDir = join(root, `${role}-${serial}`);
    mkdirSync(dataDir, { recursive: true });
    const openyard = await launch(
      role,
      dataDir,
      {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        MQTT_URL: mqttUrl,
        JWT_SECRET: jwtSecret,
        INGEST_CLIENT_ID: ingestClientId,
        // Its own share group: in a group shared with other tests' sessions the broker would hand
        // part of this cluster's messages to them.
        INGEST_SHARE_GROUP: prefix,
        ...(demo ? { DEMO: '1' } : {}),
        ...env,
      },
      timeoutMs,
      options.compiled,
    );
    processes.add(openyard);
    return openyard;
  }

  return {
    prefix,
    redisUrl,
    mqttUrl,
    databaseUrl: database.url,
    ingestClientId,
    processes,
    // ROLE=server; DEMO=1 seeds the demo yard (the first server of a cluster only).
    server: (options: { demo?: boolean; env?: Record<string, string>; timeoutMs?: number } = {}) =>
      start('server', options),
    workers: (options: { env?: Record<string, string>; timeoutMs?: number } = {}) => start('workers', options),
    // What the BullMQ queue holds, for failure messages.
    async queueReport() {
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
      const key = `${prefix}:openyard`;
      try {
        await redis.connect();
        const [waiting, active, delayed, failedIds] = await Promise.all([
          redis.llen(`${key}:wait`),
          redis.llen(`${key}:active`),
          redis.zcard(`${key}:delayed`),
          redis.zrange(`${key}:failed`, '0', '-1'),
        ]);
        // The failed jobs by name and reason (the queue keeps the last thousand).
        const byKind = new Map<string, number>();
        for (const id of failedIds) {
          const [name, reason] = await redis.hmget(`${key}:${id}`, 'name', 'failedReason');
          const kind = `${name ?? '?'}: ${reason ?? '?'}`;
          byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
        }
        const failed = [...byKind].map(([kind, count]) => `${count} × ${kind}`).join('; ');
        return `queue: ${waiting} waiting, ${active} active, ${delayed} delayed, ${failedIds.length} failed${failed ? ` (${failed})` : ''}`;
      } catch (error) {
        return `queue: unreadable (${String(error)})`;
      } finally {
        redis.disconnect();
      }
    },
    // The last lines of every process's output, for failure messages.
    logTail(lines = 25) {
      return [...processes]
        .map((openyard) => {
          const tail = openyard.output().trimEnd().split('\n').slice(-lines).join('\n');
          return `--- ${openyard.role} pid ${openyard.pid}${openyard.alive() ? '' : ' (ended)'}\n${tail}`;
        })
        .join('\n');
    },
    // The demo yard's devices, as the first demo server wrote them to its DATA_DIR.
    devices(): DemoDevicesFile {
      for (const openyard of processes) {
        try {
          return JSON.parse(readFileSync(join(openyard.dataDir, 'demo-devices.json'), 'utf8')) as DemoDevicesFile;
        } catch {
          // Not this one.
        }
      }
      throw new Error('No process of this cluster seeded the demo yard');
    },
    async stop() {
      await Promise.all([...processes].map((openyard) => openyard.kill('SIGKILL')));
      // Forget the ingest's persistent sessions so the broker stops queueing for them.
      if (await reachable(mqttUrl, 1883)) {
        for (const clientId of ingestClientIds(ingestClientId, DEFAULT_INGEST_CONNECTIONS)) {
          const cleanup = await mqtt.connectAsync(mqttUrl, {
            clientId,
            clean: true,
            reconnectPeriod: 0,
            connectTimeout: 5000,
          });
          await cleanup.endAsync();
        }
      }
      if (await reachable(redisUrl, 6379)) await deleteRedisKeys(redisUrl, `${prefix}:*`);
      await database.drop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

async function deleteRedisKeys(url: string, pattern: string) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export interface PrivateService extends Child {
  url: string;
  port: number;
  // Starts the program again on the same port and data folder (after kill()).
  restart(): Promise<PrivateService>;
}

// A Redis of one's own, to kill and restart without disturbing other tests. It keeps an append-only
// log fsynced on every write (as production should: see redis-check.ts), so a restart loses no job.
export async function startPrivateRedis(dir: string, port?: number): Promise<PrivateService> {
  const chosen = port ?? (await freePort());
  mkdirSync(dir, { recursive: true });
  const { handle } = startChild(
    'redis-server',
    [
      '--port',
      String(chosen),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--daemonize',
      'no',
    ],
    { PATH: INHERITED_PATH },
  );
  await waitForTcp(chosen, handle, 'redis-server');
  return {
    ...handle,
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    restart: () => startPrivateRedis(dir, chosen),
  };
}

// A Mosquitto of one's own. Persistence keeps sessions and queued messages over a graceful restart;
// max_queued_messages 0 lifts the default limit of 1000 queued messages per client, past which
// Mosquitto drops QoS 1 messages for a slow or offline subscriber. With `auth`, logins and topics
// are checked as the README configures a yard's broker (no anonymous client, a password file and
// an ACL file; SIGHUP makes Mosquitto read both again).
export async function startPrivateMosquitto(
  dir: string,
  port?: number,
  // With `devicePort`, a second listener for the devices as deploy/mosquitto.conf has it (a client's
  // id is its username there).
  auth?: { passwordFile: string; aclFile: string; devicePort?: number },
  // How often Mosquitto writes its in-memory state (sessions, queued messages) to disk; its default
  // is 1800 s. What it queued since the last save is lost when it is killed (kill -9, a crash).
  autosaveSeconds?: number,
): Promise<PrivateService> {
  const chosen = port ?? (await freePort());
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      ...(auth?.devicePort ? [`listener ${auth.devicePort} 127.0.0.1`, 'use_username_as_clientid true'] : []),
      `listener ${chosen} 127.0.0.1`,
      ...(auth
        ? ['allow_anonymous false', `password_file ${auth.passwordFile}`, `acl_file ${auth.aclFile}`]
        : ['allow_anonymous true']),
      'persistence true',
      `persistence_location ${dir}/`,
      ...(autosaveSeconds === undefined ? [] : [`autosave_interval ${autosaveSeconds}`]),
      'max_queued_messages 0',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      // Running as root, Mosquitto would switch to the "mosquitto" user, which cannot write here.
      ...(process.getuid?.() === 0 ? ['user root'] : []),
      '',
    ].join('\n'),
  );
  const { handle } = startChild('mosquitto', ['-c', config], { PATH: INHERITED_PATH });
  await waitForTcp(chosen, handle, 'mosquitto');
  return {
    ...handle,
    url: `mqtt://127.0.0.1:${chosen}`,
    port: chosen,
    restart: () => startPrivateMosquitto(dir, chosen, auth, autosaveSeconds),
  };
}

export interface PrivatePostgres {
  // postgres://postgres@127.0.0.1:port/postgres (trust on loopback).
  url: string;
  port: number;
  // Stops the server as a crash would (`pg_ctl stop -m immediate`: no checkpoint, the next start
  // replays the WAL) and starts it again on the same port and data folder, after `downMs`.
  restart(downMs?: number): Promise<void>;
  // Whether the server answers on its port.
  up(): Promise<boolean>;
  stop(): Promise<void>;
}

// The PostgreSQL programs of the newest version installed (Debian: /usr/lib/postgresql/<v>/bin),
// or null.
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

// A PostgreSQL of one's own (initdb and pg_ctl in `dir`), to crash and restart without disturbing
// other tests. PostgreSQL refuses to run as root: as root its programs run as the "postgres" user,
// who then owns `dir`. Stopped at the latest when this process exits.
export async function startPrivatePostgres(dir: string, port?: number): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('No PostgreSQL programs under /usr/lib/postgresql/<version>/bin');
  const chosen = port ?? (await freePort());
  const data = join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  const owner = process.getuid?.() === 0 ? postgresUser() : null;
  if (owner) {
    chownSync(dir, owner.uid, owner.gid);
    // A folder of mkdtemp is root's alone (0700): the postgres user must pass through it to `dir`.
    chmodSync(dirname(dir), 0o711);
  }
  const run = (program: string, args: string[]) => {
    const result = spawnSync(join(bin, program), args, {
      cwd: dir,
      env: { PATH: INHERITED_PATH, LANG: 'C.UTF-8' },
      encoding: 'utf8',
      timeout: 120_000,
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
    });
    if (result.status !== 0)
      throw new Error(
        `${program} ${args.join(' ')} failed: ${result.error?.message ?? ''}${result.stdout}${result.stderr}`,
      );
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${chosen}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c max_connections=200',
    '-c shared_buffers=128MB',
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'postgres.log'), '-o', options, '-w', '-t', '60', 'start']);
  const stopNow = (mode: 'immediate' | 'fast') => {
    if (existsSync(join(data, 'postmaster.pid'))) run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  };
  start();
  const onExit = () => {
    try {
      stopNow('immediate');
    } catch {
      // Already stopped.
    }
  };
  process.once('exit', onExit);
  const url = `postgres://postgres@127.0.0.1:${chosen}/postgres`;
  return {
    url,
    port: chosen,
    async restart(downMs = 0) {
      stopNow('immediate');
      await sleep(downMs);
      start();
    },
    up: () => reachable(`tcp://127.0.0.1:${chosen}`, chosen),
    async stop() {
      process.removeListener('exit', onExit);
      stopNow('fast');
    },
  };
}

function postgresUser() {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('Running as root, PostgreSQL needs a "postgres" user to run as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

// A device-side publisher at QoS 1 with unique message ids (`<run>-<n>`): `message(n, messageId)` is
// the topic and payload of the n-th. A message counts as accepted when the broker has acknowledged
// it (PUBACK); mqtt.js keeps unacknowledged ones and sends them again after a reconnect. With
// `untilStored`, it counts as accepted only once the pipeline's ack says it is stored, and it is kept
// and sent again until then (ackedPublisher: what a device does, since a killed broker loses what it
// acknowledged but had not saved). With
// `backlog`, publishing pauses while more than `limit` published messages are not yet stored: a
// broker queues only so many messages for a subscriber (Mosquitto's max_queued_messages, 1000 by
// default) and drops the rest, acknowledged or not.
export interface DeviceStreamOptions {
  url: string;
  // The device's own login (the embedded broker); without it an anonymous client (Mosquitto).
  login?: { username: string; password: string };
  message: (n: number, messageId: string) => { topic: string; payload: string };
  count: number;
  perSecond: number;
  run?: string;
  maxInFlight?: number;
  backlog?: { limit: number; stored: () => Promise<number> };
  untilStored?: boolean;
}

// Tag reads of one reader (`yard/readers/{id}/tag`), tag ids T000000, T000001, ...
export function startTagStream({ readerId, ...options }: Omit<DeviceStreamOptions, 'message'> & { readerId: number }) {
  return startDeviceStream({
    ...options,
    message: (n, messageId) => ({
      topic: topics.readerTag(readerId),
      payload: JSON.stringify({ messageId, timestamp: Date.now(), tagId: `T${String(n).padStart(6, '0')}` }),
    }),
  });
}

export async function startDeviceStream({
  url,
  message,
  count,
  perSecond,
  run = randomUUID(),
  maxInFlight = 50,
  backlog,
  login,
  untilStored = false,
}: DeviceStreamOptions) {
  const client: MqttClient = await mqtt.connectAsync(url, {
    ...(login
      ? { clientId: login.username, username: login.username, password: login.password }
      : { clientId: `oy-publisher-${randomBytes(4).toString('hex')}` }),
    reconnectPeriod: 250,
    connectTimeout: 5000,
  });
  const acked = untilStored ? ackedPublisher(client) : null;
  const accepted = new Set<string>();
  // When the broker acknowledged each (epoch ms).
  const acceptedAt = new Map<string, number>();
  const waiters: { count: number; resolve: () => void }[] = [];
  let published = 0;
  let inFlight = 0;
  let stored = 0;
  let stopped = false;
  let ending = false;

  const notify = () => {
    for (const waiter of [...waiters])
      if (accepted.size >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
  };

  const done = (async () => {
    let started = Date.now();
    let sent = 0;
    for (let i = 0; i < count && !stopped && !ending; i += 1) {
      while (backlog && published - stored >= backlog.limit && !stopped) {
        stored = await backlog.stored();
        if (published - stored >= backlog.limit) await sleep(100);
        // Paced from here on, not from the start: no burst to catch up on the pause.
        started = Date.now();
        sent = 0;
      }
      // Paced: no more than perSecond messages a second.
      const due = started + (sent * 1000) / perSecond;
      if (due > Date.now()) await sleep(due - Date.now());
      while (inFlight >= maxInFlight && !stopped) await sleep(5);
      const messageId = `${run}-${i}`;
      inFlight += 1;
      published += 1;
      sent += 1;
      const { topic, payload } = message(i, messageId);
      const settled = (error?: Error) => {
        inFlight -= 1;
        if (!error) {
          accepted.add(messageId);
          acceptedAt.set(messageId, Date.now());
        }
        notify();
      };
      if (acked) void acked.publish(topic, payload, messageId).then(() => settled());
      else client.publish(topic, payload, { qos: 1 }, settled);
    }
    while (inFlight > 0 && !stopped) await sleep(10);
  })();

  return {
    run,
    accepted,
    acceptedAt,
    published: () => published,
    // Messages sent again because no stored-ack came (with `untilStored`).
    resent: () => acked?.resent() ?? 0,
    // Resolves once `n` messages are accepted.
    acceptedAtLeast: (n: number) =>
      accepted.size >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count: n, resolve })),
    done,
    // Publishes nothing more and waits until what was published is acknowledged (the client sends
    // it again after a reconnect) or `timeoutMs` has passed.
    async finish(timeoutMs: number) {
      ending = true;
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 && Date.now() < deadline) await sleep(20);
      return inFlight;
    },
    async close() {
      stopped = true;
      acked?.close();
      await client.endAsync(true);
    },
  };
}
