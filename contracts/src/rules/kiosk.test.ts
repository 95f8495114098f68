import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  KIOSK_KEYBOARD_ROWS,
  kioskContainerNumber,
  kioskIgmSearch,
  kioskRowChoices,
  kioskSaveEnabled,
  kioskTaskRowProblem,
} from './kiosk';
import { isPublicPath, statusLinkPath } from './menu';
import { isAllowed, isDeviceTokenRole, type Principal } from './permissions';
import { kioskTaskLocationsOf } from './tasks';

const choices = {
  taskTypes: ['Examination', 'Export Loading', 'Weighbridge', 'Offloading'],
  deliveryModes: ['Export Out', 'Crane', 'Labour', 'Loaded'],
  locations: kioskTaskLocationsOf(['Examination Zone', 'Export Zone']),
};
const row = {
  containerNumber: 'MSCU1234566',
  taskType: 'Examination',
  deliveryMode: 'Crane',
  fromLocation: 'Trailer',
  toLocation: 'Examination Zone',
};

describe('kiosk tasks (spec 2 §5, §9)', () => {
  it('take a row only with all five fields, each one the kiosk offers', () => {
    expect(kioskTaskRowProblem(row, choices)).toBeNull();
    for (const field of Object.keys(row) as (keyof typeof row)[])
      expect(kioskTaskRowProblem({ ...row, [field]: ' ' }, choices)).toBe(messages.kioskTaskIncomplete);
    expect(kioskTaskRowProblem({ ...row, toLocation: 'Slot' }, choices)).not.toBeNull();
    expect(kioskTaskRowProblem({ ...row, taskType: 'Teleport' }, choices)).not.toBeNull();
    // Export Loading goes to a trailer with Export Out only (the task type rules, spec 3 §5).
    expect(
      kioskTaskRowProblem({ ...row, taskType: 'Export Loading', deliveryMode: 'Export Out' }, choices),
    ).not.toBeNull();
    expect(
      kioskTaskRowProblem(
        { ...row, taskType: 'Export Loading', deliveryMode: 'Export Out', toLocation: 'Trailer' },
        choices,
      ),
    ).toBeNull();
  });

  it('never offer Slot, nor a blank delivery mode', () => {
    expect(choices.locations).not.toContain('Slot');
    expect(kioskRowChoices('Weighbridge', choices).deliveryModes).toEqual(['Loaded']);
  });

  it('save only when nothing loads and every row is touched and complete', () => {
    const done = { row, touched: true };
    expect(kioskSaveEnabled([done], false, choices)).toBe(true);
    expect(kioskSaveEnabled([done], true, choices)).toBe(false);
    expect(kioskSaveEnabled([done, { row, touched: false }], false, choices)).toBe(false);
    expect(kioskSaveEnabled([done, { row: { ...row, deliveryMode: '' }, touched: true }], false, choices)).toBe(false);
    expect(kioskSaveEnabled([], false, choices)).toBe(false);
  });

  it('cut the number to 11 characters, upper case', () => {
    expect(kioskContainerNumber(' mscu1234566xyz ')).toBe('MSCU1234566');
  });

  it('search one IGM item only, written IGM:ITEM', () => {
    expect(kioskIgmSearch(['1234567:12'])).toEqual({ kind: 'igm', igm: '1234567', item: '12' });
    expect(kioskIgmSearch(['1234567:12', '7654321:1'])).toEqual({ kind: 'error', error: messages.kioskOneIgmItem });
    for (const wrong of [[], ['1234567'], ['1234567:'], [':12'], ['1:2:3']])
      expect(kioskIgmSearch(wrong)).toEqual({ kind: 'error', error: messages.kioskIgmItemFormat });
  });

  it('keyboard: digits, letters, a colon and a comma (spec 2 §9)', () => {
    const keys = KIOSK_KEYBOARD_ROWS.flat().join('');
    for (const key of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ:,') expect(keys).toContain(key);
  });
});

describe('the kiosk role (issue 21)', () => {
  const kiosk: Principal = {
    role: 'kiosk',
    systemRole: 'kiosk',
    landingPage: '/start',
    permissions: Object.fromEntries(
      ['tasksVisible', 'containersVisible', 'crudEnabled'].map((flag) => [flag, true]),
    ) as Principal['permissions'],
  };
  it('opens only the calls for the kiosk role and its own session, whatever its permissions', () => {
    expect(isAllowed({ roles: ['kiosk'] }, kiosk, '/kiosk-task')).toBe(true);
    expect(isAllowed({ self: true }, kiosk, '/start')).toBe(true);
    expect(isAllowed({ public: true }, kiosk, '/start')).toBe(true);
    expect(isAllowed({}, kiosk, '/start')).toBe(false);
    expect(isAllowed({ flag: 'tasksVisible' }, kiosk, '/start')).toBe(false);
  });

  it('signs in with a token, as a display does', () => {
    expect(isDeviceTokenRole('kiosk')).toBe(true);
    expect(isDeviceTokenRole('display')).toBe(true);
    expect(isDeviceTokenRole('operator')).toBe(false);
  });

  it('has public status links', () => {
    expect(statusLinkPath('abc_DEF-123')).toBe('/track/abc_DEF-123');
    expect(isPublicPath(statusLinkPath('abc'))).toBe(true);
    expect(isPublicPath('/track')).toBe(false);
    expect(isPublicPath('/mobile-search-view')).toBe(true);
  });
});
