import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveCutoffLatest, yardDayOf, type LiveMessage } from '@openyard/contracts';
import { createMemoryQueue, type JobHandler } from '@openyard/server/adapters/queue';
import { projectEvents } from '@openyard/server/live/projection';
import { seedArchiveHistory } from '@openyard/server/test/archive-fixtures';
import { createTestApp, type TestApp } from '@openyard/server/test/test-app';
import type { JobContext } from '../job';
import { jobHandler } from '../registry';
import { archiveRunJob } from './archive-run.job';

// An archive run through the queue (spec 3 §4): the call queues the ArchiveRun job, the in-process
// queue runs it with the process's services, and its progress and end reach the websocket's
// projection as archive.run.v1 on topic `archive`.

const logger = pino({ level: 'silent' });
const queue = createMemoryQueue({ logger });
let t: TestApp;
const live: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp({ queue });
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
  const context = { db: t.db, config: t.config, services: t.services, logger } as unknown as JobContext;
  queue.process(new Map<string, JobHandler>([[archiveRunJob.name, jobHandler(archiveRunJob, context)]]), {
    concurrency: 1,
  });
  // Two batches of containers (500 each) and the rest.
  await seedArchiveHistory(t.db, 'ARCU', 700, 70);
}, 120_000);
afterAll(async () => {
  await queue.close();
  await t.close();
});

describe('ArchiveRun', () => {
  it('archives through the queue and tells its progress on the archive topic', async () => {
    const superadmin = await t.login('superadmin');
    const cutoffDate = archiveCutoffLatest(yardDayOf(Date.now(), t.config.yard.timeZone));
    const answer = await superadmin.api.archive.run({ query: { cutoffDate, user: 'superadmin' } });
    expect(answer).toMatchObject({ status: 'success', totalContainersArchived: 700 });
    const runs = live.flatMap((message) => (message.type === 'archive.run.v1' ? [message] : []));
    expect(runs.every((message) => message.topic === 'archive')).toBe(true);
    const containers = runs.map((message) => message.data.counts.containers);
    // Opened at 0, then 500 after the first batch, 700 after the second, then done.
    expect(containers).toEqual(expect.arrayContaining([0, 500, 700]));
    expect(runs.at(-1)?.data.status).toBe('done');
  }, 120_000);
});
