import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { JOB_CATALOGUE, JOB_NAMES, jobRequest } from '@openyard/contracts';
import { Writable } from 'node:stream';
import { createMemoryQueue, InvalidJobPayload, type JobHandler } from '@openyard/server/adapters/queue';
import { currentCorrelationId, withCorrelationId } from '@openyard/server/lib/correlation';
import { createMetrics } from '@openyard/server/lib/metrics';
import { eventually } from '@openyard/server/test/eventually';
import type { JobContext, JobDefinition } from './job';
import { jobHandler, JOBS, queueOf } from './registry';

// The job catalogue (contracts/src/jobs.ts) as the workers consume it: every job of it has one
// processor on its queue, and a payload that is not the job's fails the job for good, saying why.

const frame = {
  gateId: 3,
  camera: 'Front' as const,
  messageId: 'm-1',
  timestamp: 1_700_000_000_000,
  image: 'frames/3/x.jpg',
};

const context = { logger: pino({ level: 'silent' }) } as unknown as JobContext;

// A processor that records what it was given, under a catalogue name.
function recording<N extends JobDefinition['name']>(name: N) {
  const ran: unknown[] = [];
  const job = { name, run: async (data: unknown) => void ran.push(data) } as JobDefinition;
  return { job, ran };
}

describe('job catalogue', () => {
  it('has one processor per catalogued job, on the queue the catalogue names', () => {
    expect(JOBS.map((job) => job.name).sort()).toEqual([...JOB_NAMES].sort());
    expect(queueOf('OcrFrame')).toBe('ocr');
    expect(JOBS.filter((job) => queueOf(job.name) === 'ocr').map((job) => job.name)).toEqual(['OcrFrame']);
    expect(Object.keys(JOB_CATALOGUE)).toEqual(JOB_NAMES);
  });

  it('runs a job whose payload matches its schema', async () => {
    const { job, ran } = recording('OcrFrame');
    await jobHandler(job, context)(frame, { name: 'OcrFrame', id: 'a', attempt: 1 });
    expect(ran).toEqual([frame]);
  });

  it('refuses a payload that does not match, naming the job and the field, without running it', async () => {
    const { job, ran } = recording('OcrFrame');
    const handler = jobHandler(job, context);
    const run = handler({ ...frame, camera: 'Roof' }, { name: 'OcrFrame', id: 'a', attempt: 1 });
    await expect(run).rejects.toBeInstanceOf(InvalidJobPayload);
    await expect(run).rejects.toThrow(/^Job OcrFrame: the payload does not match its schema \(\/camera /);
    await expect(
      handler({ messages: [{ kind: 'readerTag' }] }, { name: 'OcrFrame', id: 'b', attempt: 1 }),
    ).rejects.toThrow('Job OcrFrame');
    const devices = recording('DeviceMessages');
    await expect(
      jobHandler(devices.job, context)(
        { messages: [{ kind: 'readerTag', readerId: 0, topic: 'yard/readers/0/tag', payload: {} }] },
        { name: 'DeviceMessages', id: undefined, attempt: 1 },
      ),
    ).rejects.toThrow(/^Job DeviceMessages: the payload does not match its schema \(\/messages\/0/);
    expect(ran).toEqual([]);
    expect(devices.ran).toEqual([]);
  });

  it('fails a job with a payload that does not match for good at its first attempt (no retries)', async () => {
    const queue = createMemoryQueue({ logger: pino({ level: 'silent' }) });
    const good = recording('OcrFrame');
    try {
      queue.process(new Map<string, JobHandler>([['OcrFrame', jobHandler(good.job, context)]]), {
        concurrency: 1,
      });
      await queue.addBulk([
        { name: 'OcrFrame', data: { ...frame, gateId: 'three' }, jobId: 'bad' },
        jobRequest('OcrFrame', frame, 'good'),
      ]);
      const [failed] = await eventually(async () => {
        const jobs = await queue.failed();
        return jobs.length ? jobs : null;
      });
      expect(failed).toMatchObject({ name: 'OcrFrame', id: 'bad' });
      expect(failed!.error).toMatch(/^Job OcrFrame: the payload does not match its schema \(\/gateId /);
      await eventually(async () => good.ran.length === 1);
      expect(good.ran).toEqual([frame]);
      expect(await queue.stats()).toMatchObject({ failed: 1, completed: 1 });
    } finally {
      await queue.close();
    }
  });

  it('runs a job with the correlation id it was queued with, in its log line and in hand', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    const logger = pino({ level: 'debug' }, stream);
    const metrics = createMetrics({ defaults: false });
    const queue = createMemoryQueue({ logger });
    const inHand: (string | undefined)[] = [];
    const job = {
      name: 'OcrFrame',
      run: async () => void inHand.push(currentCorrelationId()),
    } as JobDefinition;
    try {
      queue.process(new Map([['OcrFrame', jobHandler(job, { ...context, logger, metrics })]]), { concurrency: 1 });
      // Queued while a request is in hand: the job takes its id along.
      await withCorrelationId('req-7f3a', () => queue.addBulk([jobRequest('OcrFrame', frame, 'one')]));
      // Queued with an id of its own (a device message's).
      await queue.addBulk([{ ...jobRequest('OcrFrame', frame, 'two'), correlationId: 'camera-3/m-1' }]);
      await eventually(async () => inHand.length === 2);
      expect(inHand).toEqual(['req-7f3a', 'camera-3/m-1']);
      const done = await eventually(async () => {
        const found = lines.filter((line) => line.msg === 'job done');
        return found.length === 2 ? found : null;
      });
      expect(done.map((line) => [line.job, line.jobId, line.correlationId])).toEqual([
        ['OcrFrame', 'one', 'req-7f3a'],
        ['OcrFrame', 'two', 'camera-3/m-1'],
      ]);
      expect(await metrics.registry.getSingleMetricAsString('openyard_jobs_total')).toContain(
        'openyard_jobs_total{name="OcrFrame",outcome="completed"} 2',
      );
    } finally {
      await queue.close();
    }
  });

  it('logs a failed attempt with its correlation id', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    const logger = pino({ level: 'info' }, stream);
    const failing = { name: 'OcrFrame', run: () => Promise.reject(new Error('engine down')) } as JobDefinition;
    await expect(
      jobHandler(failing, { ...context, logger })(frame, {
        name: 'OcrFrame',
        id: 'x',
        attempt: 2,
        correlationId: 'reader-4/abc',
      }),
    ).rejects.toThrow('engine down');
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'job attempt failed',
        correlationId: 'reader-4/abc',
        attempt: 2,
        job: 'OcrFrame',
      }),
    ]);
  });
});
