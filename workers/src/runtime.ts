import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@openyard/server/adapters/db';
import type { Queue } from '@openyard/server/adapters/queue';
import type { Config } from '@openyard/server/config';
import { createBatcher } from '@openyard/server/lib/batcher';
import {
  createDeviceMessagesService,
  type DeviceMessage,
} from '@openyard/server/modules/devices/device-messages.service';
import { createHealthAgeingService } from '@openyard/server/modules/devices/health-ageing.service';
import type { ExportsService } from '@openyard/server/modules/exports/exports.service';
import type { JobHandler } from '@openyard/server/adapters/queue';
import { createFileBlobs } from '@openyard/server/adapters/blobs';
import { createOcrService } from '@openyard/server/modules/ocr/ocr.service';
import { createCameraFrameIntake } from './ingest/camera-frames';
import { startIngest } from './ingest/mqtt-ingest';
import type { JobContext, JobDefinition } from './jobs/job';
import { createOcrThreadPool } from './jobs/ocr/ocr-thread-pool';
import { fuseVisit } from './ocr/index';
import { JOBS, validateRegistry } from './jobs/registry';
import type { AfterCommit } from '@openyard/server/modules/outbox/outbox.repository';
import type { DeviceIntake } from '@openyard/server/adapters/broker';

// The workers role: job processors, repeatable jobs and MQTT ingest, against one queue.
export async function startWorkers({
  config,
  db,
  queue,
  ocrQueue,
  exports,
  afterCommit,
  logger,
  mqtt,
}: {
  config: Config;
  db: Database;
  queue: Queue;
  // OCR jobs, with their own concurrency (OCR_CONCURRENCY).
  ocrQueue: Queue;
  exports: ExportsService;
  afterCommit: AfterCommit;
  logger: FastifyBaseLogger;
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
  const deviceMessagesService = createDeviceMessagesService(db, { thresholds: config.health, afterCommit });
  const deviceMessages = createBatcher<DeviceMessage>({ flush: (items) => deviceMessagesService.processBatch(items) });
  const healthAgeing = createHealthAgeingService(db, { thresholds: config.health, afterCommit });
  // OCR runs on worker threads, one engine each, as many as OCR jobs run at once.
  const blobs = createFileBlobs(config.dataDir);
  const ocrReader = createOcrThreadPool({
    size: config.ocr.concurrency,
    ...(config.ocr.engineThreads ? { engineThreads: config.ocr.engineThreads } : {}),
    logger: logger.child({ component: 'ocr' }),
  });
  const ocr = {
    service: createOcrService(db, { afterCommit, visitWindowMs: config.ocr.visitWindowMs }),
    blobs,
    reader: ocrReader,
    fuse: fuseVisit,
  };
  const context: JobContext = { db, config, exports, deviceMessages, healthAgeing, ocr, logger };
  const handlersOf = (jobs: readonly JobDefinition[]) =>
    new Map<string, JobHandler>(jobs.map((job) => [job.name, (data: unknown) => job.run(data, context)]));
  queue.process(handlersOf(JOBS.filter((job) => job.queue !== 'ocr')), { concurrency: config.queueConcurrency });
  ocrQueue.process(handlersOf(JOBS.filter((job) => job.queue === 'ocr')), { concurrency: config.ocr.concurrency });
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
