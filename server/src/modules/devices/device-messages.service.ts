import { and, asc, inArray, isNull, ne, or } from 'drizzle-orm';
import {
  deviceClockOff,
  deviceUsername,
  gateHealth,
  machineColour,
  readerHealth,
  topics,
  type DeviceMessage,
  type HealthThresholds,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { deviceLogsRepository, toDeviceLogEntry, type NewDeviceLog } from '../device-logs';
import { gatesRepository } from '../gates';
import { gateReaders, gates } from '../../db/schema';
import { itvs, machines } from '../../db/schema';
import { machinesRepository } from '../machines';
import { outboxRepository, type AfterCommit, type NewEvent } from '../outbox';
import { deviceCorrelationId } from '../../lib/correlation';
import type { TasksService } from '../tasks';
import type { YardLocationsService } from '../yard-locations';

// The device messages a worker processes, as ingest queued them (the job catalogue's schema).
export type { DeviceMessage };

const HOUR_MS = 60 * 60_000;
function distance(ms: number) {
  if (ms >= 365 * 24 * HOUR_MS) return `${Math.floor(ms / (365 * 24 * HOUR_MS))} years`;
  if (ms >= 48 * HOUR_MS) return `${Math.floor(ms / (24 * HOUR_MS))} days`;
  if (ms >= 2 * HOUR_MS) return `${Math.floor(ms / HOUR_MS)} hours`;
  return `${Math.max(1, Math.round(ms / 60_000))} minutes`;
}

// A timestamp past the ISO range (the schema caps only its lower end) is shown as the number sent.
function timestampText(timestamp: number) {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? String(timestamp) : date.toISOString();
}

export function clockOffMessage(timestamp: number, now: number) {
  const off = timestamp < now ? 'behind' : 'ahead of';
  return `Device clock not believed: its time ${timestampText(timestamp)} is ${distance(Math.abs(now - timestamp))} ${off} the server's; stored at its arrival time`;
}

const of = <K extends DeviceMessage['kind']>(items: DeviceMessage[], kind: K) =>
  items.filter((item): item is Extract<DeviceMessage, { kind: K }> => item.kind === kind);

// Writes one batch of device messages in one transaction with the events it causes.
export function createDeviceMessagesService(
  db: Database,
  deps: {
    thresholds: HealthThresholds;
    afterCommit: AfterCommit;
    tasks: TasksService;
    yardLocations: YardLocationsService;
  },
) {
  const { thresholds } = deps;

  async function processBatch(items: DeviceMessage[]) {
    const now = Date.now();
    // The yard zones machines are placed in: the copy in memory, read again only after a change.
    const zones = await deps.yardLocations.index();
    const written = await db.transaction(async (tx) => {
      const events: NewEvent[] = [];
      const logs: NewDeviceLog[] = [];

      // Readers: tag reads and heartbeats.
      const tagItems = of(items, 'readerTag');
      const statusItems = of(items, 'readerStatus');
      const readerIds = [...new Set([...tagItems, ...statusItems].map((item) => item.readerId))];
      const readers = readerIds.length
        ? await tx.select().from(gateReaders).where(inArray(gateReaders.id, readerIds))
        : [];
      const readerById = new Map(readers.map((reader) => [reader.id, reader]));
      const unknown = (deviceId: string, topic: string, messageId: string) =>
        logs.push({ deviceId, type: 'REJECTED', message: 'Unknown device: it is not registered', topic, messageId });
      // A device's clock may be wrong (a reader whose clock battery died sends 1970; a clock far
      // ahead would outrank every real message as the latest): a time outside the tolerance is not
      // believed, the message is stored at its arrival and the device log says so.
      const deviceTime = (
        deviceId: string,
        item: { topic: string; payload: { messageId: string; timestamp: number } },
      ): Date => {
        const { timestamp, messageId } = item.payload;
        if (!deviceClockOff(timestamp, now)) return new Date(timestamp);
        logs.push({
          deviceId,
          type: 'CLOCK_OFF',
          message: clockOffMessage(timestamp, now),
          topic: item.topic,
          messageId,
        });
        return new Date(now);
      };

      const tagRows = [];
      for (const item of tagItems) {
        const reader = readerById.get(item.readerId);
        if (!reader) {
          unknown(deviceUsername('reader', item.readerId), item.topic, item.payload.messageId);
          continue;
        }
        tagRows.push({
          readerId: reader.id,
          gateId: reader.gateId,
          tagId: item.payload.tagId,
          antenna: item.payload.antenna ?? null,
          rssi: item.payload.rssi ?? null,
          messageId: item.payload.messageId,
          readAt: deviceTime(deviceUsername('reader', reader.id), item),
        });
      }
      const insertedTags = await gatesRepository.insertTagReads(tx, tagRows);
      for (const row of insertedTags) {
        const details = [
          row.antenna !== null ? `antenna ${row.antenna}` : null,
          row.rssi !== null ? `rssi ${row.rssi}` : null,
        ].filter(Boolean);
        logs.push({
          deviceId: deviceUsername('reader', row.readerId),
          type: 'TAG_DATA',
          message: `Tag ${row.tagId} read${details.length ? ` (${details.join(', ')})` : ''}`,
          topic: topics.readerTag(row.readerId),
          messageId: row.messageId,
        });
        const correlationId = deviceCorrelationId(deviceUsername('reader', row.readerId), row.messageId);
        events.push({
          type: 'gate.tagRead',
          ...(correlationId ? { correlationId } : {}),
          data: {
            tagRead: {
              id: row.id,
              readerId: row.readerId,
              gateId: row.gateId,
              tagId: row.tagId,
              antenna: row.antenna,
              rssi: row.rssi,
              readAt: row.readAt.getTime(),
            },
          },
        });
      }

      const touched = new Map<number, { at: Date; rfStatus?: 'OK' | 'NOK' }>();
      const touch = (readerId: number, at: Date, rfStatus?: 'OK' | 'NOK') => {
        const current = touched.get(readerId);
        if (!current || current.at <= at)
          touched.set(readerId, {
            at,
            ...(rfStatus ? { rfStatus } : current?.rfStatus ? { rfStatus: current.rfStatus } : {}),
          });
      };
      for (const row of insertedTags) touch(row.readerId, row.readAt);
      for (const item of statusItems) {
        if (!readerById.has(item.readerId)) {
          unknown(deviceUsername('reader', item.readerId), item.topic, item.payload.messageId);
          continue;
        }
        const at = deviceTime(deviceUsername('reader', item.readerId), item);
        touch(item.readerId, at, item.payload.rfStatus);
        logs.push({
          deviceId: deviceUsername('reader', item.readerId),
          type: item.payload.rfStatus === 'OK' ? 'RF_OK' : 'RFNOK',
          message: item.payload.rfStatus === 'OK' ? 'Heartbeat: RF OK' : 'Heartbeat: RF not OK',
          topic: item.topic,
          messageId: item.payload.messageId,
        });
      }
      await gatesRepository.touchReaders(
        tx,
        [...touched].map(([id, update]) => ({ id, ...update })),
      );

      // A reader heard from again may change its health and its gate's at once (NOK → OK); the
      // gate's message also carries the new last-heard times, one per gate and batch.
      const touchedGates = new Set<number | null>();
      for (const [id, update] of touched) {
        const reader = readerById.get(id)!;
        const last = Math.max(reader.statusLastReceived?.getTime() ?? 0, update.at.getTime());
        const health = readerHealth(last, now, thresholds);
        if (health !== reader.healthStatus) await gatesRepository.setHealth(tx, [{ id, health }], []);
        touchedGates.add(reader.gateId);
      }
      events.push(...(await gateHealthEvents(tx, [...touchedGates], now)));

      // Machines and ITVs: positions in one INSERT each, the latest one kept on the machine.
      const telemetry = of(items, 'machineTelemetry');
      const machineIds = [...new Set([...telemetry, ...of(items, 'machineEvent')].map((item) => item.machineId))];
      const knownMachines = machineIds.length
        ? new Map(
            (await tx.select().from(machines).where(inArray(machines.id, machineIds))).map((row) => [row.id, row]),
          )
        : new Map<number, typeof machines.$inferSelect>();
      const positionRows = [];
      for (const item of telemetry) {
        if (!knownMachines.has(item.machineId)) {
          unknown(deviceUsername('machine', item.machineId), item.topic, item.payload.messageId);
          continue;
        }
        positionRows.push({
          machineId: item.machineId,
          latitude: item.payload.latitude,
          longitude: item.payload.longitude,
          heading: item.payload.heading ?? null,
          speed: item.payload.speed ?? null,
          machineStatus: item.payload.status ?? null,
          messageId: item.payload.messageId,
          recordedAt: deviceTime(deviceUsername('machine', item.machineId), item),
        });
      }
      const insertedPositions = await machinesRepository.insertMachinePositions(tx, positionRows);
      const latestByMachine = new Map<number, (typeof insertedPositions)[number]>();
      for (const row of insertedPositions) {
        const current = latestByMachine.get(row.machineId);
        if (!current || current.recordedAt <= row.recordedAt) latestByMachine.set(row.machineId, row);
      }
      const machineUpdates = [];
      for (const [machineId, row] of latestByMachine) {
        const machine = knownMachines.get(machineId)!;
        const status = row.machineStatus ?? machine.machineStatus;
        const colour = machineColour(status, row.recordedAt.getTime(), now, thresholds);
        machineUpdates.push({
          id: machineId,
          latitude: row.latitude,
          longitude: row.longitude,
          at: row.recordedAt,
          ...(row.machineStatus ? { status: row.machineStatus } : {}),
          colour,
        });
        events.push({
          type: 'machine.moved',
          data: {
            machineId,
            position: { latitude: row.latitude, longitude: row.longitude },
            yardZone: zones.at(row, 'YARD_ZONE')?.name ?? null,
            machineStatus: status,
            status: colour,
            lastDataReceived: row.recordedAt.getTime(),
          },
        });
      }
      await machinesRepository.setLatestMachines(tx, machineUpdates);

      const eventRows = [];
      for (const item of of(items, 'machineEvent')) {
        if (!knownMachines.has(item.machineId)) {
          unknown(deviceUsername('machine', item.machineId), item.topic, item.payload.messageId);
          continue;
        }
        eventRows.push({
          machineId: item.machineId,
          kind: item.payload.kind,
          tagId: item.payload.tagId ?? null,
          containerNumber: item.payload.containerNumber ?? null,
          height: item.payload.height ?? null,
          latitude: item.payload.latitude ?? null,
          longitude: item.payload.longitude ?? null,
          messageId: item.payload.messageId,
          occurredAt: deviceTime(deviceUsername('machine', item.machineId), item),
        });
      }
      // Picks and drops work the tasks and move containers in this transaction (issue 17); a
      // redelivered message id is not stored again, so it changes nothing again.
      const storedEvents = await machinesRepository.insertMachineEvents(tx, eventRows);
      const latestPosition = new Map(machineUpdates.map((update) => [update.id, update]));
      await deps.tasks.applyMachineEvents(
        tx,
        events,
        storedEvents.map((event) => {
          const machine = knownMachines.get(event.machineId)!;
          const latest = latestPosition.get(event.machineId);
          const latitude = latest?.latitude ?? machine.latitude;
          const longitude = latest?.longitude ?? machine.longitude;
          return {
            event,
            machine: {
              machineName: machine.machineName,
              position: latitude !== null && longitude !== null ? { latitude, longitude } : null,
            },
          };
        }),
      );

      const itvItems = of(items, 'itvPosition');
      const itvIds = [...new Set(itvItems.map((item) => item.itvId))];
      const knownItvs = new Set(
        itvIds.length
          ? (await tx.select({ id: itvs.id }).from(itvs).where(inArray(itvs.id, itvIds))).map((row) => row.id)
          : [],
      );
      const itvRows = [];
      for (const item of itvItems) {
        if (!knownItvs.has(item.itvId)) {
          unknown(deviceUsername('itv', item.itvId), item.topic, item.payload.messageId);
          continue;
        }
        itvRows.push({
          itvId: item.itvId,
          latitude: item.payload.latitude,
          longitude: item.payload.longitude,
          speed: item.payload.speed ?? null,
          messageId: item.payload.messageId,
          recordedAt: deviceTime(deviceUsername('itv', item.itvId), item),
        });
      }
      const insertedItv = await machinesRepository.insertItvPositions(tx, itvRows);
      const latestByItv = new Map<number, (typeof insertedItv)[number]>();
      for (const row of insertedItv) {
        const current = latestByItv.get(row.itvId);
        if (!current || current.recordedAt <= row.recordedAt) latestByItv.set(row.itvId, row);
      }
      const itvUpdates = [];
      for (const [itvId, row] of latestByItv) {
        const colour = machineColour(null, row.recordedAt.getTime(), now, thresholds);
        itvUpdates.push({ id: itvId, latitude: row.latitude, longitude: row.longitude, at: row.recordedAt, colour });
        events.push({
          type: 'itv.moved',
          data: {
            itvId,
            position: { latitude: row.latitude, longitude: row.longitude },
            status: colour,
            lastDataReceived: row.recordedAt.getTime(),
          },
        });
      }
      await machinesRepository.setLatestItvs(tx, itvUpdates);

      for (const item of of(items, 'rejected')) {
        logs.push({
          deviceId: item.deviceId,
          type: 'REJECTED',
          message: item.reason,
          topic: item.topic,
          messageId: item.messageId,
        });
      }

      const insertedLogs = await deviceLogsRepository.insert(tx, logs);
      for (const row of insertedLogs) {
        const correlationId = deviceCorrelationId(row.deviceId, row.messageId);
        events.push({
          type: 'device.logged',
          ...(correlationId ? { correlationId } : {}),
          data: { entry: toDeviceLogEntry(row) },
        });
      }
      return outboxRepository.add(tx, events);
    });
    deps.afterCommit(written);
  }

  return { processBatch };
}

const rfStatusOf = (value: string | null): 'OK' | 'NOK' | null => (value === 'OK' || value === 'NOK' ? value : null);

// The health of a gate and its readers as one live message (gate null: readers without a gate).
export async function gateHealthEvent(
  db: Database,
  gateId: number | null,
  now: number,
  thresholds?: HealthThresholds,
): Promise<NewEvent> {
  const [event] = await gateHealthEvents(db, [gateId], now, thresholds);
  return event!;
}

// The same for several gates at once: one query for their readers, one update per health value.
export async function gateHealthEvents(
  db: Database,
  gateIds: (number | null)[],
  now: number,
  thresholds?: HealthThresholds,
): Promise<NewEvent[]> {
  if (!gateIds.length) return [];
  const ids = gateIds.filter((id): id is number => id !== null);
  const withoutGate = ids.length < gateIds.length;
  const rows = await db
    .select()
    .from(gateReaders)
    .where(
      withoutGate
        ? ids.length
          ? or(inArray(gateReaders.gateId, ids), isNull(gateReaders.gateId))
          : isNull(gateReaders.gateId)
        : inArray(gateReaders.gateId, ids),
    )
    .orderBy(asc(gateReaders.id));
  const events: NewEvent[] = [];
  const gatesByHealth = new Map<string, number[]>();
  for (const gateId of gateIds) {
    const readers = rows
      .filter((row) => row.gateId === gateId)
      .map((row) => ({
        id: row.id,
        healthStatus: (thresholds
          ? readerHealth(row.statusLastReceived?.getTime() ?? null, now, thresholds)
          : row.healthStatus) as 'OK' | 'Idle' | 'NOK',
        statusLastReceived: row.statusLastReceived?.getTime() ?? null,
        rfStatus: rfStatusOf(row.rfStatus),
      }));
    const health = gateHealth(readers.map((reader) => reader.healthStatus));
    if (gateId !== null) gatesByHealth.set(health, [...(gatesByHealth.get(health) ?? []), gateId]);
    events.push({ type: 'gate.healthChanged', data: { gateId, healthStatus: health, readers } });
  }
  // Only gates whose health changed are written: a busy gate is touched by every batch.
  for (const [health, ids] of gatesByHealth)
    await db
      .update(gates)
      .set({ healthStatus: health })
      .where(and(inArray(gates.id, ids), ne(gates.healthStatus, health)));
  return events;
}

export type DeviceMessagesService = ReturnType<typeof createDeviceMessagesService>;
