import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@openyard/server/adapters/db';
import type { Config } from '@openyard/server/config';
import type { ExportsService } from '@openyard/server/modules/exports/exports.service';

export interface JobContext {
  db: Database;
  exports: ExportsService;
  config: Config;
}

export interface RepeatableJob {
  // PascalCase job name, unique across the registry.
  name: string;
  everyMs: number;
  run(context: JobContext, logger: FastifyBaseLogger): Promise<void>;
}
