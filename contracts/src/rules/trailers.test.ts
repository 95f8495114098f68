import { describe, expect, it } from 'vitest';
import { mayWatchTopic } from './live-topics';
import { dataRefreshIntervalMs } from './intervals';
import { oneBasedSkip } from './paging';
import { defaultPermissions, systemRoleOf } from './permissions';
import {
  dispatchModeOf,
  mayDispatchTrailer,
  permanentTrailerProblem,
  plaCardProblem,
  trailerProblem,
  uploadHeaderKey,
} from './trailers';

const as = (role: string) => {
  const systemRole = systemRoleOf({ name: role, adminCreated: false });
  return { role, systemRole, landingPage: '/main', permissions: defaultPermissions(systemRole) };
};

describe('trailer dispatch (spec 3 §4, §5, §9)', () => {
  it('lets anyone dispatch a trailer in the yard, and only admins a dispatched one again', () => {
    const inYard = { outDate: null };
    const dispatched = { outDate: 1_700_000_000_000 };
    for (const role of ['superadmin', 'admin', 'operator', 'gatein'])
      expect(mayDispatchTrailer(inYard, as(role))).toBe(true);
    expect(mayDispatchTrailer(dispatched, as('superadmin'))).toBe(true);
    expect(mayDispatchTrailer(dispatched, as('admin'))).toBe(true);
    expect(mayDispatchTrailer(dispatched, as('operator'))).toBe(false);
    // A role an admin called "Admin" is not the admin role.
    expect(mayDispatchTrailer(dispatched, { systemRole: null })).toBe(false);
  });

  it('dispatches in HAWK-E mode unless another is named', () => {
    expect(dispatchModeOf(undefined)).toBe('HAWK-E');
    expect(dispatchModeOf('  ')).toBe('HAWK-E');
    expect(dispatchModeOf('Manual')).toBe('Manual');
  });
});

describe('trailer lists', () => {
  it('page from (page-1)*size+1', () => {
    expect(oneBasedSkip(1, 15)).toBe(1);
    expect(oneBasedSkip(3, 20)).toBe(41);
  });

  it('reload every dataRefreshRate seconds only when it is above 30', () => {
    expect(dataRefreshIntervalMs(60)).toBe(60_000);
    expect(dataRefreshIntervalMs(31)).toBe(31_000);
    expect(dataRefreshIntervalMs(30)).toBe(false);
    expect(dataRefreshIntervalMs(5)).toBe(false);
    expect(dataRefreshIntervalMs(undefined)).toBe(false);
  });

  it('are live for those who see the trailers screen', () => {
    expect(mayWatchTopic(as('operator'), 'trailers')).toBe(true);
    expect(mayWatchTopic(as('manager'), 'trailers')).toBe(false);
    expect(mayWatchTopic(as('operator'), 'trailers:1')).toBe(false);
  });

  it('read upload headers whatever their case and punctuation', () => {
    expect(uploadHeaderKey('Trailer Tag Number')).toBe('trailertagnumber');
    expect(uploadHeaderKey('pla_card-number ')).toBe('placardnumber');
  });
});

describe('trailer, PLA card and permanent trailer fields (spec 1 §5, spec 3 §3)', () => {
  it('need a trailer number of at most 20 characters and a gate-in type', () => {
    expect(trailerProblem({ trailerNumber: ' ', type: 'Import' })).toEqual({
      field: 'trailerNumber',
      message: 'Enter trailer number',
    });
    expect(trailerProblem({ trailerNumber: 'X'.repeat(2000), type: 'Import' })?.field).toBe('trailerNumber');
    expect(trailerProblem({ trailerNumber: 'MH04AB1234' })?.message).toBe('Choose gate-in type for vehicle');
    expect(trailerProblem({ trailerNumber: 'MH04AB1234', type: 'Import' })).toBeNull();
  });

  it('take trailer tags of 8 characters', () => {
    expect(trailerProblem({ trailerNumber: 'T1', trailerTagId: '1234', type: 'Import' })?.message).toBe(
      'Trailer tag should be of 8 characters',
    );
    expect(plaCardProblem({ trailerTagNumber: '', plaCardNumber: 'P' })?.message).toBe('Enter trailer tag');
    expect(plaCardProblem({ trailerTagNumber: '12345678', plaCardNumber: '' })?.message).toBe('Enter PLA card number');
    expect(plaCardProblem({ trailerTagNumber: '12345678', plaCardNumber: 'PLA-1' })).toBeNull();
    expect(permanentTrailerProblem({ trailerNumber: 'T1', trailerTag: '123456789' })?.field).toBe('trailerTag');
    expect(
      permanentTrailerProblem({ trailerNumber: 'T1', trailerTag: '12345678', transporter: 'x'.repeat(81) })?.field,
    ).toBe('transporter');
  });
});
