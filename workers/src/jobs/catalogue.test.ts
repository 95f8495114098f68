import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { JOB_CATALOGUE, JOB_NAMES, jobRequest } from '@openyard/contracts';
import { createMemoryQueue, InvalidJobPayload, type JobHandler } from '@openyard/server/adapters/queue';
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
    await jobHandler(job, {} as JobContext)(frame, { name: 'OcrFrame', id: 'a', attempt: 1 });
    expect(ran).toEqual([frame]);
  });

  it('refuses a payload that does not match, naming the job and the field, without running it', async () => {
    const { job, ran } = recording('OcrFrame');
    const handler = jobHandler(job, {} as JobContext);
    const run = handler({ ...frame, camera: 'Roof' }, { name: 'OcrFrame', id: 'a', attempt: 1 });
    await expect(run).rejects.toBeInstanceOf(InvalidJobPayload);
    await expect(run).rejects.toThrow(/^Job OcrFrame: the payload does not match its schema \(\/camera /);
    await expect(
      handler({ messages: [{ kind: 'readerTag' }] }, { name: 'OcrFrame', id: 'b', attempt: 1 }),
    ).rejects.toThrow('Job OcrFrame');
    const devices = recording('DeviceMessages');
    await expect(
      jobHandler(devices.job, {} as JobContext)(
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
      queue.process(new Map<string, JobHandler>([['OcrFrame', jobHandler(good.job, {} as JobContext)]]), {
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
});
