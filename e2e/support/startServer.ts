import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { inject } from 'vitest';
import { repoRoot } from './paths';

export interface RunningServer {
  baseUrl: string;
  // The server's DATA_DIR (demo mode writes demo-devices.json there); removed by stop().
  dataDir: string;
  output: () => string;
  // keepDataDir: leaves the data folder for a server started again on it (a restart).
  stop: (options?: { keepDataDir?: boolean }) => Promise<void>;
}

export async function freePort(): Promise<number> {
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

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/rest/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /rest/health within ${timeoutMs} ms:\n${output()}`);
}

// Settings that change how the server runs but not what the demo seed writes: a server started with
// only these on top of the defaults may start from the run's seeded template.
const RUNTIME_ONLY = new Set([
  'MQTT_PORT',
  'OCR_VISIT_WINDOW_MS',
  'MACHINE_STALE_AFTER_MS',
  'READER_IDLE_AFTER_MS',
  'READER_NOK_AFTER_MS',
  'HEALTH_AGEING_INTERVAL_MS',
  'BATCH_INLINE_MAX_ROWS',
]);
// The demo seed is dated from the moment it runs (stays of days, pre-advices due over the next
// hours): a template is seeded again after this long, so no test sees a yard "from earlier".
const TEMPLATE_MAX_AGE_MS = 20 * 60_000;

// Seeding the demo yard into a fresh embedded database takes most of a server's start (migrations,
// 15,000 containers' history); a restart on a seeded folder takes a third of it. So globalSetup seeds
// a template folder in the run's template root before the files start (outside their hooks' time
// limits), and default starts run on a copy of it: the same yard, as if that server had just been
// started and stopped.
export async function seedTemplate(root: string): Promise<void> {
  const template = join(root, 'default');
  await rm(template, { recursive: true, force: true });
  const seeding = await startServer({}, { fresh: true });
  await seeding.stop({ keepDataDir: true });
  await rename(seeding.dataDir, template);
}

async function templateCopy(env: Record<string, string>): Promise<string | undefined> {
  if (Object.keys(env).some((key) => !RUNTIME_ONLY.has(key))) return undefined;
  let root: string;
  try {
    root = inject('e2eTemplateRoot');
  } catch {
    return undefined; // Not under the e2e run (no globalSetup): start fresh.
  }
  if (!root) return undefined;
  const template = join(root, 'default');
  // The files run two at a time (e2e/vitest.config.ts): when a run outlives its template, one seeds
  // it again while the other waits, and none copies it meanwhile. The lock is renewed while it is
  // held, so a seeding on a loaded machine keeps it.
  const release = await lockfile.lock(root, {
    lockfilePath: join(root, 'default.lock'),
    retries: { retries: 1000, minTimeout: 250, maxTimeout: 1000 },
  });
  try {
    const made = await stat(template).then(
      (stats) => stats.mtimeMs,
      () => null,
    );
    if (made === null || Date.now() - made > TEMPLATE_MAX_AGE_MS) await seedTemplate(root);
    const dataDir = await mkdtemp(join(tmpdir(), 'openyard-e2e-'));
    await cp(template, dataDir, { recursive: true });
    return dataDir;
  } finally {
    await release();
  }
}

// Starts the real server (embedded database, demo yard and users) on a free port in a fresh data
// folder (a copy of the run's seeded template when the settings allow); or, to restart a stopped
// one, on its port and data folder.
export async function startServer(
  env: Record<string, string> = {},
  on: { port?: number; dataDir?: string; fresh?: boolean } = {},
): Promise<RunningServer> {
  if (!on.dataDir && !on.fresh) {
    const copy = await templateCopy(env);
    if (copy) return startServer(env, { ...on, dataDir: copy });
  }
  const port = on.port ?? (await freePort());
  const dataDir = on.dataDir ?? (await mkdtemp(join(tmpdir(), 'openyard-e2e-')));
  const baseUrl = `http://localhost:${port}`;
  let log = '';
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['runtime/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      // The tests log in more often than a person would; rate limiting has its own server tests.
      LOGIN_RATE_LIMIT_PER_MINUTE: '200',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = () => log;

  const stop = async ({ keepDataDir = false }: { keepDataDir?: boolean } = {}) => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!keepDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    // A loaded machine (several test runs on two cores) starts the demo yard slower: E2E_START_TIMEOUT_MS.
    await waitForHealth(baseUrl, child, output, Number(process.env.E2E_START_TIMEOUT_MS ?? 90_000));
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, output, stop };
}
