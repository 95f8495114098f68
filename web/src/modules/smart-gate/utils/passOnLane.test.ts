import { describe, expect, it } from 'vitest';
import type { GatePass, OcrCandidates } from '@openyard/contracts';
import { candidatesNeedReload, passNeedsRecheck, type PassCheck } from './passOnLane';

const pass = (id: number, containerNumber: string): GatePass => ({
  id,
  containerNumber,
  date: 0,
  boeDate: null,
  boeNumber: null,
  chaName: null,
  consignee: null,
  validTill: null,
  remarks: null,
  usedAt: null,
  valid: true,
});
const none: PassCheck = { kind: 'none', message: 'Gate Pass Not Found' };
const valid: PassCheck = { kind: 'valid', pass: pass(5, 'CSQU3054383') };
const change = (ids: number[], containerNumbers: string[]) => ({ ids, containerNumbers });

describe('passNeedsRecheck', () => {
  it('asks again when a pass of the lane’s number was added or imported after none was found', () => {
    expect(passNeedsRecheck(none, 'CSQU3054383', change([9], ['CSQU3054383']))).toBe(true);
    // The lane's number as typed (lower case, spaces) is the pass's number.
    expect(passNeedsRecheck(none, ' csqu 305438-3', change([9, 10], ['MSCU1234565', 'CSQU3054383']))).toBe(true);
  });

  it('asks again when the verified pass was edited, used, deleted or renumbered away', () => {
    expect(passNeedsRecheck(valid, 'CSQU3054383', change([5], ['CSQU3054383']))).toBe(true);
    // Renumbered: the message names the pass by id even if a number of it were missing.
    expect(passNeedsRecheck(valid, 'CSQU3054383', change([5], ['MSCU1234565']))).toBe(true);
  });

  it('leaves the lane alone for other containers’ passes', () => {
    expect(passNeedsRecheck(none, 'CSQU3054383', change([9], ['MSCU1234565']))).toBe(false);
    expect(passNeedsRecheck(valid, 'CSQU3054383', change([9], ['MSCU1234565']))).toBe(false);
    // An id matters only for the pass the lane verified.
    expect(passNeedsRecheck(none, 'CSQU3054383', change([5], ['MSCU1234565']))).toBe(false);
  });

  it('redoes nothing the operator has not checked, nor for an empty number', () => {
    expect(passNeedsRecheck({ kind: 'unchecked' }, 'CSQU3054383', change([9], ['CSQU3054383']))).toBe(false);
    expect(passNeedsRecheck({ kind: 'unchecked' }, 'CSQU3054383', null)).toBe(false);
    expect(passNeedsRecheck(none, '  ', change([9], ['']))).toBe(false);
  });

  it('asks again after a resync, when what changed meanwhile is unknown', () => {
    expect(passNeedsRecheck(none, 'CSQU3054383', null)).toBe(true);
    expect(passNeedsRecheck(valid, 'CSQU3054383', null)).toBe(true);
  });
});

// A record whose engine read 'CSQU3O54383' (a 0 read as O), offered the yard's 'CSQU3054383'.
const candidates: OcrCandidates = {
  recordId: 7,
  gateType: 'OUT',
  reads: ['CSQU3O54383'],
  matches: [
    { containerNumber: 'CSQU3054383', distance: 0.3, validCheckDigit: true, read: 'CSQU3O54383', evidence: [] },
  ],
  exact: null,
};

describe('candidatesNeedReload', () => {
  it('reloads when an offered number’s pass changed (used or deleted: it may leave the list)', () => {
    expect(candidatesNeedReload(candidates, change([4], ['CSQU3054383']))).toBe(true);
  });

  it('reloads when a pass near one of the reads was added (it may join the list)', () => {
    // One digit off the read: within the near-miss distance, not offered yet.
    expect(candidatesNeedReload(candidates, change([8], ['MSCU1234565', 'CSQU3054384']))).toBe(true);
    // The read itself, once it is an expected number, is the exact match.
    expect(
      candidatesNeedReload({ ...candidates, reads: ['MSCU1234565'], matches: [] }, change([8], ['MSCU1234565'])),
    ).toBe(true);
  });

  it('keeps the list the operator sees for passes far from every read', () => {
    expect(candidatesNeedReload(candidates, change([8], ['MSCU1234565', 'TGHU9876543']))).toBe(false);
  });

  it('reloads shown candidates after a resync, and nothing when none are shown', () => {
    expect(candidatesNeedReload(candidates, null)).toBe(true);
    expect(candidatesNeedReload(null, null)).toBe(false);
    expect(candidatesNeedReload(null, change([8], ['CSQU3054383']))).toBe(false);
  });
});
