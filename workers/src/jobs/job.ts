import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@openyard/server/adapters/db';
import type { Config } from '@openyard/server/config';
import type { Batcher } from '@openyard/server/lib/batcher';
import type { DeviceMessage } from '@openyard/server/modules/devices/device-messages.service';
import type { HealthAgeingService } from '@openyard/server/modules/devices/health-ageing.service';
import type { ExportsService } from '@openyard/server/modules/exports/exports.service';

export interface JobContext {
  db: Database;
  config: Config;
  exports: ExportsService;
  deviceMessages: Batcher<DeviceMessage>;
  healthAgeing: HealthAgeingService;
  logger: FastifyBaseLogger;
}

export interface JobDefinition {
  // PascalCase job name, unique across the registry.
  name: string;
  // Repeatable jobs run on this period (one process runs each tick when BullMQ is used).
  everyMs?: (config: Config) => number;
  run(data: unknown, context: JobContext): Promise<void>;
}
