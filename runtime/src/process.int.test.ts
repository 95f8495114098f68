import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeFrame, topics } from '@openyard/contracts';
import { openPglite } from '@openyard/server/adapters/db';
import { loadConfig } from '@openyard/server/config';
import { rowsOf } from '@openyard/server/db/bulk-insert';
import { seedDemoDevices, type DemoDevicesFile } from '@openyard/server/db/seed/demo-devices';
import { startOpenyard } from './process';
import { startTagStream } from './test/processes';
import { TEST_DATABASE } from '@openyard/server/test/test-app';

// A graceful stop of the embedded process (`npm start`, SIGTERM): intake first (uploads, ingest, the
// broker), then the jobs (finished, or kept in the database), the database last. Whatever a device
// had acknowledged is in the database after the stop. Runs once, in the PGlite run.

const folders: string[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => console.error(error));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe.runIf(TEST_DATABASE === 'pglite')('stopping the embedded process', () => {
  it('stops intake first and closes the database last, keeping every acknowledged message', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'openyard-stop-'));
    folders.push(dataDir);
    const lines: { level: number; msg: string; step?: string; err?: unknown }[] = [];
    const logger = pino(
      { level: 'debug' },
      { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      WEB_DIR: join(dataDir, 'no-web'),
      INGEST_CLIENT_ID: `oy-stop-${randomBytes(3).toString('hex')}`,
    });
    const openyard = await startOpenyard(config, logger);
    let stopped = false;
    cleanups.push(async () => !stopped && openyard.stop());
    // The demo's gates and devices, without the demo yard's containers.
    await seedDemoDevices(openyard.database.db, dataDir, config.yard.yardCenter);
    const devices = JSON.parse(readFileSync(join(dataDir, 'demo-devices.json'), 'utf8')) as DemoDevicesFile;
    const reader = devices.readers.find((entry) => !entry.silent && entry.gateId !== null)!;
    const camera = devices.cameras[0]!;

    const stream = await startTagStream({
      url: openyard.broker!.url,
      login: { username: reader.username, password: reader.password },
      readerId: reader.id,
      count: 5000,
      perSecond: 1000,
      maxInFlight: 100,
    });
    cleanups.push(() => stream.close());
    await stream.acceptedAtLeast(300);
    // Camera frames whose OCR jobs are queued (or running) when the stop begins.
    const cameraClient = await mqtt.connectAsync(openyard.broker!.url, {
      clientId: camera.username,
      username: camera.username,
      password: camera.password,
      reconnectPeriod: 0,
    });
    const frameIds = Array.from({ length: 6 }, () => randomUUID());
    await Promise.all(
      frameIds.map((messageId, index) =>
        cameraClient.publishAsync(
          topics.cameraFrame(camera.gateId, camera.cameras[0]!),
          Buffer.from(
            encodeFrame(
              { messageId, timestamp: Date.now() - (index + 1) * 10 * 60_000 },
              Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(1024)]),
            ),
          ),
          { qos: 1 },
        ),
      ),
    );
    await cameraClient.endAsync(true);

    // Stopped while the reader still publishes.
    await openyard.stop();
    stopped = true;
    await stream.close();
    expect(stream.published()).toBeLessThan(5000);

    const steps = lines.filter((line) => line.msg === 'shutdown step done').map((line) => line.step);
    expect(steps).toEqual(['http', 'ingest', 'machine tasks', 'broker', 'jobs', 'relay', 'bus', 'database']);
    // Nothing ran into a closed database or queue on the way down.
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);

    const database = await openPglite(dataDir);
    cleanups.push(() => database.close());
    const ids = async (query: string) =>
      rowsOf<{ id: string }>(await database.db.execute(sql.raw(query))).map((row) => row.id);
    const reads = new Set(await ids(`select message_id as id from tag_reads where message_id like '${stream.run}-%'`));
    expect([...stream.accepted].filter((id) => !reads.has(id))).toEqual([]);
    // Each frame was read before the stop, or its job kept for the next start.
    const frames = new Set([
      ...(await ids(`select message_id as id from ocr_frames where gate_id = ${camera.gateId}`)),
      ...(await ids(`select data->>'messageId' as id from queued_jobs where name = 'OcrFrame'`)),
    ]);
    expect(frameIds.filter((id) => !frames.has(id))).toEqual([]);
  }, 120_000);
});
