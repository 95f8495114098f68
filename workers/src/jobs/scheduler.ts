import type { FastifyBaseLogger } from 'fastify';
import type { JobContext, RepeatableJob } from './job';
import { JOBS, validateRegistry } from './registry';

// Runs the repeatable jobs in this process: one run of a job at a time, a failure is logged and
// the next tick tries again, stop() waits for runs in flight.
export function startJobs({
  logger,
  context,
  jobs = JOBS,
}: {
  logger: FastifyBaseLogger;
  context: JobContext;
  jobs?: readonly RepeatableJob[];
}) {
  validateRegistry(
    jobs,
    jobs.map((job) => job.name),
  );
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];

  const tick = (job: RepeatableJob) => {
    if (running.has(job.name)) return;
    const log = logger.child({ job: job.name });
    const run = job
      .run(context, log)
      .catch((error: unknown) => log.error({ err: error }, 'job failed'))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };

  for (const job of jobs) {
    tick(job);
    const timer = setInterval(() => tick(job), job.everyMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
