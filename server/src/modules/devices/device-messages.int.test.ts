import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_CLOCK_TOLERANCE } from '@openyard/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { deviceLogs } from '../../db/schema';
import { gateReaders, tagReads } from '../../db/schema';
import { machinePositions, machines } from '../../db/schema';

// The server's own device messages service (with the tasks and inventory it hands machine events to).
let t: TestApp;
let database: { db: TestApp['db'] };
let readerId: number;
let machineId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  database = { db: t.db };
  [{ id: readerId }] = (await database.db
    .insert(gateReaders)
    .values({ name: 'clock reader', ip: '10.0.0.9', secretHash: 'x' })
    .returning({ id: gateReaders.id })) as [{ id: number }];
  [{ id: machineId }] = (await database.db
    .insert(machines)
    .values({ machineName: 'clock crane', machineType: 'RTG', secretHash: 'x' })
    .returning({ id: machines.id })) as [{ id: number }];
});
afterAll(() => t.close());

const service = () => t.services.deviceMessages;

const logsOf = (messageId: string) => database.db.select().from(deviceLogs).where(eq(deviceLogs.messageId, messageId));

describe('device timestamps far from the server clock', () => {
  it('stores a tag read stamped 1970 at its arrival and flags it in the device log', async () => {
    const before = Date.now();
    await service().processBatch([
      {
        kind: 'readerTag',
        readerId,
        topic: `yard/readers/${readerId}/tag`,
        payload: { messageId: 'clock-1970', timestamp: 1, tagId: 'E2801160600002' },
      },
    ]);
    const [read] = await database.db.select().from(tagReads).where(eq(tagReads.messageId, 'clock-1970'));
    expect(read!.readAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(read!.readAt.getTime()).toBeLessThanOrEqual(Date.now());
    const logs = await logsOf('clock-1970');
    expect(logs.map((log) => log.type).sort()).toEqual(['CLOCK_OFF', 'TAG_DATA']);
    const flag = logs.find((log) => log.type === 'CLOCK_OFF')!;
    expect(flag.deviceId).toBe(`reader-${readerId}`);
    expect(flag.message).toMatch(/1970-01-01T00:00:00\.001Z is \d+ years behind the server's; stored at its arrival/);
  });

  it('flags a machine position from the far future and one past the date range, keeps a believable one', async () => {
    const now = Date.now();
    const position = (messageId: string, timestamp: number) => ({
      kind: 'machineTelemetry' as const,
      machineId,
      topic: `yard/machines/${machineId}/telemetry`,
      payload: { messageId, timestamp, latitude: 19.1, longitude: 72.9 },
    });
    const believable = now - DEVICE_CLOCK_TOLERANCE.pastMs + 60_000;
    await service().processBatch([
      position('clock-ahead', now + 2 * DEVICE_CLOCK_TOLERANCE.futureMs),
      position('clock-huge', Number.MAX_SAFE_INTEGER),
      position('clock-fine', believable),
    ]);
    const rows = await database.db.select().from(machinePositions).where(eq(machinePositions.machineId, machineId));
    const at = (messageId: string) => rows.find((row) => row.messageId === messageId)!.recordedAt.getTime();
    expect(at('clock-ahead')).toBeLessThan(now + DEVICE_CLOCK_TOLERANCE.futureMs);
    expect(at('clock-huge')).toBeLessThan(now + DEVICE_CLOCK_TOLERANCE.futureMs);
    expect(at('clock-fine')).toBe(believable);
    expect((await logsOf('clock-ahead')).map((log) => log.message)).toEqual([
      expect.stringMatching(/is 10 minutes ahead of the server's/),
    ]);
    expect((await logsOf('clock-huge')).map((log) => log.message)).toEqual([
      expect.stringContaining(`its time ${Number.MAX_SAFE_INTEGER} is`),
    ]);
    expect(await logsOf('clock-fine')).toEqual([]);
  });
});
