import {
  messages,
  YardLocationIndex,
  yardLocationProblem,
  type YardCoordinate,
  type YardLocationInput,
  type YardLocationType,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import type { DatabaseNotifications } from '../../adapters/notifications';
import { badRequest, conflict, notFound } from '../../errors';
import { databaseError, type DatabaseAnswers } from '../../lib/database-errors';
import { commitWithEvents, type AfterCommit, type NewEvent } from '../outbox';
import { YardLocationsCache } from './yard-locations.cache';
import { toYardLocation, yardLocationsRepository, type YardLocationValues } from './yard-locations.repository';

const SUCCESS = 'success';

// The table's refusals in words: a second location of the same name (case-insensitive; a
// concurrent save the rules could not see) and the checks the rules refuse first.
const answers = (name: string): DatabaseAnswers => ({
  unique: () => conflict(messages.yardLocationNameTaken(name), 'name'),
  check: ({ constraint }) =>
    constraint === 'yard_locations_name_length'
      ? badRequest(messages.yardLocationNameRequired, 'name')
      : constraint === 'yard_locations_type'
        ? badRequest(messages.yardLocationTypeInvalid, 'type')
        : badRequest(messages.yardLocationTooFewPoints, 'coordinates'),
});

function valuesOf(input: YardLocationInput): YardLocationValues {
  const problem = yardLocationProblem(input);
  if (problem) throw badRequest(problem.message, problem.field);
  return {
    name: input.name.trim(),
    type: input.type,
    coordinates: input.coordinates as YardCoordinate[],
  };
}

// Yard locations (spec 3 §2 Yard Locations page, §3, §5 Yard location save, §7): list, add, change,
// delete, each write one transaction with its `yardLocation.changed` event (topic `yard-locations`);
// and the one place machine positions and task drops are placed in them (`placeAt`), from a copy
// in memory (YardLocationsCache), not a query per message.
export function createYardLocationsService(
  db: Database,
  deps: { afterCommit: AfterCommit; notifications: DatabaseNotifications | null },
) {
  const cache = new YardLocationsCache(deps.notifications);
  const committed: AfterCommit = (written) => {
    cache.changed();
    deps.afterCommit(written);
  };

  async function write<T>(name: string, work: (tx: Database, events: NewEvent[]) => Promise<T>): Promise<T> {
    try {
      return await commitWithEvents(db, committed, work);
    } catch (error) {
      throw databaseError(error, answers(name));
    }
  }

  const list = async (database: Database = db) => (await yardLocationsRepository.list(database)).map(toYardLocation);
  const index = () => cache.index(async () => new YardLocationIndex(await list()));

  return {
    list: () => list(),

    // GET /rest/yard-zones (spec 3 §7 master data): the yard zones are the YARD_ZONE locations, by
    // name, as the master list's items (the machine form's assigned zone picks from them).
    zones: async () =>
      (await list()).filter((location) => location.type === 'YARD_ZONE').map(({ id, name }) => ({ id, name })),

    // The locations ready for point lookups (machines, tasks), from the copy in memory.
    index,

    // The location of a type that holds the point, or null (spec 3 §3: a machine's zone, the place
    // a task's container was put down).
    async placeAt(point: YardCoordinate, type: YardLocationType) {
      return (await index()).at(point, type);
    },

    async create(input: YardLocationInput) {
      const values = valuesOf(input);
      return write(values.name, async (tx, events) => {
        const location = toYardLocation(await yardLocationsRepository.insert(tx, values));
        events.push({ type: 'yardLocation.changed', data: { saved: [location], deletedIds: [] } });
        return { responsestatus: SUCCESS, message: messages.yardLocationSaved, location };
      });
    },

    async update(id: number, input: YardLocationInput) {
      const values = valuesOf(input);
      return write(values.name, async (tx, events) => {
        const row = await yardLocationsRepository.update(tx, id, values);
        if (!row) throw notFound(messages.yardLocationNotFound);
        const location = toYardLocation(row);
        events.push({ type: 'yardLocation.changed', data: { saved: [location], deletedIds: [] } });
        return { responsestatus: SUCCESS, message: messages.yardLocationSaved, location };
      });
    },

    async delete(id: number) {
      return write('', async (tx, events) => {
        const deleted = await yardLocationsRepository.delete(tx, id);
        if (deleted === undefined) throw notFound(messages.yardLocationNotFound);
        events.push({ type: 'yardLocation.changed', data: { saved: [], deletedIds: [deleted] } });
        return { responsestatus: SUCCESS, message: messages.yardLocationDeleted, id: deleted };
      });
    },

    close: () => cache.close(),
  };
}

export type YardLocationsService = ReturnType<typeof createYardLocationsService>;
