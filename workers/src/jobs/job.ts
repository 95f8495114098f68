import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@openyard/server/adapters/db';
import type { Config } from '@openyard/server/config';
import type { Batcher } from '@openyard/server/lib/batcher';
import type { DeviceMessage } from '@openyard/server/modules/devices/device-messages.service';
import type { HealthAgeingService } from '@openyard/server/modules/devices/health-ageing.service';
import type { ExportsService } from '@openyard/server/modules/exports/exports.service';
import type { Blobs } from '@openyard/server/adapters/blobs';
import type { FuseVisit, OcrService } from '@openyard/server/modules/ocr/ocr.service';
import type { FrameReader } from './ocr/ocr-thread-pool';

// What OCR jobs use: the queue's service, the frame blobs, the engine threads and the visit fusion.
export interface OcrJobContext {
  service: OcrService;
  blobs: Blobs;
  reader: FrameReader;
  fuse: FuseVisit;
}

export interface JobContext {
  db: Database;
  config: Config;
  exports: ExportsService;
  deviceMessages: Batcher<DeviceMessage>;
  healthAgeing: HealthAgeingService;
  ocr: OcrJobContext;
  logger: FastifyBaseLogger;
}

export interface JobDefinition {
  // PascalCase job name, unique across the registry.
  name: string;
  // Repeatable jobs run on this period (one process runs each tick when BullMQ is used).
  everyMs?: (config: Config) => number;
  // Jobs of a queue of their own with its own concurrency (OCR_CONCURRENCY); default the main one.
  queue?: 'ocr';
  run(data: unknown, context: JobContext): Promise<void>;
}
