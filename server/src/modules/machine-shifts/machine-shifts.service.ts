import { messages, shiftProblem, type MachineShiftInput } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest, conflict, notFound } from '../../errors';
import { databaseError, type DatabaseAnswers } from '../../lib/database-errors';
import { commitWithEvents, type AfterCommit, type NewEvent } from '../outbox';
import { machineShiftsRepository, toMachineShift, type MachineShiftValues } from './machine-shifts.repository';

const SUCCESS = 'success';

// The shifts table's refusals in words: a second shift of the same name (case-insensitive, a
// concurrent save the form's own check could not see) and the checks the rules refuse first.
const answers = (name: string): DatabaseAnswers => ({
  unique: () => conflict(messages.shiftNameTaken(name), 'name'),
  check: ({ constraint }) =>
    constraint === 'machine_shifts_length'
      ? badRequest(messages.shiftSameTimes, 'toHour')
      : badRequest(messages.shiftNameRequired, 'name'),
});

function valuesOf(input: MachineShiftInput): MachineShiftValues {
  const problem = shiftProblem(input);
  if (problem) throw badRequest(problem.message, problem.field);
  return {
    name: input.name.trim(),
    fromHour: input.fromHour,
    fromMinute: input.fromMinute,
    toHour: input.toHour,
    toMinute: input.toMinute,
  };
}

// Machine shifts (spec 2 §2, §3, §8; spec 3 §7): list, add, change, delete by ids. Each write is one
// transaction with its `shift.changed` event (topic `shifts`, so every open shifts screen follows).
export function createMachineShiftsService(db: Database, deps: { afterCommit: AfterCommit }) {
  async function write<T>(name: string, work: (tx: Database, events: NewEvent[]) => Promise<T>): Promise<T> {
    try {
      return await commitWithEvents(db, deps.afterCommit, work);
    } catch (error) {
      throw databaseError(error, answers(name));
    }
  }

  return {
    async list() {
      return { responsestatus: SUCCESS, shifts: (await machineShiftsRepository.list(db)).map(toMachineShift) };
    },

    // POST adds a shift (an id in the body is not looked at: PUT changes one).
    async create(input: MachineShiftInput) {
      const values = valuesOf(input);
      return write(values.name, async (tx, events) => {
        const shift = toMachineShift(await machineShiftsRepository.insert(tx, values));
        events.push({ type: 'shift.changed', data: { saved: [shift], deletedIds: [] } });
        return { responsestatus: SUCCESS, message: messages.shiftAdded, shift };
      });
    },

    async update(input: MachineShiftInput) {
      if (!input.id) throw badRequest(messages.shiftNotFound, 'id');
      const id = input.id;
      const values = valuesOf(input);
      return write(values.name, async (tx, events) => {
        const row = await machineShiftsRepository.update(tx, id, values);
        if (!row) throw notFound(messages.shiftNotFound);
        const shift = toMachineShift(row);
        events.push({ type: 'shift.changed', data: { saved: [shift], deletedIds: [] } });
        return { responsestatus: SUCCESS, message: messages.shiftUpdated, shift };
      });
    },

    // DELETE with comma-joined ids (spec 2 §7); ids already gone are left out of the answer.
    async delete(ids: readonly number[]) {
      return write('', async (tx, events) => {
        const deletedIds = await machineShiftsRepository.delete(tx, ids);
        if (deletedIds.length) events.push({ type: 'shift.changed', data: { saved: [], deletedIds } });
        return { responsestatus: SUCCESS, message: messages.shiftsDeleted(deletedIds.length), deletedIds };
      });
    },
  };
}

export type MachineShiftsService = ReturnType<typeof createMachineShiftsService>;
