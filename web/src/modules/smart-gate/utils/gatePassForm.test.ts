import { describe, expect, it } from 'vitest';
import { messages, withCheckDigit, yardDayRange, yardDayStart, type GatePass } from '@openyard/contracts';
import {
  checkDigitWarning,
  gatePassFormErrors,
  gatePassFormValues,
  gatePassInputOf,
  gatePassStatusOf,
} from './gatePassForm';

const zone = 'Asia/Kolkata';
const number = withCheckDigit('CSQU305438');
const pass: GatePass = {
  id: 7,
  containerNumber: number,
  // 2026-11-20 14:30 in Kolkata (an uploaded time of day).
  date: Date.parse('2026-11-20T09:00:00Z'),
  boeDate: null,
  boeNumber: 'BOE-1',
  chaName: null,
  consignee: 'Acme',
  validTill: yardDayRange('2026-11-30', zone).to,
  remarks: null,
  usedAt: null,
  valid: true,
};

describe('gate pass form', () => {
  it('starts a new pass today in the yard and shows an edited one as it is', () => {
    // 20:00 UTC on the 24th is already the 25th in Kolkata.
    expect(gatePassFormValues(null, zone, Date.parse('2026-11-24T20:00:00Z'))).toMatchObject({
      containerNumber: '',
      date: '2026-11-25',
      validTill: '',
    });
    expect(gatePassFormValues(pass, zone, 0)).toEqual({
      containerNumber: number,
      date: '2026-11-20',
      boeDate: '',
      boeNumber: 'BOE-1',
      chaName: '',
      consignee: 'Acme',
      validTill: '2026-11-30',
      remarks: '',
    });
  });

  it('refuses a number that is not 11 letters and digits, impossible days, a validity before the date, long text', () => {
    const good = gatePassFormValues(pass, zone, 0);
    expect(gatePassFormErrors(good)).toEqual({});
    expect(gatePassFormErrors({ ...good, containerNumber: 'CSQU30543' })).toEqual({
      containerNumber: messages.gatePassNumberFormat,
    });
    // Spaces and lower case are how people type it: the server normalises them too.
    expect(gatePassFormErrors({ ...good, containerNumber: ' csqu 305438 3' })).toEqual({});
    expect(gatePassFormErrors({ ...good, boeDate: '2026-02-31' })).toEqual({ boeDate: messages.sheetBadDate });
    expect(gatePassFormErrors({ ...good, validTill: '2026-11-19' })).toEqual({
      validTill: messages.gatePassValidTillBeforeDate,
    });
    expect(gatePassFormErrors({ ...good, validTill: '2026-11-20' })).toEqual({});
    expect(gatePassFormErrors({ ...good, remarks: 'x'.repeat(501) })).toEqual({
      remarks: messages.fieldTooLong('Remarks', 500),
    });
  });

  it('warns of a wrong ISO 6346 check digit, naming the right one', () => {
    expect(checkDigitWarning(number)).toBeNull();
    const wrong = `${number.slice(0, 10)}${(Number(number[10]) + 1) % 10}`;
    expect(checkDigitWarning(wrong)).toBe(
      `${wrong} does not pass the ISO 6346 check digit (it would end in ${number[10]}).`,
    );
    // Not a container number's shape yet: the format error speaks, not the check digit.
    expect(checkDigitWarning('CSQU30543')).toBeNull();
  });

  it('keeps the instants of days left alone, and takes a changed day from its start (a validity to its end)', () => {
    const unchanged = gatePassInputOf(gatePassFormValues(pass, zone, 0), pass, zone, Date.now());
    expect(unchanged).toEqual({
      id: 7,
      containerNumber: number,
      date: pass.date,
      boeDate: null,
      boeNumber: 'BOE-1',
      chaName: null,
      consignee: 'Acme',
      validTill: pass.validTill,
      remarks: null,
    });
    const changed = gatePassInputOf(
      { ...gatePassFormValues(pass, zone, 0), date: '2026-11-21', boeDate: '2026-11-18', validTill: '2026-12-05' },
      pass,
      zone,
      Date.now(),
    );
    expect(changed).toMatchObject({
      date: yardDayStart('2026-11-21', zone),
      boeDate: yardDayStart('2026-11-18', zone),
      validTill: yardDayRange('2026-12-05', zone).to,
    });
    const now = Date.parse('2026-11-25T10:00:00Z');
    const fresh = gatePassInputOf(
      { ...gatePassFormValues(null, zone, now), containerNumber: 'csqu 305438 3' },
      null,
      zone,
      now,
    );
    expect(fresh).not.toHaveProperty('id');
    expect(fresh.containerNumber).toBe(number);
    // A new pass of today is dated now, of another day at that day's start, of none by the server.
    expect(fresh.date).toBe(now);
    const earlier = { ...gatePassFormValues(null, zone, now), containerNumber: number, date: '2026-11-24' };
    expect(gatePassInputOf(earlier, null, zone, now).date).toBe(yardDayStart('2026-11-24', zone));
    expect(gatePassInputOf({ ...earlier, date: '' }, null, zone, now)).not.toHaveProperty('date');
  });

  it('calls a pass used, expired or open', () => {
    expect(gatePassStatusOf({ usedAt: 5, valid: false })).toBe('used');
    expect(gatePassStatusOf({ usedAt: null, valid: false })).toBe('expired');
    expect(gatePassStatusOf({ usedAt: null, valid: true })).toBe('open');
  });
});
