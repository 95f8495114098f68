import { existsSync } from 'node:fs';
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Camera } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { renewDeviceCredentials, UNUSABLE_SECRET_HASH } from '../../modules/device-logins';
import { gateReaders, gates } from '../schema';
import { itvs, machines } from '../schema';

export interface DemoDevicesFile {
  readers: { id: number; gateId: number | null; username: string; password: string; silent?: boolean }[];
  cameras: { gateId: number; username: string; password: string; cameras: Camera[] }[];
  machines: { id: number; username: string; password: string }[];
  itvs: { id: number; username: string; password: string }[];
}

const DEMO_GATES: { name: string; type: 'IN' | 'OUT'; cameras: Camera[]; readers: string[] }[] = [
  { name: 'Gate 1', type: 'IN', cameras: ['Front', 'Rear', 'Top'], readers: ['G1-IN-A', 'G1-IN-B'] },
  { name: 'Gate 2', type: 'OUT', cameras: ['Front', 'Rear'], readers: ['G2-OUT-A', 'G2-OUT-B'] },
  { name: 'Gate 3', type: 'IN', cameras: ['Front', 'Rear', 'Side1'], readers: ['G3-IN-A'] },
];
// This reader is never heard from, so the screens show what Idle and NOK look like.
const SILENT_READER = 'G3-IN-SPARE';
const DEMO_MACHINES = [
  ['RS-01', 'Reach-Stacker'],
  ['RS-02', 'Reach-Stacker'],
  ['RS-03', 'Reach-Stacker'],
  ['RS-04', 'Reach-Stacker'],
  ['FL-01', 'Fork-Lift'],
  ['FL-02', 'Fork-Lift'],
  ['RTG-01', 'Rubber Tyre Gantry'],
] as const;

export function demoDevicesPath(dataDir: string) {
  return join(dataDir, 'demo-devices.json');
}

// Demo gates, readers, machines and ITVs, and a file with their MQTT logins for the simulator.
// Passwords are only kept hashed, so a lost file is made again by issuing new passwords.
export async function seedDemoDevices(db: Database, dataDir: string, center: { latitude: number; longitude: number }) {
  const file = demoDevicesPath(dataDir);
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(gates);
  if (count > 0 && existsSync(file)) return;
  const result: DemoDevicesFile = { readers: [], cameras: [], machines: [], itvs: [] };
  await db.transaction(async (tx) => {
    if (count === 0) {
      for (const [index, gate] of DEMO_GATES.entries()) {
        const [row] = await tx
          .insert(gates)
          .values({
            name: gate.name,
            type: gate.type,
            positionLat: center.latitude - 0.0012,
            positionLong: center.longitude - 0.0009 + index * 0.0006,
            camConfig: gate.cameras.map((camera) => ({ id: camera, name: `${gate.name} ${camera}` })),
            cameraSecretHash: UNUSABLE_SECRET_HASH,
          })
          .returning();
        for (const [readerIndex, name] of gate.readers.entries()) {
          await tx.insert(gateReaders).values({
            name,
            readerType: gate.type === 'IN' ? 'GATEIN' : 'GATEOUT',
            ip: `10.20.${index + 1}.${readerIndex + 11}`,
            gateId: row!.id,
            positionLat: row!.positionLat,
            positionLong: row!.positionLong,
            secretHash: UNUSABLE_SECRET_HASH,
          });
        }
        if (index === DEMO_GATES.length - 1) {
          await tx.insert(gateReaders).values({
            name: SILENT_READER,
            readerType: 'GATEIN',
            ip: '10.20.3.19',
            gateId: row!.id,
            secretHash: UNUSABLE_SECRET_HASH,
          });
        }
      }
      await tx.insert(machines).values(
        DEMO_MACHINES.map(([machineName, machineType]) => ({
          machineName,
          machineType,
          isrfidInstalled: true,
          secretHash: UNUSABLE_SECRET_HASH,
        })),
      );
      await tx.insert(itvs).values(
        Array.from({ length: 5 }, (_, i) => ({
          itvNumber: `ITV-${String(i + 1).padStart(2, '0')}`,
          trailerNumber: `MH04-TR-${1201 + i}`,
          secretHash: UNUSABLE_SECRET_HASH,
        })),
      );
    }
    for (const gate of await tx.select().from(gates)) {
      const login = (await renewDeviceCredentials(tx, 'camera', gate.id))!;
      result.cameras.push({
        gateId: gate.id,
        username: login.mqttUsername,
        password: login.mqttPassword,
        cameras: gate.camConfig.map((entry) => entry.id as Camera),
      });
    }
    for (const reader of await tx.select().from(gateReaders)) {
      const login = (await renewDeviceCredentials(tx, 'reader', reader.id))!;
      result.readers.push({
        id: reader.id,
        gateId: reader.gateId,
        username: login.mqttUsername,
        password: login.mqttPassword,
        ...(reader.name === SILENT_READER ? { silent: true } : {}),
      });
    }
    for (const machine of await tx.select().from(machines)) {
      const login = (await renewDeviceCredentials(tx, 'machine', machine.id))!;
      result.machines.push({ id: machine.id, username: login.mqttUsername, password: login.mqttPassword });
    }
    for (const itv of await tx.select().from(itvs)) {
      const login = (await renewDeviceCredentials(tx, 'itv', itv.id))!;
      result.itvs.push({ id: itv.id, username: login.mqttUsername, password: login.mqttPassword });
    }
  });
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(result, null, 2), { mode: 0o600 });
}
