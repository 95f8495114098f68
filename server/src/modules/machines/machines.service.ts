import {
  deviceUsername,
  machineColour,
  machineLabels,
  messages,
  offsetFromOneBasedSkip,
  type HealthThresholds,
  type Itv,
  type ItvInput,
  type ItvNumbersQuery,
  type Machine,
  type MachineInput,
  type MachineMarker,
  type MachineNameQuery,
  type MachinesYardMap,
  type MachinesYardMapRequest,
  type YardLocationIndex,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest, conflict, notFound } from '../../errors';
import type { DeviceAuthenticator } from '../device-logins';
import { registerDevice } from '../device-logins';
import { databaseError } from '../../lib/database-errors';
import { commitWithEvents, type AfterCommit } from '../outbox';
import type { YardLayoutService } from '../yard';
import type { YardLocationsService } from '../yard-locations';
import { machinesRepository, type ItvRow, type MachineRow } from './machines.repository';

// `zones`: the yard's locations, for the yard zone its position is in (spec 3 §3).
export function toMachine(
  row: MachineRow,
  now: number,
  thresholds: HealthThresholds,
  zones: YardLocationIndex,
): Machine {
  const last = row.lastDataReceived?.getTime() ?? null;
  const position =
    row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;
  return {
    id: row.id,
    machineName: row.machineName,
    machineType: row.machineType,
    machineStatus: row.machineStatus,
    isrfidInstalled: row.isrfidInstalled,
    zone: row.zone,
    position,
    yardZone: position ? (zones.at(position, 'YARD_ZONE')?.name ?? null) : null,
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

// A taken name or number, answered on the form field it is about (spec 2 §5: a unique-validity
// error on the field).
function uniqueMessage(error: unknown, fallback: { message: string; field: string }): never {
  throw databaseError(error, {
    unique: ({ constraint }) =>
      constraint?.includes('trailer')
        ? conflict(messages.itvTrailerTaken, 'trailerNumber')
        : conflict(fallback.message, fallback.field),
  });
}

const machineNameTaken = { message: messages.machineNameTaken, field: 'machineName' };
const itvNumberTaken = { message: messages.itvNumberTaken, field: 'itvNumber' };

// The yard's wall clock, as the print shows it ("2026-11-27 10:15:03").
function yardClock(epochMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(epochMs);
}

export function createMachinesService(
  db: Database,
  deps: {
    thresholds: HealthThresholds;
    devices: DeviceAuthenticator;
    afterCommit: AfterCommit;
    layout: YardLayoutService;
    yardLocations: YardLocationsService;
    timeZone: string;
  },
) {
  const { thresholds } = deps;

  async function machines() {
    const now = Date.now();
    const [rows, zones] = await Promise.all([machinesRepository.machines(db), deps.yardLocations.index()]);
    return rows.map((row) => toMachine(row, now, thresholds, zones));
  }

  return {
    machines,

    // POST saves a new machine, or updates one when the body carries its id; screens hear of it
    // on the machines topic.
    async saveMachine(input: MachineInput) {
      const zones = await deps.yardLocations.index();
      try {
        return await commitWithEvents(db, deps.afterCommit, async (tx, events) => {
          const values = {
            machineName: input.machineName.trim(),
            machineType: input.machineType.trim(),
            ...(input.machineStatus ? { machineStatus: input.machineStatus.trim() } : {}),
            ...(input.isrfidInstalled === undefined ? {} : { isrfidInstalled: input.isrfidInstalled }),
            ...(input.zone === undefined ? {} : { zone: input.zone?.trim() || null }),
          };
          if (!values.machineName) throw badRequest('Machine name is required', 'machineName');
          if (!values.machineType) throw badRequest('Machine type is required', 'machineType');
          if (input.id) {
            const row = await machinesRepository.updateMachine(tx, input.id, values);
            if (!row) throw notFound();
            const machine = toMachine(row, Date.now(), thresholds, zones);
            events.push({ type: 'machine.saved', data: { machine } });
            return { machine };
          }
          const { row, credentials } = await registerDevice(tx, 'machine', (secretHash) =>
            machinesRepository.insertMachine(tx, { ...values, secretHash }),
          );
          const machine = toMachine(row, Date.now(), thresholds, zones);
          events.push({ type: 'machine.saved', data: { machine } });
          return { machine, credentials };
        });
      } catch (error) {
        uniqueMessage(error, machineNameTaken);
      }
    },

    async nameTaken(query: MachineNameQuery) {
      const name = query.machineName.trim();
      return { taken: name !== '' && (await machinesRepository.machineNameTaken(db, name, query.id)) };
    },

    // What goes with a printed or saved yard map (spec 2 §7 `responseMap.printObject`): the markers
    // with their labels and colours at this moment, the yard's outline, the title and file name.
    async yardMap(request: MachinesYardMapRequest): Promise<MachinesYardMap> {
      const now = Date.now();
      const [rows, layout, zones] = await Promise.all([
        machinesRepository.machines(db),
        deps.layout.layout(),
        deps.yardLocations.index(),
      ]);
      // Labels go by every machine, so that a machine has the same letter on the print as on screen.
      const labels = machineLabels(rows.map((row) => row.id));
      const wanted = request.machineIds ? new Set(request.machineIds) : null;
      const dataprovider = rows
        .filter((row) => wanted === null || wanted.has(row.id))
        .map((row): MachineMarker => {
          const machine = toMachine(row, now, thresholds, zones);
          return {
            machineId: machine.id,
            label: labels.get(machine.id)!,
            markerImageName: `marker-${machine.status}`,
            machineName: machine.machineName,
            machineTypeName: machine.machineType,
            machineStatusName: machine.machineStatus,
            statusColour: machine.status,
            lastDataReceivedTime: machine.lastDataReceived,
            position: machine.position,
          };
        })
        .sort((a, b) => a.machineId - b.machineId);
      const clock = yardClock(now, deps.timeZone);
      return {
        responsestatus: 'success',
        responseMap: {
          printObject: {
            imageName: `machines-yard-map-${clock.replace(' ', '-').replaceAll(':', '')}.png`,
            title: `Machines on the yard map · ${clock} (${deps.timeZone})`,
            printedAt: now,
            dataprovider,
            areas: layout.areaLayouts.flatMap((area) =>
              area.corners ? [{ name: area.name, corners: area.corners }] : [],
            ),
          },
        },
      };
    },

    async locations() {
      const now = Date.now();
      const [rows, zones] = await Promise.all([machinesRepository.machines(db), deps.yardLocations.index()]);
      return {
        locations: rows.map((row) => {
          const machine = toMachine(row, now, thresholds, zones);
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

    async itvNumbersTaken(query: ItvNumbersQuery) {
      const taken = async (column: 'itvNumber' | 'trailerNumber', value: string | undefined) =>
        value !== undefined &&
        value.trim() !== '' &&
        (await machinesRepository.itvNumberTaken(db, column, value.trim(), query.id));
      const [itvNumberTaken, trailerNumberTaken] = await Promise.all([
        taken('itvNumber', query.itvNumber),
        taken('trailerNumber', query.trailerNumber),
      ]);
      return { itvNumberTaken, trailerNumberTaken };
    },

    async createItv(input: ItvInput) {
      const values = { itvNumber: input.itvNumber.trim(), trailerNumber: input.trailerNumber.trim() };
      if (!values.itvNumber) throw badRequest('ITV number is required', 'itvNumber');
      if (!values.trailerNumber) throw badRequest('Trailer number is required', 'trailerNumber');
      try {
        return await commitWithEvents(db, deps.afterCommit, async (tx, events) => {
          const { row, credentials } = await registerDevice(tx, 'itv', (secretHash) =>
            machinesRepository.insertItv(tx, { ...values, deviceInstalled: input.deviceInstalled ?? true, secretHash }),
          );
          const itv = toItv(row, Date.now(), thresholds);
          events.push({ type: 'itv.changed', data: { itvId: itv.id, itv } });
          return { itv, credentials };
        });
      } catch (error) {
        uniqueMessage(error, itvNumberTaken);
      }
    },

    async updateItv(input: ItvInput) {
      if (!input.id) throw badRequest('id is required', 'id');
      const id = input.id;
      const values = { itvNumber: input.itvNumber.trim(), trailerNumber: input.trailerNumber.trim() };
      if (!values.itvNumber) throw badRequest('ITV number is required', 'itvNumber');
      if (!values.trailerNumber) throw badRequest('Trailer number is required', 'trailerNumber');
      try {
        return await commitWithEvents(db, deps.afterCommit, async (tx, events) => {
          const row = await machinesRepository.updateItv(tx, id, {
            ...values,
            ...(input.deviceInstalled === undefined ? {} : { deviceInstalled: input.deviceInstalled }),
          });
          if (!row) throw notFound();
          const itv = toItv(row, Date.now(), thresholds);
          events.push({ type: 'itv.changed', data: { itvId: itv.id, itv } });
          return { itv };
        });
      } catch (error) {
        uniqueMessage(error, itvNumberTaken);
      }
    },

    // DELETE with comma-joined ids (spec 2 §7): the ones still there (another user may have deleted
    // one of a selection meanwhile); the answer says how many.
    async deleteItvs(ids: string) {
      const parsed = [...new Set(ids.split(',').map((id) => Number(id.trim())))];
      if (!parsed.length || parsed.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647))
        throw badRequest(messages.idsInvalid, 'ids');
      const deleted = await commitWithEvents(db, deps.afterCommit, async (tx, events) => {
        const rows = await machinesRepository.deleteItvs(tx, parsed);
        for (const { id } of rows) events.push({ type: 'itv.changed', data: { itvId: id, itv: null } });
        return rows;
      });
      for (const { id } of deleted) deps.devices.forget(deviceUsername('itv', id));
      return deleted.length;
    },
  };
}

export type MachinesService = ReturnType<typeof createMachinesService>;
