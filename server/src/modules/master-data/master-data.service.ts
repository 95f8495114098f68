import {
  masterItemProblem,
  masterListOf,
  messages,
  trimmedMasterItem,
  type Activity,
  type MasterItemInput,
  type MasterListKey,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest, conflict, notFound } from '../../errors';
import { databaseError, type DatabaseAnswers } from '../../lib/database-errors';
import { commitWithEvents, type AfterCommit, type NewEvent } from '../outbox';
import { masterDataRepository, masterItemsRepository, type NamedListName } from './master-data.repository';

// A save's refusals by the database, in words: a second item of the same name or code (a unique
// key), an activity's group gone (its foreign key), a size's length under containers in the yard
// (the yard's trigger OY003).
function saveAnswers(input: MasterItemInput): DatabaseAnswers {
  const { noun } = masterListOf(input.list);
  return {
    unique: ({ constraint }) =>
      constraint?.endsWith('_code_unique')
        ? conflict(messages.masterItemTaken(noun, 'code' in input ? input.code : input.name), 'code')
        : constraint === 'liner_prefixes_pkey'
          ? conflict(
              messages.ownerPrefixTaken(input.list === 'liner-infos' ? input.prefixes.join(', ') : ''),
              'prefixes',
            )
          : conflict(messages.masterItemTaken(noun, input.name), 'name'),
    foreignKey: () => badRequest(messages.activityGroupNotFound, 'activityGroupId'),
    trigger: () => conflict(messages.masterItemLengthInUse(input.name), 'lengthFeet'),
  };
}

// The reference lists as the call catalogue answers them, and their maintenance on /master-data
// (issue 22): each write is one transaction with its `masterData.changed` event, so every screen
// that reads the list (and the yard grid, for liners) follows.
export function createMasterDataService(db: Database, deps: { afterCommit?: AfterCommit } = {}) {
  const linerInfos = () => masterDataRepository.linerInfos(db);
  const afterCommit: AfterCommit = deps.afterCommit ?? (() => undefined);

  async function write<T>(answers: DatabaseAnswers, work: (tx: Database, events: NewEvent[]) => Promise<T>) {
    try {
      return await commitWithEvents(db, afterCommit, work);
    } catch (error) {
      throw databaseError(error, answers);
    }
  }

  // The checks both sides make, and a liner's prefixes that are another liner's (named in the
  // refusal; the prefix table's key refuses the rest).
  async function checked(tx: Database, id: number | null, input: MasterItemInput) {
    const problem = masterItemProblem(input);
    if (problem) throw badRequest(problem.message, problem.field);
    if (input.list !== 'liner-infos') return;
    const taken = await masterItemsRepository.prefixesOfOthers(tx, id, input.prefixes);
    if (taken.length) throw conflict(messages.ownerPrefixTaken(taken.join(', ')), 'prefixes');
  }

  const changed = (events: NewEvent[], list: MasterListKey) =>
    events.push({ type: 'masterData.changed', data: { list } });

  return {
    named: (list: NamedListName) => masterDataRepository.named(db, list),
    sizes: () => masterDataRepository.sizes(db),
    types: () => masterDataRepository.types(db),
    customers: () => masterDataRepository.customers(db),
    linerInfos,
    async liners() {
      return (await linerInfos()).map(({ id, name }) => ({ id, name }));
    },
    // The activities of one group (by name, any case), or of all groups.
    async activities(groupName?: string): Promise<Activity[]> {
      return (await masterDataRepository.activities(db, groupName)).map(({ activity, group }) => ({
        id: activity.id,
        activityId: activity.id,
        activityName: activity.name,
        activityGroup: { id: group.id, name: group.name },
      }));
    },

    async create(given: MasterItemInput) {
      const input = trimmedMasterItem(given);
      const { noun } = masterListOf(input.list);
      return write(saveAnswers(input), async (tx, events) => {
        await checked(tx, null, input);
        const id = await masterItemsRepository.insert(tx, input);
        if (input.list === 'liner-infos') await masterItemsRepository.setPrefixes(tx, id, input.prefixes);
        changed(events, input.list);
        return { id, message: messages.masterItemSaved(noun) };
      });
    },

    async update(id: number, given: MasterItemInput) {
      const input = trimmedMasterItem(given);
      const { noun, usedBy, renameGuarded } = masterListOf(input.list);
      return write(saveAnswers(input), async (tx, events) => {
        const name = await masterItemsRepository.lockedName(tx, input.list, id);
        if (name === undefined) throw notFound(messages.masterItemNotFound(noun));
        await checked(tx, id, input);
        // Others keep this item's text: renaming it would leave them naming nothing.
        if (renameGuarded && name !== input.name && (await masterItemsRepository.inUseByText(tx, input.list, id, name)))
          throw conflict(messages.masterItemRenameInUse(noun, name, usedBy), 'name');
        await masterItemsRepository.update(tx, id, input);
        if (input.list === 'liner-infos') await masterItemsRepository.setPrefixes(tx, id, input.prefixes);
        changed(events, input.list);
        return { id, message: messages.masterItemSaved(noun) };
      });
    },

    // A delete of an item in use is refused: by the foreign keys of the lists others reference by
    // id, by a look at the texts others keep for the rest (and at the containers' owner codes for
    // a liner), with the item's row locked meanwhile.
    async delete(list: MasterListKey, id: number) {
      const { noun, usedBy } = masterListOf(list);
      let name = '';
      return write({ foreignKey: () => conflict(messages.masterItemInUse(noun, name, usedBy)) }, async (tx, events) => {
        const found = await masterItemsRepository.lockedName(tx, list, id);
        if (found === undefined) throw notFound(messages.masterItemNotFound(noun));
        name = found;
        if (await masterItemsRepository.inUseByText(tx, list, id, name))
          throw conflict(messages.masterItemInUse(noun, name, usedBy));
        await masterItemsRepository.delete(tx, list, id);
        changed(events, list);
        return { id, message: messages.masterItemDeleted(noun) };
      });
    },
  };
}

export type MasterDataService = ReturnType<typeof createMasterDataService>;
