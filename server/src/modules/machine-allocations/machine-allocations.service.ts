import {
  allocationDayOf,
  allocationProblem,
  allocationTimeText,
  messages,
  overlappingAllocations,
  shiftYardDay,
  yardDayOf,
  yardDayStart,
  type MachineAllocation,
  type MachineAllocationInput,
  type MachineAllocationSave,
  type YardDay,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest, conflict, notFound } from '../../errors';
import { databaseError, type DatabaseAnswers } from '../../lib/database-errors';
import type { Principal } from '../auth';
import { commitWithEvents, type AfterCommit } from '../outbox';
import { machineAllocationsRepository as repository } from './machine-allocations.repository';

const SUCCESS = 'success';

// What the database refuses that the service's own checks did not see coming (a concurrent save):
// the exclusion constraint (one machine in two areas at once), a machine or area deleted meanwhile.
const answers: DatabaseAnswers = {
  exclusion: () => conflict(messages.allocationOverlapAnyone),
  foreignKey: ({ constraint }) =>
    constraint?.includes('yard_areas')
      ? conflict(messages.allocationUnknownArea, 'areaId')
      : conflict(messages.allocationUnknownMachine, 'machineId'),
  check: () => badRequest(messages.allocationEndBeforeStart, 'toTime'),
  busy: () => conflict(messages.allocationBusy),
};

// Machine allocations (spec 2 §2–§5, §7; spec 3 §7): a day's allocations, one area's save, delete
// by ids. Times are instants; a day is the yard's (TIME_ZONE), from its midnight to the next. Each
// write is one transaction with its `machineAllocation.changed` event (topic `machine-allocations`),
// so that planners see each other's saves.
export function createMachineAllocationsService(db: Database, deps: { afterCommit: AfterCommit; timeZone: string }) {
  const { timeZone } = deps;
  const boundsOf = (day: YardDay) => ({
    dayStart: yardDayStart(day, timeZone),
    dayEnd: yardDayStart(shiftYardDay(day, { days: 1 }), timeZone),
  });
  const overlapMessage = (machine: string, area: string, period: { fromTime: number; toTime: number }) =>
    messages.allocationOverlap(
      machine,
      area,
      allocationTimeText(period.fromTime, timeZone),
      allocationTimeText(period.toTime, timeZone, true),
    );

  // The spec's rule for each allocation (spec 2 §5), on the day it starts, and no machine twice at
  // once among them.
  async function check(areaId: number, allocations: readonly MachineAllocationInput[]) {
    for (const allocation of allocations) {
      const problem = allocationProblem({ ...allocation, areaId }, boundsOf(yardDayOf(allocation.fromTime, timeZone)));
      if (problem) throw badRequest(problem.message, problem.field);
    }
    const ids = allocations.flatMap((allocation) => (allocation.id ? [allocation.id] : []));
    if (new Set(ids).size !== ids.length) throw badRequest(messages.allocationNamedTwice);
    const [pair] = overlappingAllocations(allocations);
    if (pair) {
      const names = await repository.machineNames(db, [pair[0].machineId]);
      const area = (await repository.areaName(db, areaId)) ?? String(areaId);
      throw conflict(overlapMessage(names.get(pair[0].machineId) ?? String(pair[0].machineId), area, pair[0]));
    }
  }

  return {
    async day(dayParam: string) {
      const day = allocationDayOf(dayParam, timeZone);
      if (!day) throw badRequest(messages.allocationDayInvalid, 'day');
      const { dayStart, dayEnd } = boundsOf(day);
      const allocations = await repository.during(db, new Date(dayStart), new Date(dayEnd));
      return { day, dayStart, dayEnd, allocations };
    },

    // One area's allocations, new (no id) and changed (id and the version the screen saw), in one
    // transaction: all are written or none.
    async save({ areaId, allocations }: MachineAllocationSave, principal: Principal) {
      await check(areaId, allocations);
      const changedIds = allocations.flatMap((allocation) => (allocation.id ? [allocation.id] : []));
      try {
        return await commitWithEvents(db, deps.afterCommit, async (tx, events) => {
          // Another allocation of the machine at that time, other than those this save changes,
          // named in the refusal (the constraint is the last word, for saves made at the same time).
          for (const allocation of allocations) {
            const other = await repository.overlappingOf(
              tx,
              allocation.machineId,
              new Date(allocation.fromTime),
              new Date(allocation.toTime),
              changedIds,
            );
            if (other) throw conflict(overlapMessage(other.machine, other.area, other));
          }
          const valuesOf = (allocation: MachineAllocationInput) => ({
            machineId: allocation.machineId,
            areaId,
            fromTime: new Date(allocation.fromTime),
            toTime: new Date(allocation.toTime),
            savedBy: principal.username,
          });
          for (const allocation of allocations) {
            if (!allocation.id) continue;
            const updated = await repository.update(tx, allocation.id, allocation.version, valuesOf(allocation));
            if (updated !== undefined) continue;
            if (await repository.exists(tx, allocation.id)) throw conflict(messages.allocationChanged);
            throw notFound(messages.allocationNotFound);
          }
          const added = allocations.filter((allocation) => !allocation.id);
          const addedIds = added.length ? await repository.insert(tx, added.map(valuesOf)) : [];
          const saved: MachineAllocation[] = await repository.byIds(tx, [...changedIds, ...addedIds]);
          events.push({ type: 'machineAllocation.changed', data: { saved, deletedIds: [] } });
          return { responsestatus: SUCCESS, message: messages.allocationsSaved, allocations: saved };
        });
      } catch (error) {
        throw databaseError(error, answers);
      }
    },

    // DELETE with comma-joined ids (spec 2 §7); ids already gone are left out of the answer.
    async delete(ids: readonly number[]) {
      return commitWithEvents(db, deps.afterCommit, async (tx, events) => {
        const deletedIds = await repository.delete(tx, ids);
        if (deletedIds.length) events.push({ type: 'machineAllocation.changed', data: { saved: [], deletedIds } });
        return { responsestatus: SUCCESS, message: messages.allocationsDeleted(deletedIds.length), deletedIds };
      });
    },
  };
}

export type MachineAllocationsService = ReturnType<typeof createMachineAllocationsService>;
