import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

// Starts the real server (embedded database, demo yard and users) on a free port in a fresh data
// folder; or, to restart a stopped one, on its port and data folder.
export async function startServer(
  env: Record<string, string> = {},
  on: { port?: number; dataDir?: string } = {},
): Promise<RunningServer> {
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
    // E2E_SERVER_START_MS: a machine shared by many builds may take longer to migrate and seed.
    await waitForHealth(baseUrl, child, output, Number(process.env.E2E_SERVER_START_MS) || 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, output, stop };
}
