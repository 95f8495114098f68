import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeFrame, topics } from '@openyard/contracts';
import { openPglite } from '@openyard/server/adapters/db';
import { rowsOf } from '@openyard/server/db/bulk-insert';
import type { DemoDevicesFile } from '@openyard/server/db/seed/demo-devices';
import { freePort, startEmbeddedProcess, startTagStream } from '../test/processes';
import { TEST_DATABASE } from '@openyard/server/test/test-app';
import { eventually, loginAt } from '../test/test-stack';

// The embedded topology (`npm start`: PGlite on disk, the in-process queue, aedes) as a child
// process, killed with SIGKILL while devices publish at QoS 1 and started again on the same DATA_DIR
// and port: what the broker acknowledged must be in the database. Runs once, in the PGlite run.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => console.error(error));
});

// The database a process left in DATA_DIR, opened in this test process while no process runs. A
// killed process's lock goes stale within 15 s; openPglite waits for it as a restart would.
async function readDatabase<T>(dataDir: string, read: (query: (text: string) => Promise<unknown[]>) => Promise<T>) {
  const database = await openPglite(dataDir);
  try {
    return await read(async (text) => rowsOf<unknown>(await database.db.execute(sql.raw(text))));
  } finally {
    await database.close();
  }
}

// What the database holds of one run: tag reads and OCR frames written, and the messages of jobs
// still queued (device messages, OCR frames).
async function durable(dataDir: string, run: string, gateId: number) {
  return readDatabase(dataDir, async (query) => {
    const ids = async (text: string) => (await query(text)).map((row) => (row as { id: string }).id);
    return {
      tagReads: await ids(`select message_id as id from tag_reads where message_id like '${run}-%'`),
      tagLogs: await ids(
        `select message_id as id from device_logs where type = 'TAG_DATA' and message_id like '${run}-%'`,
      ),
      frames: await ids(`select message_id as id from ocr_frames where gate_id = ${gateId}`),
      queuedTags: await ids(`select message->'payload'->>'messageId' as id from queued_jobs,
        json_array_elements(data->'messages') as message where name = 'DeviceMessages'`),
      queuedFrames: await ids(`select data->>'messageId' as id from queued_jobs where name = 'OcrFrame'`),
      queuedJobs: await ids(`select id::text as id from queued_jobs`),
    };
  });
}

const missingFrom = (expected: Iterable<string>, ...found: string[][]) => {
  const have = new Set(found.flat());
  return [...expected].filter((id) => !have.has(id));
};

describe.runIf(TEST_DATABASE === 'pglite')('the embedded process killed with SIGKILL', () => {
  it('keeps every device message and camera frame the broker acknowledged, and resumes their jobs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'openyard-embedded-kill-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const mqttPort = await freePort();
    // Seeding the demo yard into a new PGlite takes a minute on a busy machine.
    const first = await startEmbeddedProcess({ dataDir, mqttPort, demo: true, timeoutMs: 150_000 });
    cleanups.push(() => first.kill('SIGKILL'));
    const devices = JSON.parse(readFileSync(join(dataDir, 'demo-devices.json'), 'utf8')) as DemoDevicesFile;
    const reader = devices.readers.find((entry) => !entry.silent && entry.gateId !== null)!;
    const camera = devices.cameras[0]!;

    // Tag reads at QoS 1 from the reader's own login; mqtt.js sends the unacknowledged ones again
    // once it reconnects to the restarted process.
    const count = 3000;
    const stream = await startTagStream({
      url: first.brokerUrl,
      login: { username: reader.username, password: reader.password },
      readerId: reader.id,
      count,
      perSecond: 500,
      maxInFlight: 100,
    });
    cleanups.push(() => stream.close());
    await stream.acceptedAtLeast(800);

    // Camera frames (bytes no engine can read: each becomes a frame with its error) acknowledged just
    // before the kill, while their OCR jobs are still queued.
    const cameraClient = await mqtt.connectAsync(first.brokerUrl, {
      clientId: camera.username,
      username: camera.username,
      password: camera.password,
      reconnectPeriod: 0,
    });
    cleanups.push(() => cameraClient.endAsync(true));
    const frameIds = Array.from({ length: 8 }, () => randomUUID());
    const startedAt = Date.now() - 60 * 60_000;
    await Promise.all(
      frameIds.map((messageId, index) =>
        cameraClient.publishAsync(
          topics.cameraFrame(camera.gateId, camera.cameras[0]!),
          Buffer.from(
            encodeFrame(
              { messageId, timestamp: startedAt + index * 10 * 60_000 },
              Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(2048)]),
            ),
          ),
          { qos: 1 },
        ),
      ),
    );
    await first.kill('SIGKILL');
    const acceptedAtKill = new Set(stream.accepted);
    const publishedAtKill = stream.published();
    await cameraClient.endAsync(true);

    // As the killed process left it: every acknowledged message is a row, or in a stored job.
    const left = await durable(dataDir, stream.run, camera.gateId);
    expect(missingFrom(acceptedAtKill, left.tagReads, left.queuedTags)).toEqual([]);
    expect(missingFrom(frameIds, left.frames, left.queuedFrames)).toEqual([]);
    if (left.queuedFrames.length === 0)
      console.warn('Every OCR job had run before the kill: resuming them from the database went untested this time');

    // Started again on the same folder and port: the publisher reconnects and goes on.
    const second = await startEmbeddedProcess({ dataDir, mqttPort, timeoutMs: 90_000 });
    cleanups.push(() => second.kill('SIGKILL'));
    await stream.done;
    expect(publishedAtKill).toBeLessThan(count);
    expect(stream.accepted.size).toBe(count);

    // Until the restarted process has written every read and read every frame (each unreadable
    // frame leaves a line in the camera's device log).
    const session = await loginAt(second.baseUrl!);
    const logCount = async (device: string, filter: string) => {
      const response = await fetch(
        `${second.baseUrl}/rest/enterprise/devicelogs/${device}?filterString=${filter}&limit=1`,
        { headers: session.auth },
      );
      return ((await response.json()) as { totalCount: number }).totalCount;
    };
    await eventually(async () => (await logCount(reader.username, 'TAG_DATA')) >= count, 60_000);
    await eventually(async () => (await logCount(camera.username, 'All')) >= frameIds.length, 60_000);
    await second.kill('SIGTERM');

    const final = await durable(dataDir, stream.run, camera.gateId);
    expect(final.tagReads.length).toBe(count);
    expect(new Set(final.tagReads).size).toBe(count);
    expect(missingFrom(stream.accepted, final.tagReads)).toEqual([]);
    expect(final.tagLogs.length).toBe(count);
    expect(final.frames.sort()).toEqual([...frameIds].sort());
    expect(final.queuedJobs).toEqual([]);
  }, 400_000);
});
