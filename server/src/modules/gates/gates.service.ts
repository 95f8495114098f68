import { isIP } from 'node:net';
import {
  gateHealth,
  messages,
  readerHealth,
  deviceUsername,
  type Gate,
  type GateInput,
  type GateReader,
  type GateReaderInput,
  type HealthThresholds,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest, conflict, notFound } from '../../errors';
import type { DeviceAuthenticator } from '../device-logins';
import { registerDevice, renewDeviceCredentials } from '../device-logins';
import { commitWithEvents, type AfterCommit, type NewEvent } from '../outbox';
import { databaseError } from '../../lib/database-errors';
import { gatesRepository, type GateReaderRow, type GateRow } from './gates.repository';

export function toReader(
  row: GateReaderRow,
  gate: GateRow | undefined,
  now: number,
  thresholds: HealthThresholds,
): GateReader {
  const last = row.statusLastReceived?.getTime() ?? null;
  return {
    id: row.id,
    name: row.name,
    readerType: row.readerType,
    gate: gate ? { id: gate.id, name: gate.name } : null,
    ip: row.ip,
    positionLat: row.positionLat,
    positionLong: row.positionLong,
    statusLastReceived: last,
    rfStatus: row.rfStatus === 'OK' || row.rfStatus === 'NOK' ? row.rfStatus : null,
    healthStatus: readerHealth(last, now, thresholds),
    mqttUsername: deviceUsername('reader', row.id),
  };
}

function toGate(row: GateRow, readers: GateReader[]): Gate {
  return {
    id: row.id,
    name: row.name,
    type: row.type === 'OUT' ? 'OUT' : 'IN',
    positionLat: row.positionLat,
    positionLong: row.positionLong,
    camConfig: row.camConfig as Gate['camConfig'],
    readers,
    healthStatus: gateHealth(readers.map((reader) => reader.healthStatus)),
    cameraMqttUsername: deviceUsername('camera', row.id),
  };
}

function validateGate(input: GateInput) {
  if (!input.name?.trim()) throw badRequest(messages.gateNameEmpty);
  if (input.positionLat === undefined || input.positionLat === null) throw badRequest(messages.gateLatitudeEmpty);
  if (input.positionLong === undefined || input.positionLong === null) throw badRequest(messages.gateLongitudeEmpty);
  return { name: input.name.trim(), positionLat: input.positionLat, positionLong: input.positionLong };
}

function validateReader(input: GateReaderInput) {
  if (!input.name?.trim()) throw badRequest(messages.readerNameEmpty);
  if (!input.readerType?.trim()) throw badRequest(messages.readerTypeEmpty);
  if (!input.ip?.trim()) throw badRequest(messages.readerIpEmpty);
  if (!isIP(input.ip.trim())) throw badRequest(messages.readerIpInvalid);
  return { name: input.name.trim(), readerType: input.readerType.trim(), ip: input.ip.trim() };
}

export function createGatesService(
  db: Database,
  deps: { thresholds: HealthThresholds; afterCommit: AfterCommit; devices: DeviceAuthenticator },
) {
  const { thresholds } = deps;

  async function readerView(database: Database, row: GateReaderRow) {
    const gate = row.gateId === null ? undefined : await gatesRepository.gate(database, row.gateId);
    return toReader(row, gate, Date.now(), thresholds);
  }

  async function gateView(database: Database, row: GateRow) {
    const now = Date.now();
    const readers = await gatesRepository.readersOfGates(database, [row.id]);
    return toGate(
      row,
      readers.map((reader) => toReader(reader, row, now, thresholds)),
    );
  }

  // One transaction per change; its events go to the outbox in the same transaction.
  async function change<T>(work: (tx: Database, events: NewEvent[]) => Promise<T>, uniqueMessage: string): Promise<T> {
    try {
      return await commitWithEvents(db, deps.afterCommit, work);
    } catch (error) {
      throw databaseError(error, { unique: () => conflict(uniqueMessage) });
    }
  }

  const readerEvent = (reader: GateReader): NewEvent => ({ type: 'gate.readerChanged', data: { reader } });
  const gateEvent = (gateId: number): NewEvent => ({ type: 'gate.changed', data: { gateId } });

  return {
    async gates(): Promise<Gate[]> {
      const now = Date.now();
      const [gateRows, readerRows] = await Promise.all([gatesRepository.gates(db), gatesRepository.readers(db)]);
      return gateRows.map((gate) =>
        toGate(
          gate,
          readerRows
            .filter((reader) => reader.gateId === gate.id)
            .map((reader) => toReader(reader, gate, now, thresholds)),
        ),
      );
    },

    async gate(id: number) {
      const row = await gatesRepository.gate(db, id);
      if (!row) throw notFound();
      return gateView(db, row);
    },

    async createGate(input: GateInput) {
      const values = validateGate(input);
      return change(async (tx, events) => {
        const { row, credentials } = await registerDevice(tx, 'camera', (cameraSecretHash) =>
          gatesRepository.insertGate(tx, {
            ...values,
            type: input.type ?? 'IN',
            camConfig: input.camConfig ?? [],
            cameraSecretHash,
          }),
        );
        events.push(gateEvent(row.id));
        return { gate: await gateView(tx, row), credentials };
      }, messages.gateNameTaken);
    },

    async updateGate(id: number, input: GateInput) {
      const values = validateGate(input);
      return change(async (tx, events) => {
        const row = await gatesRepository.updateGate(tx, id, {
          ...values,
          ...(input.type ? { type: input.type } : {}),
          ...(input.camConfig ? { camConfig: input.camConfig } : {}),
        });
        if (!row) throw notFound();
        events.push(gateEvent(id));
        return { gate: await gateView(tx, row) };
      }, messages.gateNameTaken);
    },

    // Without deleteReaders the readers stay, unassociated (they appear under unused readers).
    async deleteGate(id: number, deleteReaders: boolean) {
      await change(async (tx, events) => {
        const readers = await gatesRepository.readersOfGates(tx, [id]);
        if (deleteReaders) {
          await gatesRepository.deleteReaders(
            tx,
            readers.map((reader) => reader.id),
          );
          for (const reader of readers) events.push({ type: 'gate.readerRemoved', data: { readerId: reader.id } });
        }
        if (!(await gatesRepository.deleteGate(tx, id))) throw notFound();
        events.push(gateEvent(id));
      }, messages.gateNameTaken);
      deps.devices.forget(deviceUsername('camera', id));
    },

    async renewGateCredentials(id: number) {
      const credentials = await change(async (tx) => {
        const renewed = await renewDeviceCredentials(tx, 'camera', id);
        if (!renewed) throw notFound();
        return renewed;
      }, messages.gateNameTaken);
      deps.devices.forget(credentials.mqttUsername);
      return credentials;
    },

    async readers() {
      const now = Date.now();
      const [gateRows, readerRows] = await Promise.all([gatesRepository.gates(db), gatesRepository.readers(db)]);
      const byId = new Map(gateRows.map((gate) => [gate.id, gate]));
      return readerRows.map((reader) =>
        toReader(reader, reader.gateId === null ? undefined : byId.get(reader.gateId), now, thresholds),
      );
    },

    async unusedReaders() {
      const now = Date.now();
      return (await gatesRepository.unusedReaders(db)).map((reader) => toReader(reader, undefined, now, thresholds));
    },

    async createReader(input: GateReaderInput) {
      const values = validateReader(input);
      return change(async (tx, events) => {
        const gateId = input.gate?.id ?? null;
        if (gateId !== null && !(await gatesRepository.gate(tx, gateId))) throw badRequest(messages.unknownGate);
        const { row, credentials } = await registerDevice(tx, 'reader', (secretHash) =>
          gatesRepository.insertReader(tx, {
            ...values,
            gateId,
            positionLat: input.positionLat ?? null,
            positionLong: input.positionLong ?? null,
            secretHash,
          }),
        );
        const reader = await readerView(tx, row);
        events.push(readerEvent(reader));
        return { reader, credentials };
      }, messages.readerNameTaken);
    },

    async updateReader(id: number, input: GateReaderInput) {
      const values = validateReader(input);
      return change(async (tx, events) => {
        const gateId = input.gate === undefined ? undefined : (input.gate?.id ?? null);
        if (gateId && !(await gatesRepository.gate(tx, gateId))) throw badRequest(messages.unknownGate);
        const row = await gatesRepository.updateReader(tx, id, {
          ...values,
          ...(gateId === undefined ? {} : { gateId }),
          ...(input.positionLat === undefined ? {} : { positionLat: input.positionLat }),
          ...(input.positionLong === undefined ? {} : { positionLong: input.positionLong }),
        });
        if (!row) throw notFound();
        const reader = await readerView(tx, row);
        events.push(readerEvent(reader));
        return { reader };
      }, messages.readerNameTaken);
    },

    async deleteReader(id: number, gateId?: number) {
      await change(async (tx, events) => {
        const row = await gatesRepository.reader(tx, id);
        if (!row || (gateId !== undefined && row.gateId !== gateId)) throw notFound();
        await gatesRepository.deleteReaders(tx, [id]);
        events.push({ type: 'gate.readerRemoved', data: { readerId: id } });
      }, messages.readerNameTaken);
      deps.devices.forget(deviceUsername('reader', id));
    },

    async disassociateReader(gateId: number, readerId: number) {
      return change(async (tx, events) => {
        const row = await gatesRepository.reader(tx, readerId);
        if (!row || row.gateId !== gateId) throw notFound();
        const updated = (await gatesRepository.updateReader(tx, readerId, { gateId: null }))!;
        const reader = await readerView(tx, updated);
        events.push(readerEvent(reader), gateEvent(gateId));
        return { reader };
      }, messages.readerNameTaken);
    },

    async renewReaderCredentials(id: number) {
      const credentials = await change(async (tx) => {
        const renewed = await renewDeviceCredentials(tx, 'reader', id);
        if (!renewed) throw notFound();
        return renewed;
      }, messages.readerNameTaken);
      deps.devices.forget(credentials.mqttUsername);
      return credentials;
    },
  };
}

export type GatesService = ReturnType<typeof createGatesService>;
