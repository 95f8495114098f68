import { describe, expect, it } from 'vitest';
import {
  checkDigit,
  correctContainerNumber,
  formatContainerNumber,
  isValidContainerNumber,
  normalizeContainerNumber,
  parseContainerNumber,
  sizeTypeCode,
  withCheckDigit,
} from './iso6346';

// Numbers read by eye from real gate photos (shared OCR fixtures); all carry valid check digits.
const REAL_NUMBERS = [
  'CRXU1922067',
  'OOLU7531290',
  'TEMU8912520',
  'MSCU5006271',
  'IMTU9061955',
  'BSIU9741980',
  'MRKU2386679',
];

describe('ISO 6346 container numbers', () => {
  it('computes the check digit of the standard example CSQU 305438 3', () => {
    expect(checkDigit('CSQU305438')).toBe(3);
    expect(isValidContainerNumber('CSQU3054383')).toBe(true);
    expect(withCheckDigit('CSQU305438')).toBe('CSQU3054383');
  });

  it('accepts real numbers and tolerates spaces and lower case', () => {
    for (const number of REAL_NUMBERS) expect(isValidContainerNumber(number), number).toBe(true);
    expect(isValidContainerNumber('csqu 305438-3')).toBe(true);
  });

  it('maps a remainder of 10 to check digit 0', () => {
    // 10-character prefixes whose weighted sum is 10 mod 11 exist; find one and check the rule.
    const serials = Array.from({ length: 200 }, (_, index) => `CSQU${String(index).padStart(6, '0')}`);
    const tenRemainder = serials.find((first10) => weightedSum(first10) % 11 === 10);
    expect(tenRemainder).toBeDefined();
    expect(checkDigit(tenRemainder!)).toBe(0);
  });

  it('detects every single-character change of a valid number, except letters a multiple of 11 apart', () => {
    const number = 'CSQU3054383';
    for (let position = 0; position < 11; position++) {
      const alphabet = position < 4 ? 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' : '0123456789';
      for (const character of alphabet) {
        if (character === number[position]) continue;
        const changed = number.slice(0, position) + character + number.slice(position + 1);
        // A known gap of the standard: letter values a multiple of 11 apart (C=13, M=24, W=35) weigh the same mod 11.
        const blind = position < 3 && Math.abs(letterValue(character) - letterValue(number[position]!)) % 11 === 0;
        expect(isValidContainerNumber(changed), changed).toBe(blind);
      }
    }
  });

  it('detects a transposition of two adjacent serial digits', () => {
    expect(isValidContainerNumber('CSQU3045383')).toBe(false);
  });

  it('rejects wrong structure', () => {
    expect(isValidContainerNumber('CSQX3054383')).toBe(false); // category must be U, J or Z
    expect(isValidContainerNumber('CSQU305438')).toBe(false);
    expect(isValidContainerNumber('CS1U3054383')).toBe(false);
    expect(parseContainerNumber('CSQU305438')).toBeNull();
    expect(() => checkDigit('CSQU30543')).toThrow(RangeError);
  });

  it('parses and formats', () => {
    expect(parseContainerNumber('csqu 305438 3')).toEqual({
      ownerCode: 'CSQ',
      categoryIdentifier: 'U',
      serialNumber: '305438',
      checkDigit: 3,
    });
    expect(formatContainerNumber('csqu-305438-3')).toBe('CSQU3054383');
    expect(formatContainerNumber('CSQU3054383', 'spaced')).toBe('CSQU 305438 3');
    expect(formatContainerNumber(' ab c ')).toBe('ABC');
    expect(normalizeContainerNumber(' csqu.305438/3 ')).toBe('CSQU3054383');
  });
});

describe('correctContainerNumber', () => {
  it('returns a valid read unchanged', () => {
    expect(correctContainerNumber('csqu 305438 3')).toEqual({
      status: 'valid',
      read: 'CSQU3054383',
      containerNumber: 'CSQU3054383',
      candidates: ['CSQU3054383'],
    });
  });

  it('corrects letters read as digits and digits read as letters when one candidate is valid', () => {
    expect(correctContainerNumber('CSQU3O54383')).toMatchObject({
      status: 'corrected',
      containerNumber: 'CSQU3054383',
    });
    expect(correctContainerNumber('C5QU3054383')).toMatchObject({
      status: 'corrected',
      containerNumber: 'CSQU3054383',
    });
    expect(correctContainerNumber('CRXU1922O67')).toMatchObject({
      status: 'corrected',
      containerNumber: 'CRXU1922067',
    });
    expect(correctContainerNumber('B5IU974l98O')).toMatchObject({
      status: 'corrected',
      containerNumber: 'BSIU9741980',
    });
    expect(correctContainerNumber('IMTU9O6I955')).toMatchObject({
      status: 'corrected',
      containerNumber: 'IMTU9061955',
    });
  });

  it('corrects a single same-class confusion when it is the only valid one', () => {
    // The check digit 3 read as 8; no other single confusion gives a valid number.
    expect(correctContainerNumber('CSQU3054388')).toEqual({
      status: 'corrected',
      read: 'CSQU3054388',
      containerNumber: 'CSQU3054383',
      candidates: ['CSQU3054383'],
    });
  });

  it('refuses when several candidates are valid and returns them ranked', () => {
    // A leading 0 may be O, D or Q: both DOLU... and OOLU... have a valid check digit.
    expect(correctContainerNumber('0OLU7531290')).toEqual({
      status: 'invalid',
      read: '0OLU7531290',
      reason: 'ambiguous',
      candidates: ['DOLU7531290', 'OOLU7531290'],
    });
    // 3 and 8 are confused both ways: two single-confusion fixes are valid.
    const result = correctContainerNumber('CSQU3054883');
    expect(result.status).toBe('invalid');
    expect(result.candidates).toEqual(expect.arrayContaining(['CSQU3054383', 'CSQU3054803']));
    for (const candidate of result.candidates) expect(isValidContainerNumber(candidate)).toBe(true);
  });

  it('reports reads it cannot fix', () => {
    expect(correctContainerNumber('CSQU305438')).toMatchObject({ status: 'invalid', reason: 'format', candidates: [] });
    expect(correctContainerNumber('C3QU3054383')).toMatchObject({ status: 'invalid', reason: 'format' }); // 3 is no letter
    expect(correctContainerNumber('CSQU3054384')).toMatchObject({
      status: 'invalid',
      reason: 'check-digit',
      candidates: [],
    });
  });
});

describe('sizeTypeCode', () => {
  it.each([
    ['22G1', 20, '2', 'G', false, '20 ft general purpose'],
    ['42G1', 40, '2', 'G', false, '40 ft general purpose'],
    ['45G1', 40, '5', 'G', true, '40 ft high-cube general purpose'],
    ['L5G1', 45, '5', 'G', true, '45 ft high-cube general purpose'],
    ['22R1', 20, '2', 'R', false, '20 ft reefer'],
    ['45R1', 40, '5', 'R', true, '40 ft high-cube reefer'],
    ['22U1', 20, '2', 'U', false, '20 ft open top'],
    ['22P1', 20, '2', 'P', false, '20 ft flat rack'],
    ['22T1', 20, '2', 'T', false, '20 ft tank'],
  ])('decodes %s', (code, lengthFeet, heightCode, typeGroup, highCube, description) => {
    expect(sizeTypeCode(code)).toMatchObject({ code, lengthFeet, heightCode, typeGroup, highCube, description });
  });

  it('returns null for what is not a size/type code', () => {
    expect(sizeTypeCode('2210')).toBeNull(); // pre-1995 numeric type code
    expect(sizeTypeCode('X5G1')).toBeNull();
    expect(sizeTypeCode('22G')).toBeNull();
  });
});

// Letter values written out independently of the implementation: '0' marks the skipped 11, 22, 33.
const LETTERS = 'A0BCDEFGHIJK0LMNOPQRSTU0VWXYZ';
const letterValue = (character: string) => LETTERS.indexOf(character) + 10;

function weightedSum(first10: string): number {
  let sum = 0;
  for (let position = 0; position < 10; position++) {
    const character = first10[position]!;
    sum += (position < 4 ? letterValue(character) : Number(character)) * 2 ** position;
  }
  return sum;
}
