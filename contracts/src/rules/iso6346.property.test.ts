import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkDigit,
  correctContainerNumber,
  formatContainerNumber,
  isValidContainerNumber,
  normalizeContainerNumber,
  parseContainerNumber,
  withCheckDigit,
} from './iso6346';

const ownerCode = fc.stringMatching(/^[A-Z]{3}$/);
const category = fc.constantFrom('U', 'J', 'Z');
const serial = fc.stringMatching(/^\d{6}$/);
const first10 = fc.tuple(ownerCode, category, serial).map(([owner, cat, digits]) => `${owner}${cat}${digits}`);

describe('ISO 6346 properties', () => {
  it('a number with its computed check digit is valid, and parses back to its parts', () => {
    fc.assert(
      fc.property(ownerCode, category, serial, (owner, cat, digits) => {
        const number = withCheckDigit(`${owner}${cat}${digits}`);
        expect(isValidContainerNumber(number)).toBe(true);
        expect(parseContainerNumber(number)).toEqual({
          ownerCode: owner,
          categoryIdentifier: cat,
          serialNumber: digits,
          checkDigit: checkDigit(`${owner}${cat}${digits}`),
        });
      }),
    );
  });

  it('any other check digit is invalid', () => {
    fc.assert(
      fc.property(first10, fc.integer({ min: 0, max: 9 }), (prefix, digit) => {
        fc.pre(digit !== checkDigit(prefix));
        expect(isValidContainerNumber(`${prefix}${digit}`)).toBe(false);
      }),
    );
  });

  // The weighted sum changes by shift x 2^position, never a multiple of 11; only the folding of
  // remainder 10 onto check digit 0 can hide a change, so numbers ending in 0 are left out.
  it('changing one serial digit is detected (check digit other than 0)', () => {
    fc.assert(
      fc.property(
        first10,
        fc.integer({ min: 4, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (prefix, position, shift) => {
          const number = withCheckDigit(prefix);
          fc.pre(!number.endsWith('0'));
          const changed = String((Number(number[position]) + shift) % 10);
          const altered = number.slice(0, position) + changed + number.slice(position + 1);
          expect(isValidContainerNumber(altered)).toBe(false);
        },
      ),
    );
  });

  it('normalising and formatting are stable, spaced or compact', () => {
    fc.assert(
      fc.property(first10, (prefix) => {
        const number = withCheckDigit(prefix);
        const spaced = formatContainerNumber(number, 'spaced');
        expect(normalizeContainerNumber(spaced)).toBe(number);
        expect(formatContainerNumber(spaced.toLowerCase())).toBe(number);
        expect(normalizeContainerNumber(normalizeContainerNumber(spaced))).toBe(normalizeContainerNumber(spaced));
      }),
    );
  });

  it('a correction is valid, and a valid read is left as it is', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{11}$/), (read) => {
        const result = correctContainerNumber(read);
        if (result.status !== 'invalid') expect(isValidContainerNumber(result.containerNumber)).toBe(true);
        if (isValidContainerNumber(read)) expect(result).toMatchObject({ status: 'valid', containerNumber: read });
        for (const candidate of result.candidates) expect(isValidContainerNumber(candidate)).toBe(true);
      }),
    );
  });
});
