import {
  deviceUsername,
  machineColour,
  messages,
  offsetFromOneBasedSkip,
  type HealthThresholds,
  type Itv,
  type ItvInput,
  type Machine,
  type MachineInput,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest, conflict, notFound } from '../../errors';
import type { DeviceAuthenticator } from '../device-logins';
import { registerDevice } from '../device-logins';
import { databaseError } from '../../lib/database-errors';
import { machinesRepository, type ItvRow, type MachineRow } from './machines.repository';

export function toMachine(row: MachineRow, now: number, thresholds: HealthThresholds): Machine {
  const last = row.lastDataReceived?.getTime() ?? null;
  return {
    id: row.id,
    machineName: row.machineName,
    machineType: row.machineType,
    machineStatus: row.machineStatus,
    isrfidInstalled: row.isrfidInstalled,
    zone: row.zone,
    position:
      row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null,
    lastDataReceived: last,
    status: machineColour(row.machineStatus, last, now, thresholds),
    mqttUsername: deviceUsername('machine', row.id),
  };
}

export function toItv(row: ItvRow, now: number, thresholds: HealthThresholds): Itv {
  const last = row.lastDataReceived?.getTime() ?? null;
  return {
    id: row.id,
    itvNumber: row.itvNumber,
    trailerNumber: row.trailerNumber,
    deviceInstalled: row.deviceInstalled,
    status: machineColour(null, last, now, thresholds),
    latitude: row.latitude,
    longitude: row.longitude,
    lastDataReceived: last,
    mqttUsername: deviceUsername('itv', row.id),
  };
}

function uniqueMessage(error: unknown, fallback: string): never {
  throw databaseError(error, {
    unique: ({ constraint }) => conflict(constraint?.includes('trailer') ? messages.itvTrailerTaken : fallback),
  });
}

export function createMachinesService(
  db: Database,
  deps: { thresholds: HealthThresholds; devices: DeviceAuthenticator },
) {
  const { thresholds } = deps;
  return {
    async machines() {
      const now = Date.now();
      return (await machinesRepository.machines(db)).map((row) => toMachine(row, now, thresholds));
    },

    // POST saves a new machine, or updates one when the body carries its id.
    async saveMachine(input: MachineInput) {
      try {
        return await db.transaction(async (tx) => {
          const values = {
            machineName: input.machineName.trim(),
            machineType: input.machineType.trim(),
            ...(input.machineStatus ? { machineStatus: input.machineStatus } : {}),
            ...(input.isrfidInstalled === undefined ? {} : { isrfidInstalled: input.isrfidInstalled }),
            ...(input.zone === undefined ? {} : { zone: input.zone }),
          };
          if (input.id) {
            const row = await machinesRepository.updateMachine(tx, input.id, values);
            if (!row) throw notFound();
            return { machine: toMachine(row, Date.now(), thresholds) };
          }
          const { row, credentials } = await registerDevice(tx, 'machine', (secretHash) =>
            machinesRepository.insertMachine(tx, { ...values, secretHash }),
          );
          return { machine: toMachine(row, Date.now(), thresholds), credentials };
        });
      } catch (error) {
        uniqueMessage(error, messages.machineNameTaken);
      }
    },

    async locations() {
      const now = Date.now();
      const rows = await machinesRepository.machines(db);
      return {
        locations: rows.map((row) => {
          const machine = toMachine(row, now, thresholds);
          return {
            machineId: machine.id,
            machineName: machine.machineName,
            machineTypeName: machine.machineType,
            status: machine.machineStatus,
            statusColour: machine.status,
            lastDataReceived: machine.lastDataReceived,
            position: machine.position,
          };
        }),
      };
    },

    async itvs(skip: number | undefined, limit: number) {
      const now = Date.now();
      const { rows, total } = await machinesRepository.itvPage(db, offsetFromOneBasedSkip(skip), limit);
      return { itvs: rows.map((row) => toItv(row, now, thresholds)), totalCount: total };
    },

    async createItv(input: ItvInput) {
      try {
        return await db.transaction(async (tx) => {
          const { row, credentials } = await registerDevice(tx, 'itv', (secretHash) =>
            machinesRepository.insertItv(tx, {
              itvNumber: input.itvNumber.trim(),
              trailerNumber: input.trailerNumber.trim(),
              deviceInstalled: input.deviceInstalled ?? true,
              secretHash,
            }),
          );
          return { itv: toItv(row, Date.now(), thresholds), credentials };
        });
      } catch (error) {
        uniqueMessage(error, messages.itvNumberTaken);
      }
    },

    async updateItv(input: ItvInput) {
      if (!input.id) throw badRequest('id is required');
      try {
        const row = await machinesRepository.updateItv(db, input.id, {
          itvNumber: input.itvNumber.trim(),
          trailerNumber: input.trailerNumber.trim(),
          ...(input.deviceInstalled === undefined ? {} : { deviceInstalled: input.deviceInstalled }),
        });
        if (!row) throw notFound();
        return { itv: toItv(row, Date.now(), thresholds) };
      } catch (error) {
        uniqueMessage(error, messages.itvNumberTaken);
      }
    },

    // DELETE with comma-joined ids (spec 2 §7).
    async deleteItvs(ids: string) {
      const parsed = ids.split(',').map((id) => Number(id.trim()));
      if (!parsed.length || parsed.some((id) => !Number.isInteger(id) || id < 1))
        throw badRequest('ids must be comma-separated ids');
      const deleted = await machinesRepository.deleteItvs(db, parsed);
      for (const { id } of deleted) deps.devices.forget(deviceUsername('itv', id));
      return deleted.length;
    },
  };
}

export type MachinesService = ReturnType<typeof createMachinesService>;
