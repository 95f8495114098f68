import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileBlobs } from '@openyard/server/adapters/blobs';
import { loadConfig } from '@openyard/server/config';
import type { JobContext } from '../job';
import { purgeOcrFramesJob } from './purge-ocr-frames.job';

const dataDir = mkdtempSync(join(tmpdir(), 'openyard-frames-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('PurgeOcrFrames', () => {
  it('deletes the day folders older than the retention and keeps the rest', async () => {
    const blobs = createFileBlobs(dataDir);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * 60 * 60_000).toISOString().slice(0, 10);
    const old = `frames/4/${day(10)}/Front-a.jpg`;
    const recent = `frames/4/${day(2)}/Front-b.jpg`;
    const today = `frames/5/${day(0)}/Rear-c.jpg`;
    for (const key of [old, recent, today]) await blobs.put(key, Buffer.from([0xff, 0xd8, 0xff]));
    const config = loadConfig({ DATA_DIR: dataDir, OCR_FRAME_RETENTION_DAYS: '7' });
    const context = { config, ocr: { blobs }, logger: pino({ level: 'silent' }) } as unknown as JobContext;
    await purgeOcrFramesJob.run({}, context);
    expect(await blobs.get(old)).toBeNull();
    expect(await blobs.list('frames/4')).toEqual([day(2)]);
    expect(await blobs.get(recent)).not.toBeNull();
    expect(await blobs.get(today)).not.toBeNull();
  });
});
