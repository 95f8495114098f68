import { parentPort, workerData } from 'node:worker_threads';
import { createOcrEngine, OcrImageError } from '../../ocr/index';
import type { ThreadReply, ThreadRequest } from './ocr-thread-pool';

// One OCR engine per worker thread, loaded once; frames are read one at a time, off the event loop
// of the process that runs the API and the queue.
const port = parentPort!;
const { threads } = workerData as { threads: number | undefined };

const reply = (message: ThreadReply) => port.postMessage(message);

try {
  const engine = await createOcrEngine(threads ? { threads } : undefined);
  port.on('message', (request: ThreadRequest) => {
    if (request.kind === 'close') {
      void engine.close().finally(() => port.close());
      return;
    }
    engine.readFrame(Buffer.from(request.jpeg)).then(
      (read) => reply({ kind: 'read', id: request.id, read }),
      (error: unknown) =>
        reply(
          error instanceof OcrImageError
            ? { kind: 'imageError', id: request.id, message: error.message }
            : { kind: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) },
        ),
    );
  });
  reply({ kind: 'ready' });
} catch (error) {
  reply({ kind: 'fatal', message: error instanceof Error ? error.message : String(error) });
  port.close();
}
