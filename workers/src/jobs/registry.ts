import { JOB_CATALOGUE, JOB_NAMES, jobPayloadProblem, type JobName } from '@openyard/contracts';
import { InvalidJobPayload, type JobHandler } from '@openyard/server/adapters/queue';
import { purgeSessionsJob } from './auth/purge-sessions.job';
import { deviceMessagesJob } from './devices/device-messages.jobs';
import { healthAgeingJob } from './devices/health-ageing.job';
import { purgeDeviceLogsJob } from './devices/purge-device-logs.job';
import { purgeExportsJob } from './exports/purge-exports.job';
import { analyzeEmbeddedJob } from './maintenance/analyze-embedded.job';
import { ocrFrameJob } from './ocr/ocr-frame.job';
import { purgeOcrFramesJob } from './ocr/purge-ocr-frames.job';
import { planningEngineJob } from './planning/planning-engine.job';
import { archiveRunJob } from './archive/archive-run.job';
import { batchFileJob } from './batch/batch-file.job';
import type { JobContext, JobDefinition } from './job';

// One processor per job of the catalogue (contracts/src/jobs.ts); boot fails on a duplicate or a
// missing handler.
export const JOBS: readonly JobDefinition[] = [
  deviceMessagesJob,
  healthAgeingJob,
  purgeDeviceLogsJob,
  purgeExportsJob,
  purgeSessionsJob,
  ocrFrameJob,
  purgeOcrFramesJob,
  analyzeEmbeddedJob,
  planningEngineJob,
  archiveRunJob,
  batchFileJob,
];

export function validateRegistry(jobs: readonly { name: string }[], names: readonly string[] = JOB_NAMES) {
  const seen = new Set<string>();
  for (const job of jobs) {
    if (seen.has(job.name)) throw new Error(`Job ${job.name} has more than one handler`);
    if (!/^[A-Z][A-Za-z0-9]+$/.test(job.name)) throw new Error(`Job name ${job.name} is not PascalCase`);
    seen.add(job.name);
  }
  for (const name of names) if (!seen.has(name)) throw new Error(`Job ${name} has no handler`);
  for (const name of seen) if (!names.includes(name)) throw new Error(`Job ${name} is not a declared job name`);
}

// The queue the catalogue puts a job on.
export const queueOf = (name: JobName) => JOB_CATALOGUE[name].queue;

// The queue's handler of a job: the payload is checked against the catalogue's schema first, and a
// payload that does not match fails the job for good (a retry would not mend it), saying why.
// Each run is logged with the correlation id it was queued with (the request or device message it
// comes from), timed and counted (openyard_jobs_total, openyard_job_duration_seconds); what the job
// logs itself carries the id too.
export function jobHandler(job: JobDefinition, context: JobContext): JobHandler {
  return async (data, queued) => {
    const logger = context.logger.child({
      job: job.name,
      jobId: queued.id,
      ...(queued.correlationId ? { correlationId: queued.correlationId } : {}),
    });
    const started = performance.now();
    try {
      const problem = jobPayloadProblem(job.name, data);
      if (problem) throw new InvalidJobPayload(problem);
      await job.run(data as never, { ...context, logger });
    } catch (error) {
      context.metrics?.jobs.inc({ name: job.name, outcome: 'failed' });
      logger.warn({ attempt: queued.attempt, err: error }, 'job attempt failed');
      throw error;
    }
    const seconds = (performance.now() - started) / 1000;
    context.metrics?.jobs.inc({ name: job.name, outcome: 'completed' });
    context.metrics?.jobDuration.observe({ name: job.name }, seconds);
    logger.debug({ attempt: queued.attempt, ms: Math.round(seconds * 1000) }, 'job done');
  };
}
