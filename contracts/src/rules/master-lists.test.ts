import { describe, expect, it } from 'vitest';
import { MASTER_LIST_KEYS } from '../master-data';
import { messages } from '../messages';
import {
  MASTER_LISTS,
  masterItemOf,
  masterItemProblem,
  masterReadRoutesOf,
  ownerPrefixesOf,
  trimmedMasterItem,
} from './master-lists';

describe('the master-data lists described once', () => {
  it('describes every list the maintenance calls take, once', () => {
    expect(MASTER_LISTS.map((list) => list.key).sort()).toEqual([...MASTER_LIST_KEYS].sort());
  });

  it('reads owner prefixes as a person types them', () => {
    expect(ownerPrefixesOf(' mscu, MEDU;msdu\nzzzu ')).toEqual(['MSCU', 'MEDU', 'MSDU', 'ZZZU']);
    expect(ownerPrefixesOf('  ')).toEqual([]);
  });

  it('checks a save: a name, a code, a colour, prefixes of the ISO form and each once', () => {
    const liner = { list: 'liner-infos' as const, code: 'X', name: 'X', color: '#00ff00', prefixes: ['ABCU'] };
    expect(masterItemProblem(liner)).toBeNull();
    expect(masterItemProblem({ ...liner, name: '  ' })).toEqual({
      field: 'name',
      message: messages.masterItemNameRequired,
    });
    expect(masterItemProblem({ ...liner, code: ' ' })?.field).toBe('code');
    expect(masterItemProblem({ ...liner, color: 'green' })?.message).toBe(messages.linerColorFormat);
    expect(masterItemProblem({ ...liner, prefixes: ['ABCD'] })?.message).toBe(messages.ownerPrefixFormat);
    expect(masterItemProblem({ ...liner, prefixes: ['ABCU', 'ABCU'] })?.message).toBe(
      messages.ownerPrefixTwice('ABCU'),
    );
    expect(masterItemProblem({ list: 'task-types', name: 'Grounding' })).toBeNull();
  });

  it('trims names and puts codes in capitals', () => {
    expect(trimmedMasterItem({ list: 'customers', code: ' ab1 ', name: ' Konkan ' })).toEqual({
      list: 'customers',
      code: 'AB1',
      name: 'Konkan',
    });
  });

  it('reads each list’s answer into one item shape (activities by their own names)', () => {
    expect(
      masterItemOf({
        id: 3,
        activityId: 3,
        activityName: 'Import',
        activityGroup: { id: 1, name: 'CONTAINER GATE-IN' },
      }),
    ).toEqual({ id: 3, name: 'Import', activityGroupId: 1, activityGroup: 'CONTAINER GATE-IN' });
    expect(masterItemOf({ id: 1, code: 'M', name: 'Maersk', color: '#000000', prefixes: ['MSKU'] })).toEqual({
      id: 1,
      code: 'M',
      name: 'Maersk',
      color: '#000000',
      prefixes: ['MSKU'],
    });
  });

  it('names the answers a change makes stale', () => {
    expect(masterReadRoutesOf('liner-infos')).toEqual(['linerInfos', 'liners']);
    expect(masterReadRoutesOf('activity-groups')).toEqual(['activityGroups', 'activities']);
    expect(masterReadRoutesOf('task-types')).toEqual(['taskTypes']);
  });
});
