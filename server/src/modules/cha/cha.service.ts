import {
  ACTIVITY_GROUPS,
  CHA_SEARCH_LIMIT,
  chaAgentProblem,
  chaAllocationProblem,
  chaContactsProblem,
  messages,
  type Activity,
  type ChaAgentInput,
  type ChaAllocation,
  type ChaAllocationInput,
  type ChaAllocationSaved,
  type ChaAgentSaved,
  type ChaCurrentAllocation,
  type GateCountAlert,
  type VehicleDetail,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest, conflict, notFound } from '../../errors';
import { databaseError, type DatabaseAnswers } from '../../lib/database-errors';
import type { Principal } from '../auth';
import type { MasterDataService } from '../master-data';
import { commitWithEvents, type AfterCommit, type NewEvent } from '../outbox';
import { chaRepository as repository, toChaAgent, toChaAllocation, type ChaAllocationRow } from './cha.repository';

const SUCCESS = 'success';

// The CHA tables' refusals in words, for what the service's own checks could not see coming (a
// concurrent save, an equipment or delivery type deleted meanwhile).
const answers = (registrationNumber = ''): DatabaseAnswers => ({
  unique: ({ constraint }) =>
    constraint === 'cha_agents_registration_unique'
      ? conflict(messages.chaRegistrationTaken(registrationNumber), 'registrationNumber')
      : conflict(messages.chaSaveFailed),
  foreignKey: ({ constraint }) =>
    constraint?.includes('equipment')
      ? badRequest(messages.chaUnknownEquipment, 'equipments')
      : constraint?.includes('agent')
        ? notFound(messages.chaNotFound)
        : badRequest(messages.chaSaveFailed, 'allowedDeliveries'),
  check: ({ constraint }) =>
    constraint?.startsWith('cha_vehicle_details')
      ? badRequest(messages.chaAllowedBelowSizes('a delivery type'), 'allowedDeliveries')
      : badRequest(messages.chaSaveFailed),
  busy: () => conflict(messages.chaSaveFailed),
});

// What the trailer gate-in's count comes to (countGateIn): counted (with the agent the detail
// belongs to), the Gate Count Alert to ask, or a refusal of the form's CHA fields.
export type GateInCount =
  | { kind: 'none' }
  // vehicleDetailId null: the agent has no allocation for the delivery type; the visit names the
  // agent and nothing is counted.
  | { kind: 'counted'; chaId: number; vehicleDetailId: number | null }
  | { kind: 'alert'; alert: GateCountAlert }
  | { kind: 'refused'; message: string; field: string };

export interface ChaServiceDependencies {
  masterData: MasterDataService;
  afterCommit: AfterCommit;
}

// What tells /cha-vehicles an agent's allocation changed (its figures, or a gate-in's count).
export const chaAllocationChanged = (agentId: number): NewEvent => ({
  type: 'cha.allocationChanged',
  data: { agentId },
});

// CHA vehicles (spec 1 §2, §3, §5, §8; spec 3 §7 /rest/enterprise/cha/*): agents and their
// contacts, allocations of vehicles per delivery type with equipments, and the trailer gate-in's
// count against them (countGateIn, called by the gate in its own transaction).
export function createChaService(db: Database, deps: ChaServiceDependencies) {
  async function write<T>(
    work: (tx: Database, events: NewEvent[]) => Promise<T>,
    registrationNumber?: string,
  ): Promise<T> {
    try {
      return await commitWithEvents(db, deps.afterCommit, work);
    } catch (error) {
      throw databaseError(error, answers(registrationNumber));
    }
  }

  async function existingAgent(database: Database, id: number) {
    const agent = await repository.agent(database, id);
    if (!agent) throw notFound(messages.chaNotFound);
    return agent;
  }

  async function allocationOf(database: Database, row: ChaAllocationRow): Promise<ChaAllocation> {
    const [details, equipments] = [
      await repository.details(database, row.id),
      await repository.allocationEquipments(database, row.id),
    ];
    return toChaAllocation(row, details, equipments);
  }

  const deliveryTypes = (): Promise<Activity[]> => deps.masterData.activities(ACTIVITY_GROUPS.vehicle);

  // The input's figures per delivery type, checked: each key names its delivery type (spec 1 §3
  // "keyed by delivery type name"), each type is a VEHICLE GATE-IN activity, the counts are
  // consistent (spec 1 §5); the equipments exist.
  // The delivery types are read before the save's transaction: master data reads on its own
  // connection, which on PGlite's single one would wait for this transaction to end.
  async function checkedInput(database: Database, input: ChaAllocationInput, deliveryTypeList: readonly Activity[]) {
    const problem = chaAllocationProblem(input.allowedDeliveries);
    if (problem) throw badRequest(problem.message, problem.field);
    const types = new Map(deliveryTypeList.map((type) => [type.activityId, type]));
    const rows = Object.entries(input.allowedDeliveries).map(([key, entry]) => {
      const type = types.get(entry.deliveryType.activityId);
      if (!type) throw badRequest(messages.chaUnknownDeliveryType(key), `allowedDeliveries.${key}`);
      if (type.activityName.toLowerCase() !== key.trim().toLowerCase())
        throw badRequest(messages.chaDeliveryTypeKey(key, type.activityName), `allowedDeliveries.${key}`);
      return {
        activityId: type.activityId,
        allowedCount: entry.allowedCount,
        allowed20: entry.allowed20,
        allowed40: entry.allowed40,
      };
    });
    const equipmentIds = [...new Set(input.equipments.map((equipment) => equipment.id))];
    const known = await repository.existingEquipmentIds(database, equipmentIds);
    if (known.length !== equipmentIds.length) throw badRequest(messages.chaUnknownEquipment, 'equipments');
    return { rows, equipmentIds };
  }

  return {
    deliveryTypes,

    async search(query: string | undefined) {
      return (await repository.search(db, (query ?? '').trim(), CHA_SEARCH_LIMIT)).map(toChaAgent);
    },

    async agent(id: number) {
      return toChaAgent(await existingAgent(db, id));
    },

    equipments: () => repository.equipments(db),

    // POST /rest/enterprise/cha: a new agent (beyond the catalogue: see contracts/src/cha.ts).
    async create(input: ChaAgentInput): Promise<ChaAgentSaved> {
      const problem = chaAgentProblem(input);
      if (problem) throw badRequest(problem.message, problem.field);
      const registrationNumber = input.registrationNumber.trim();
      return write(async (tx) => {
        const row = await repository.insertAgent(tx, {
          name: input.name.trim(),
          registrationNumber,
          contacts: (input.contacts ?? []).map((contact) => contact.trim()),
        });
        return { responsestatus: SUCCESS, message: messages.chaAgentAdded, agent: toChaAgent(row) };
      }, registrationNumber);
    },

    async updateContacts(id: number, contacts: readonly string[]): Promise<ChaAgentSaved> {
      const problem = chaContactsProblem(contacts);
      if (problem) throw badRequest(problem.message, problem.field);
      return write(async (tx) => {
        const row = await repository.updateContacts(
          tx,
          id,
          contacts.map((contact) => contact.trim()),
        );
        if (!row) throw notFound(messages.chaNotFound);
        return { responsestatus: SUCCESS, message: messages.chaContactsSaved, agent: toChaAgent(row) };
      });
    },

    async allocation(agentId: number): Promise<ChaCurrentAllocation> {
      await existingAgent(db, agentId);
      const row = await repository.currentAllocation(db, agentId);
      return row ? allocationOf(db, row) : null;
    },

    // POST {id}/allocation: a new current allocation, its counts from zero.
    async createAllocation(
      agentId: number,
      input: ChaAllocationInput,
      principal: Principal,
    ): Promise<ChaAllocationSaved> {
      const types = await deliveryTypes();
      return write(async (tx, events) => {
        await existingAgent(tx, agentId);
        const { rows, equipmentIds } = await checkedInput(tx, input, types);
        const row = await repository.insertAllocation(tx, agentId, principal.username);
        await repository.upsertDetails(tx, row.id, rows);
        await repository.replaceEquipments(tx, row.id, equipmentIds);
        events.push(chaAllocationChanged(agentId));
        return {
          responsestatus: SUCCESS,
          message: messages.chaAllocationSaved,
          allocation: await allocationOf(tx, row),
        };
      });
    },

    // PUT {id}/allocation/{allocId}: new figures and equipments; what has gated in stays counted.
    async updateAllocation(
      agentId: number,
      allocationId: number,
      input: ChaAllocationInput,
      principal: Principal,
    ): Promise<ChaAllocationSaved> {
      const types = await deliveryTypes();
      return write(async (tx, events) => {
        const row = await repository.lockAllocation(tx, agentId, allocationId);
        if (!row) throw notFound(messages.chaAllocationNotFound);
        const { rows, equipmentIds } = await checkedInput(tx, input, types);
        await repository.upsertDetails(tx, row.id, rows);
        await repository.replaceEquipments(tx, row.id, equipmentIds);
        await repository.touchAllocation(tx, row.id, principal.username);
        events.push(chaAllocationChanged(agentId));
        return {
          responsestatus: SUCCESS,
          message: messages.chaAllocationSaved,
          allocation: await allocationOf(tx, row),
        };
      });
    },

    // Master data chas/activity/{x}.
    async agentsForActivity(activity: string) {
      return (await repository.agentsForActivity(db, activity.trim())).map(({ agent }) => toChaAgent(agent));
    },

    // Master data cha/{id}/activity/{x}.
    async vehicleDetail(agentId: number, activity: string): Promise<VehicleDetail | null> {
      await existingAgent(db, agentId);
      const row = await repository.vehicleDetail(db, agentId, activity.trim());
      if (!row) return null;
      return {
        id: row.id,
        deliveryType: {
          activityId: row.activityId,
          activityName: row.activityName,
          activityGroup: { id: row.activityGroupId, name: row.activityGroupName },
        },
        gatedInCount: row.gatedInCount,
        allowedCount: row.allowedCount,
        allowed20: row.allowed20,
        allowed40: row.allowed40,
      };
    },

    // The trailer gate-in's count (spec 1 §4 Trailer gate-in), in the gate-in's transaction `tx`:
    // the vehicle detail the form names (or, with only the agent, the agent's current one for the
    // gate-in type) gets one more vehicle, unless the count has reached the allowed count and the
    // clerk has not confirmed the Gate Count Alert. A form without CHA fields counts nothing.
    async countGateIn(
      tx: Database,
      form: { chaId?: number; vehicleDetailId?: number; gateInType: string; exceedAllowedCount?: boolean },
    ): Promise<GateInCount> {
      let detailId = form.vehicleDetailId;
      if (detailId === undefined) {
        if (form.chaId === undefined) return { kind: 'none' };
        if (!(await repository.agent(tx, form.chaId)))
          return { kind: 'refused', message: messages.chaNotFound, field: 'chaId' };
        detailId = (await repository.vehicleDetail(tx, form.chaId, form.gateInType))?.id;
        if (detailId === undefined) return { kind: 'counted', chaId: form.chaId, vehicleDetailId: null };
      }
      const detail = await repository.detailForGateIn(tx, detailId);
      if (!detail) return { kind: 'refused', message: messages.chaVehicleDetailUnknown, field: 'vehicleDetailId' };
      if (form.chaId !== undefined && form.chaId !== detail.agentId)
        return { kind: 'refused', message: messages.chaVehicleDetailOtherAgent, field: 'chaId' };
      if (detail.activityName.toLowerCase() !== form.gateInType.trim().toLowerCase())
        return {
          kind: 'refused',
          message: messages.chaVehicleDetailOtherType(detail.activityName, form.gateInType),
          field: 'vehicleDetailId',
        };
      const counted = await repository.countGateIn(tx, detail.id, form.exceedAllowedCount === true);
      if (counted) return { kind: 'counted', chaId: detail.agentId, vehicleDetailId: detail.id };
      // The count is full: read it again as it stands (a concurrent gate-in may have moved it).
      const now = (await repository.detailForGateIn(tx, detail.id)) ?? detail;
      return {
        kind: 'alert',
        alert: {
          process: detail.activityName,
          cha: detail.agentName,
          allowedCount: now.allowedCount,
          gatedInCount: now.gatedInCount,
          message: messages.gateCountAlert(detail.activityName, detail.agentName),
        },
      };
    },
  };
}

export type ChaService = ReturnType<typeof createChaService>;
