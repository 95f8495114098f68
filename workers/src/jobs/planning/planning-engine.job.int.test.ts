import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type EngineJob, type LiveMessage } from '@openyard/contracts';
import { createMemoryQueue, type JobHandler } from '@openyard/server/adapters/queue';
import { projectEvents } from '@openyard/server/live/projection';
import { outcome } from '@openyard/server/test/api-client';
import { eventually } from '@openyard/server/test/eventually';
import { createTestApp, type TestApp } from '@openyard/server/test/test-app';
import { containerNumber } from '@openyard/server/test/yard-fixtures';
import type { JobContext } from '../job';
import { jobHandler } from '../registry';
import { planningEngineJob } from './planning-engine.job';

// The planning engine end to end (issue 19): the API queues a run, the in-process queue runs the
// PlanningEngine job with the process's services, its progress and result reach the websocket's
// projection and GET planning-engine/{jobId}, and an applied run reserves its slots as a plan.

const logger = pino({ level: 'silent' });
const queue = createMemoryQueue({ logger });
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
const live: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp({ queue });
  admin = await t.login('superadmin');
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
  const context = { db: t.db, config: t.config, services: t.services, logger } as unknown as JobContext;
  queue.process(new Map<string, JobHandler>([[planningEngineJob.name, jobHandler(planningEngineJob, context)]]), {
    concurrency: 1,
  });
});
afterAll(async () => {
  await queue.close();
  await t.close();
});

async function expected(count: number, size = '20') {
  const numbers: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const number = containerNumber('MSCU');
    await admin.api.preAdvices.create({
      body: { containerNumber: number, expectedFrom: Date.now() + (index + 1) * 3_600_000, containerSize: size },
    });
    numbers.push(number);
  }
  return numbers;
}

async function finished(jobId: string): Promise<EngineJob> {
  let job: EngineJob | undefined;
  await eventually(async () => {
    job = await admin.api.planning.engineJob({ params: { jobId } });
    return job.status === 'done' || job.status === 'failed';
  });
  return job!;
}

const runMessages = (jobId: string) =>
  live.flatMap((message) =>
    message.type === 'planning.engine.v1' && message.data.jobId === jobId ? [message.data] : [],
  );

describe('PlanningEngine job', () => {
  it('proposes slots for the queued containers asked for, reserving nothing', async () => {
    const numbers = await expected(3);
    const queued = await admin.api.planning.enginePlan({ body: { containerNumbers: numbers } });
    expect(queued).toMatchObject({ status: 'queued', progress: 0, planId: null, placements: [] });
    const job = await finished(queued.jobId);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.progress).toBe(1);
    expect(job.placements.map((placement) => placement.containerNumber).sort()).toEqual([...numbers].sort());
    expect(new Set(job.placements.map((placement) => placement.slotFullName)).size).toBe(3);
    expect(job.placements.every((placement) => placement.slotReason.length > 0)).toBe(true);
    expect(job.planId).toBeNull();
    // Nothing reserved: still queued, unplanned.
    const stillQueued = await admin.api.planning.queued({ query: {} });
    expect(numbers.every((number) => stillQueued.some((row) => row.containerNumber === number))).toBe(true);
    // The screens saw it queued, running and done.
    await eventually(async () => runMessages(queued.jobId).some((data) => data.status === 'done'));
    expect(runMessages(queued.jobId).map((data) => data.status)).toEqual(
      expect.arrayContaining(['queued', 'running', 'done']),
    );
  });

  it('applies a run as a plan of the engine in one transaction, and rolls it back', async () => {
    const numbers = await expected(4);
    const name = `Engine run ${Date.now()}`;
    const { jobId } = await admin.api.planning.enginePlan({
      body: { containerNumbers: numbers, apply: true, planName: name },
    });
    const job = await finished(jobId);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.planId).toEqual(expect.any(Number));
    const plan = (await admin.api.planning.plans()).find((entry) => entry.id === job.planId)!;
    expect(plan).toMatchObject({ name, source: 'engine' });
    expect(
      plan.plannedContainers.map((row) => [row.containerNumber, row.slotFullName, row.slotReason !== null]).sort(),
    ).toEqual(job.placements.map((placement) => [placement.containerNumber, placement.slotFullName, true]).sort());
    // The reservations stand at the slots the engine chose.
    const withPlanned = await admin.api.inventory.yardContainers({ query: { includePlanned: true } });
    for (const placement of job.placements)
      expect(withPlanned.find((container) => container.number === placement.containerNumber)).toMatchObject({
        planned: true,
        location: placement.slotFullName,
      });
    expect(await admin.api.planning.rollback({ body: { planId: job.planId! } })).toMatchObject({
      message: messages.planRolledBack(name),
      released: 4,
    });
    expect((await admin.api.planning.engineJob({ params: { jobId } })).status).toBe('rolledBack');
    expect(
      (await admin.api.inventory.yardContainers({ query: { includePlanned: true } })).some((container) =>
        numbers.includes(container.number),
      ),
    ).toBe(false);
  });

  it('refuses a plan name taken before queuing anything', async () => {
    const [number] = await expected(1);
    const { jobId } = await admin.api.planning.enginePlan({ body: { containerNumbers: [number!], apply: true } });
    const job = await finished(jobId);
    const plan = (await admin.api.planning.plans()).find((entry) => entry.id === job.planId)!;
    expect(
      await outcome(admin.api.planning.enginePlan({ body: { apply: true, planName: plan.name.toLowerCase() } })),
    ).toMatchObject({ status: 409, body: { message: messages.planNameTaken(plan.name.toLowerCase()) } });
  });
});
