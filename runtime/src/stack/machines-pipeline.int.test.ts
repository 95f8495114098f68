import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deviceLogs, itvPositions, machinePositions, machines } from '@openyard/server/db/schema';
import { TEST_DATABASE } from '@openyard/server/test/test-app';
import { topics } from '@openyard/contracts';
import { eventually, startTestStack, type TestStack } from '../test/test-stack';

// The PGlite run checks the embedded topology, the PostgreSQL run the real services.
const mode = TEST_DATABASE === 'postgres' ? 'services' : 'embedded';

let t: TestStack;

beforeAll(async () => {
  t = await startTestStack(mode);
}, 90_000);
afterEach(() => t?.closeDevices());
afterAll(() => t?.stop());

// Issue 17: telemetry with impossible coordinates is refused at ingest, into the device log, and
// never becomes a position (the demo yard is at YARD_CENTER 18.9490,72.9510).
describe(`machine and ITV positions far from the yard (${mode})`, () => {
  it('refuses 0,0 and a position across the world with a device log entry, and keeps the real one', async () => {
    const machine = t.devices.machines[0]!;
    const client = await t.device(machine.username, machine.password);
    const session = await t.login('superadmin');
    const live = await t.live(session.cookie, ['machines']);
    const publish = (messageId: string, latitude: number, longitude: number) =>
      client.publishAsync(
        topics.machineTelemetry(machine.id),
        JSON.stringify({ messageId, timestamp: Date.now(), latitude, longitude, status: 'Working' }),
        { qos: 1 },
      );
    const noFix = t.newMessageId();
    const sydney = t.newMessageId();
    const real = t.newMessageId();
    await publish(noFix, 0, 0);
    await publish(sydney, -33.8568, 151.2153);
    await publish(real, 18.9493, 72.9507);

    const position = await live.waitFor((m) => m.type === 'machine.position.v1' && m.data.machineId === machine.id);
    expect(position).toMatchObject({ data: { position: { latitude: 18.9493, longitude: 72.9507 } } });
    const rejected = await eventually(async () => {
      const rows = await t.db
        .select()
        .from(deviceLogs)
        .where(and(eq(deviceLogs.deviceId, machine.username), inArray(deviceLogs.messageId, [noFix, sydney])));
      return rows.length === 2 ? rows : null;
    });
    expect(rejected.map((row) => [row.type, row.messageId, row.message]).sort()).toEqual(
      [
        ['REJECTED', noFix, 'Position refused: 0,0 is what a receiver without a fix reports'],
        ['REJECTED', sydney, expect.stringMatching(/^Position refused: -33.8568,151.2153 is [\d,]+ km from the yard/)],
      ].sort(),
    );
    const stored = await t.db
      .select({ messageId: machinePositions.messageId })
      .from(machinePositions)
      .where(inArray(machinePositions.messageId, [noFix, sydney, real]));
    expect(stored).toEqual([{ messageId: real }]);
    const [row] = await t.db.select().from(machines).where(eq(machines.id, machine.id));
    expect({ latitude: row?.latitude, longitude: row?.longitude }).toEqual({ latitude: 18.9493, longitude: 72.9507 });
  });

  it('refuses an ITV position far away as well', async () => {
    const itv = t.devices.itvs[0]!;
    const client = await t.device(itv.username, itv.password);
    const far = t.newMessageId();
    await client.publishAsync(
      topics.itvPosition(itv.id),
      JSON.stringify({ messageId: far, timestamp: Date.now(), latitude: 51.5, longitude: -0.12 }),
      { qos: 1 },
    );
    const [entry] = await eventually(async () => {
      const rows = await t.db.select().from(deviceLogs).where(eq(deviceLogs.messageId, far));
      return rows.length ? rows : null;
    });
    expect(entry).toMatchObject({ deviceId: itv.username, type: 'REJECTED' });
    expect(entry?.message).toMatch(/^Position refused: 51.5,-0.12 is [\d,]+ km from the yard/);
    expect(await t.db.select().from(itvPositions).where(eq(itvPositions.messageId, far))).toHaveLength(0);
  });
});
