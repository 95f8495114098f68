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
import { startIngest } from './ingest/mqtt-ingest';
import type { JobContext } from './jobs/job';
import { JOBS, validateRegistry } from './jobs/registry';

// The workers role: job processors, repeatable jobs and MQTT ingest, against one queue.
export async function startWorkers({
  config,
  db,
  queue,
  exports,
  afterCommit,
  logger,
  mqtt,
}: {
  config: Config;
  db: Database;
  queue: Queue;
  exports: ExportsService;
  afterCommit: () => void;
  logger: FastifyBaseLogger;
  mqtt: { url: string; username?: string; password?: string; subscription: string };
}) {
  validateRegistry(JOBS);
  const deviceMessagesService = createDeviceMessagesService(db, { thresholds: config.health, afterCommit });
  const deviceMessages = createBatcher<DeviceMessage>({ flush: (items) => deviceMessagesService.processBatch(items) });
  const healthAgeing = createHealthAgeingService(db, { thresholds: config.health, afterCommit });
  const context: JobContext = { db, config, exports, deviceMessages, healthAgeing, logger };
  const handlers = new Map<string, JobHandler>(
    JOBS.map((job) => [job.name, (data: unknown) => job.run(data, context)]),
  );
  queue.process(handlers, { concurrency: config.queueConcurrency });
  for (const job of JOBS) if (job.everyMs) await queue.every(job.name, job.everyMs(config));
  const ingest = await startIngest({
    url: mqtt.url,
    ...(mqtt.username ? { username: mqtt.username } : {}),
    ...(mqtt.password ? { password: mqtt.password } : {}),
    clientId: config.ingestClientId,
    subscription: mqtt.subscription,
    queue,
    logger: logger.child({ component: 'ingest' }),
  });

  return {
    ingest,
    healthAgeing,
    // Stop taking messages, finish the jobs in flight, then write what is batched.
    async stop() {
      await ingest.stop();
      await queue.close();
      await deviceMessages.drain();
    },
  };
}

export type Workers = Awaited<ReturnType<typeof startWorkers>>;
