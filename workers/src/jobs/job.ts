import type { FastifyBaseLogger } from 'fastify';
import type { DeviceMessage, JobName, JobPayload } from '@openyard/contracts';
import type { Blobs } from '@openyard/server/adapters/blobs';
import type { Database } from '@openyard/server/adapters/db';
import type { Config } from '@openyard/server/config';
import type { Batcher } from '@openyard/server/lib/batcher';
import type { Metrics } from '@openyard/server/lib/metrics';
import type { FuseVisit, OcrService } from '@openyard/server/modules/ocr';
import type { Services } from '@openyard/server/services';
import type { FrameReader } from './ocr/ocr-thread-pool';

// What OCR jobs use: the queue's service, the frame blobs, the engine threads and the visit fusion.
export interface OcrJobContext {
  service: OcrService;
  blobs: Blobs;
  reader: FrameReader;
  fuse: FuseVisit;
}

// What a job runs with: the process's services (jobs call services, never repositories), the
// device-message batcher, the OCR engine, and the database for maintenance statements.
export interface JobContext {
  db: Database;
  config: Config;
  services: Services;
  deviceMessages: Batcher<DeviceMessage>;
  ocr: OcrJobContext;
  // The job's logger: its name, id and correlation id on every line.
  logger: FastifyBaseLogger;
  // The process's metrics (none in tests that do not look at them).
  metrics?: Metrics;
}

// A processor for one job of the catalogue (contracts/src/jobs.ts): its payload arrives checked
// against the catalogue's schema.
export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  // Repeatable jobs run on this period (one process runs each tick when BullMQ is used).
  everyMs?: (config: Config) => number;
  run(data: JobPayload<N>, context: JobContext): Promise<void>;
}

export const defineJob = <N extends JobName>(job: JobDefinition<N>): JobDefinition<N> => job;
