import { fork, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Envelope, Reply, Request, Responses } from './protocol';

// Starts bench/lib/stack-child.ts in its own Node process and talks to it over IPC.
export async function startChild(label: string) {
  const child: ChildProcess = fork(fileURLToPath(new URL('./stack-child.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // The server's log lines go to stderr, so the bench's stdout stays the report.
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => process.stderr.write(`[${label}] ${line}\n`));
  }
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let exited = false;
  const ready = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${label} process exited (${code}) before it was ready`)));
    child.on('message', (reply: Reply) => {
      if (reply.id === 0) return resolve();
      const waiter = waiting.get(reply.id);
      if (!waiter) return;
      waiting.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.result);
      else waiter.reject(new Error(`${label}: ${reply.error}`));
    });
  });
  child.on('exit', (code) => {
    exited = true;
    for (const waiter of waiting.values()) waiter.reject(new Error(`${label} process exited (${code})`));
    waiting.clear();
  });
  await ready;

  function call<K extends Request['op']>(request: Extract<Request, { op: K }>): Promise<Responses[K]> {
    if (exited) return Promise.reject(new Error(`${label} process has exited`));
    const id = nextId++;
    return new Promise<Responses[K]>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, ...request } satisfies Envelope);
    });
  }

  return {
    call,
    // The process's id (its CPU is read from /proc by bench/lib/cpu.ts's processesCpu).
    pid: child.pid!,
    // Stops the stack and waits for the process to end (killing it after a grace period).
    async close() {
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        await Promise.race([call({ op: 'stop' }), new Promise((resolve) => setTimeout(resolve, 30_000))]);
      } catch {
        // Reported by the caller's results; the process is ended below either way.
      }
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

export type Child = Awaited<ReturnType<typeof startChild>>;
