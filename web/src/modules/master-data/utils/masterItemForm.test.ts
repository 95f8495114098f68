import { describe, expect, it } from 'vitest';
import { formValuesOf, masterItemInputOf, NEW_LINER_COLOR } from './masterItemForm';

describe('the master-data editor’s form', () => {
  it('starts a new item empty, a liner with a colour', () => {
    expect(formValuesOf(null)).toMatchObject({ name: '', code: '', prefixes: '', color: NEW_LINER_COLOR });
  });

  it('turns a liner’s fields into its save: prefixes as typed, the colour in capitals', () => {
    const values = formValuesOf({ id: 1, code: 'MAERSK', name: 'Maersk', color: '#42a5f5', prefixes: ['MSKU'] });
    expect(values.prefixes).toBe('MSKU');
    expect(masterItemInputOf('liner-infos', { ...values, prefixes: 'msku, mrku  maeu' })).toEqual({
      list: 'liner-infos',
      code: 'MAERSK',
      name: 'Maersk',
      color: '#42A5F5',
      prefixes: ['MSKU', 'MRKU', 'MAEU'],
    });
  });

  it('gives each list only its own fields', () => {
    const values = formValuesOf({ id: 2, name: '40', lengthFeet: 40 });
    expect(masterItemInputOf('container-sizes', values)).toEqual({
      list: 'container-sizes',
      name: '40',
      lengthFeet: 40,
    });
    expect(masterItemInputOf('task-types', { ...values, name: 'Grounding' })).toEqual({
      list: 'task-types',
      name: 'Grounding',
    });
    expect(
      masterItemInputOf('activities', formValuesOf({ id: 3, name: 'Import', activityGroupId: 2, activityGroup: 'X' })),
    ).toEqual({ list: 'activities', name: 'Import', activityGroupId: 2 });
  });
});
