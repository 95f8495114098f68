import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@openyard/server/adapters/db';
import type { Queue } from '@openyard/server/adapters/queue';
import type { Config } from '@openyard/server/config';
import { createBatcher } from '@openyard/server/lib/batcher';
import { deviceMessageOrigin } from '@openyard/contracts';
import type { DeviceAcks, DeviceMessage } from '@openyard/server/modules/devices';
import type { JobHandler } from '@openyard/server/adapters/queue';
import type { Metrics } from '@openyard/server/lib/metrics';
import type { Services } from '@openyard/server/services';
import { createCameraFrameIntake } from './ingest/camera-frames';
import { startIngest } from './ingest/mqtt-ingest';
import type { JobContext, JobDefinition } from './jobs/job';
import { createOcrThreadPool } from './jobs/ocr/ocr-thread-pool';
import { fuseVisit } from './ocr/index';
import { jobHandler, JOBS, queueOf, validateRegistry } from './jobs/registry';
import type { DeviceIntake } from '@openyard/server/adapters/broker';

// The workers role: job processors, repeatable jobs and MQTT ingest, against one queue.
export async function startWorkers({
  config,
  db,
  queue,
  ocrQueue,
  services,
  logger,
  mqtt,
  metrics,
  acks,
}: {
  config: Config;
  db: Database;
  queue: Queue;
  // OCR jobs, with their own concurrency (OCR_CONCURRENCY).
  ocrQueue: Queue;
  // The process's services (createServices), the same the API of this process uses.
  services: Services;
  logger: FastifyBaseLogger;
  // The process's metrics: job runs and times, OCR reads, device messages taken in.
  metrics?: Metrics;
  // Tells devices which of their messages are stored (none in tests that do not listen).
  acks?: DeviceAcks;
  // With `intake`, the embedded broker in this process hands device messages over directly.
  mqtt: {
    url: string;
    username?: string;
    password?: string;
    subscription: string;
    intake?: { current: DeviceIntake | null };
  };
}) {
  validateRegistry(JOBS);
  const { blobs, healthAgeing } = services;
  // Each batch's devices hear which of their messages it stored, once it is committed.
  const deviceMessages = createBatcher<DeviceMessage>({
    flush: async (items) => {
      await services.deviceMessages.processBatch(items);
      acks?.stored(items.map(deviceMessageOrigin));
    },
  });
  // OCR runs on worker threads, one engine each, as many as OCR jobs run at once.
  const ocrReader = createOcrThreadPool({
    size: config.ocr.concurrency,
    ...(config.ocr.engineThreads ? { engineThreads: config.ocr.engineThreads } : {}),
    logger: logger.child({ component: 'ocr' }),
  });
  const ocr = {
    service: services.ocr,
    blobs,
    reader: ocrReader,
    fuse: fuseVisit,
  };
  const context: JobContext = { db, config, services, deviceMessages, ocr, logger, ...(metrics ? { metrics } : {}) };
  const handlersOf = (jobs: readonly JobDefinition[]) =>
    new Map<string, JobHandler>(jobs.map((job) => [job.name, jobHandler(job, context)]));
  queue.process(handlersOf(JOBS.filter((job) => queueOf(job.name) === 'main')), {
    concurrency: config.queueConcurrency,
  });
  ocrQueue.process(handlersOf(JOBS.filter((job) => queueOf(job.name) === 'ocr')), {
    concurrency: config.ocr.concurrency,
  });
  for (const job of JOBS) if (job.everyMs) await queue.every(job.name, job.everyMs(config));
  const ingest = await startIngest({
    url: mqtt.url,
    ...(mqtt.username ? { username: mqtt.username } : {}),
    ...(mqtt.password ? { password: mqtt.password } : {}),
    clientId: config.ingestClientId,
    subscription: mqtt.subscription,
    // Several connections only share the stream through a shared subscription (not on aedes).
    connections: mqtt.subscription.startsWith('$share/') ? config.ingestConnections : 1,
    queue,
    cameraFrames: createCameraFrameIntake({ blobs, queue: ocrQueue, maxFrameBytes: config.ocr.maxFrameBytes }),
    logger: logger.child({ component: 'ingest' }),
    ...(metrics ? { metrics } : {}),
    yardCenter: config.yard.yardCenter,
    ...(acks ? { acks } : {}),
    // In process with the embedded broker: a device message is acknowledged once written.
    ...(mqtt.intake ? { intake: mqtt.intake, write: (message: DeviceMessage) => deviceMessages.submit(message) } : {}),
  });

  let intakeStopped: Promise<void> | null = null;
  return {
    ingest,
    healthAgeing,
    // Stops taking device messages (the broker refuses them from now on, unacknowledged).
    stopIntake: () => (intakeStopped ??= ingest.stop()),
    // Then: finish or keep the queued jobs (kept in the database when embedded), write what is batched.
    async stop() {
      await (intakeStopped ??= ingest.stop());
      await queue.close();
      await ocrQueue.close();
      await ocrReader.close();
      await deviceMessages.drain();
    },
  };
}

export type Workers = Awaited<ReturnType<typeof startWorkers>>;
