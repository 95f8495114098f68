import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { StoredFrameRead } from '@openyard/server/db/schema';

export type ThreadRequest = { kind: 'read'; id: number; jpeg: ArrayBuffer } | { kind: 'close' };
export type ThreadReply =
  | { kind: 'ready' }
  | { kind: 'fatal'; message: string }
  | { kind: 'read'; id: number; read: StoredFrameRead }
  | { kind: 'imageError'; id: number; message: string }
  | { kind: 'failed'; id: number; message: string };

// What reading one frame gives: the engine's read, or why the image cannot be read (corrupt JPEG).
export type FrameReadOutcome = { ok: true; read: StoredFrameRead } | { ok: false; imageError: string };

export interface FrameReader {
  read(jpeg: Uint8Array): Promise<FrameReadOutcome>;
  close(): Promise<void>;
}

interface Request {
  jpeg: Uint8Array;
  resolve: (outcome: FrameReadOutcome) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker | null;
  ready: Promise<void> | null;
  current: (Request & { id: number; timer: NodeJS.Timeout }) | null;
}

const BOOT = new URL('./ocr-thread-boot.mjs', import.meta.url);

// A fixed number of worker threads, each with its own OCR engine loaded on first use, so that
// inference never runs on the event loop of the API (ROLE=all) or of ingest and the queue
// (ROLE=workers). A thread that dies or hangs fails its frame (the job retries) and is replaced on
// the next frame.
export function createOcrThreadPool({
  size,
  engineThreads,
  logger,
  timeoutMs = 120_000,
}: {
  size: number;
  engineThreads?: number;
  logger: FastifyBaseLogger;
  timeoutMs?: number;
}): FrameReader {
  const slots: Slot[] = Array.from({ length: size }, () => ({ worker: null, ready: null, current: null }));
  const waiting: Request[] = [];
  let nextId = 1;
  let closed = false;

  function fail(slot: Slot, error: Error) {
    const current = slot.current;
    slot.current = null;
    if (current) {
      clearTimeout(current.timer);
      current.reject(error);
    }
  }

  function discard(slot: Slot, reason: string) {
    const worker = slot.worker;
    slot.worker = null;
    slot.ready = null;
    fail(slot, new Error(reason));
    if (worker) void worker.terminate();
  }

  function start(slot: Slot): Promise<void> {
    const worker = new Worker(BOOT, { execArgv: [], workerData: { threads: engineThreads } });
    slot.worker = worker;
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: ThreadReply) => {
        switch (message.kind) {
          case 'ready':
            return resolve();
          case 'fatal':
            logger.error({ reason: message.message }, 'OCR engine could not start');
            reject(new Error(`OCR engine could not start: ${message.message}`));
            return discard(slot, `OCR engine could not start: ${message.message}`);
          default: {
            const current = slot.current;
            if (!current || current.id !== message.id) return;
            slot.current = null;
            clearTimeout(current.timer);
            if (message.kind === 'read') current.resolve({ ok: true, read: message.read });
            else if (message.kind === 'imageError') current.resolve({ ok: false, imageError: message.message });
            else current.reject(new Error(`OCR failed: ${message.message}`));
            pump();
          }
        }
      });
      worker.on('error', (error) => {
        logger.error({ err: error }, 'OCR thread failed');
        reject(error);
        if (slot.worker === worker) discard(slot, `OCR thread failed: ${error.message}`);
        pump();
      });
      worker.on('exit', (code) => {
        reject(new Error(`OCR thread exited with code ${code}`));
        if (slot.worker === worker) discard(slot, `OCR thread exited with code ${code}`);
        pump();
      });
    });
    // Awaited by the frame that needs the thread; a failed start is handled there.
    ready.catch(() => undefined);
    slot.ready = ready;
    return ready;
  }

  function run(slot: Slot, request: Request) {
    const id = nextId++;
    const timer = setTimeout(() => {
      logger.error({ timeoutMs }, 'OCR thread did not answer in time; replacing it');
      discard(slot, `OCR took longer than ${timeoutMs} ms`);
      pump();
    }, timeoutMs);
    slot.current = { ...request, id, timer };
    (slot.ready ?? start(slot)).then(
      () => {
        if (slot.current?.id !== id || !slot.worker) return;
        // A copy the thread owns: the caller's buffer may be a view on a larger one.
        const jpeg = new Uint8Array(request.jpeg).buffer;
        slot.worker.postMessage({ kind: 'read', id, jpeg } satisfies ThreadRequest, [jpeg]);
      },
      (error: unknown) => {
        if (slot.current?.id === id) fail(slot, error instanceof Error ? error : new Error(String(error)));
        pump();
      },
    );
  }

  function pump() {
    for (const slot of slots) {
      if (!waiting.length) return;
      if (!slot.current) run(slot, waiting.shift()!);
    }
  }

  return {
    read(jpeg) {
      if (closed) return Promise.reject(new Error('The OCR thread pool is closed'));
      return new Promise<FrameReadOutcome>((resolve, reject) => {
        waiting.push({ jpeg, resolve, reject });
        pump();
      });
    },
    // Frames not yet started are refused (their jobs retry elsewhere or after a restart); frames
    // being read finish; then each engine is closed with its thread.
    async close() {
      closed = true;
      for (const request of waiting.splice(0)) request.reject(new Error('The OCR thread pool is closing'));
      await Promise.all(
        slots.map(async (slot) => {
          while (slot.current) await new Promise((resolve) => setTimeout(resolve, 20));
          const worker = slot.worker;
          if (!worker) return;
          slot.worker = null;
          const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
          worker.postMessage({ kind: 'close' } satisfies ThreadRequest);
          const timer = setTimeout(() => void worker.terminate(), 5000);
          await exited;
          clearTimeout(timer);
        }),
      );
    },
  };
}
