import { Worker } from 'node:worker_threads';
import type { Cell } from './cells';

// The server's side of the xlsx writer thread (xlsx-thread.ts). A streamed xlsx export writes a
// cell object and its XML for every value: for 100,000 rows, hundreds of megabytes of short-lived
// objects, which the server's heap promoted and kept until a full collection, so the process grew
// by 100–330 MB over an export depending on the heap it started from (docs/performance.md, issue
// 18). The thread's heap is its own and capped (THREAD_HEAP), so that garbage is collected there,
// and a long export's writing is off the event loop that answers the API. One thread, started on
// the first export and stopped after IDLE_MS without one, writes every export of the process.

export type XlsxColumns = { header: string; key: string; width?: number }[];
export type XlsxRequest =
  | { kind: 'open'; id: number; path: string; sheet: string; columns: XlsxColumns }
  | { kind: 'rows'; id: number; rows: Cell[][] }
  | { kind: 'close'; id: number };
export type XlsxReply =
  | { kind: 'ready' }
  | { kind: 'written'; id: number }
  | { kind: 'closed'; id: number }
  | { kind: 'failed'; id: number; message: string };

const BOOT = new URL('./xlsx-thread-boot.mjs', import.meta.url);
// The thread's heap: a workbook being written holds a batch or two of rows, the zip's backlog
// (1 MB) and the deflate's window, a few MB; the rest is garbage.
const THREAD_HEAP = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 };
// Batches sent to the thread and not yet written: the database reads the next while the thread
// writes these, and no more are read ahead.
const IN_FLIGHT = 2;
const IDLE_MS = 60_000;

interface Thread {
  worker: Worker;
  ready: Promise<void>;
}

export function createXlsxWriter({ idleMs = IDLE_MS }: { idleMs?: number } = {}) {
  let thread: Thread | null = null;
  const listeners = new Map<number, (reply: XlsxReply | Error) => void>();
  let nextId = 1;
  let idle: NodeJS.Timeout | null = null;

  function start(): Thread {
    const worker = new Worker(BOOT, { execArgv: [], resourceLimits: THREAD_HEAP });
    // An idle thread never keeps the process alive.
    worker.unref();
    let started: () => void = () => undefined;
    let refused: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      refused = reject;
    });
    const fail = (error: Error) => {
      if (thread?.worker !== worker) return;
      thread = null;
      refused(error);
      for (const listener of listeners.values()) listener(error);
    };
    worker.on('message', (reply: XlsxReply) => {
      if (reply.kind === 'ready') started();
      else listeners.get(reply.id)?.(reply);
    });
    // Out of its heap (a workbook past what the thread may hold) or any other failure: the exports
    // being written fail, and the next export starts a new thread.
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The xlsx writer thread stopped (exit code ${code})`)));
    return { worker, ready };
  }

  function stopIfIdle() {
    if (listeners.size || !thread) return;
    const { worker } = thread;
    thread = null;
    void worker.terminate();
  }

  return {
    // Writes `batches` as the rows of a one-sheet workbook at `path` (the header row bold and
    // frozen), reading the next batch while the thread writes the ones before it.
    async write(path: string, sheet: string, columns: XlsxColumns, batches: AsyncIterable<Cell[][]>): Promise<void> {
      if (idle) clearTimeout(idle);
      idle = null;
      thread ??= start();
      const { worker, ready } = thread;
      const id = nextId++;
      let sent = 0;
      let written = 0;
      let closed = false;
      const state: { failure: Error | null } = { failure: null };
      let wake: (() => void) | null = null;
      listeners.set(id, (reply) => {
        if (reply instanceof Error) state.failure = reply;
        else if (reply.kind === 'failed') state.failure = new Error(reply.message);
        else if (reply.kind === 'written') written += 1;
        else if (reply.kind === 'closed') closed = true;
        wake?.();
      });
      const until = async (done: () => boolean) => {
        while (!done() && !state.failure) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        if (state.failure) throw state.failure;
      };
      const send = (request: XlsxRequest) => worker.postMessage(request);
      try {
        await ready;
        send({ kind: 'open', id, path, sheet, columns });
        for await (const rows of batches) {
          if (state.failure) throw state.failure;
          send({ kind: 'rows', id, rows });
          sent += 1;
          await until(() => sent - written < IN_FLIGHT);
        }
        send({ kind: 'close', id });
        await until(() => closed);
      } finally {
        listeners.delete(id);
        if (!listeners.size) idle = setTimeout(stopIfIdle, idleMs).unref();
      }
    },

    // The thread stopped (the process's services closing).
    async close() {
      if (idle) clearTimeout(idle);
      idle = null;
      const current = thread;
      thread = null;
      for (const listener of listeners.values()) listener(new Error('The xlsx writer thread was stopped'));
      if (current) await current.worker.terminate();
    },
  };
}

export type XlsxWriter = ReturnType<typeof createXlsxWriter>;
