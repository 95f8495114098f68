import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containerSizeFromCode, rankedCandidates, resolveContainerRead, wrongClassPositions } from './container-read';
import { checkDigit, isValidContainerNumber, withCheckDigit } from './iso6346';

describe('resolveContainerRead', () => {
  it('accepts the standard example CSQU3054383 as read', () => {
    expect(resolveContainerRead('CSQU3054383')).toEqual({
      read: 'CSQU3054383',
      number: 'CSQU3054383',
      valid: true,
      corrected: false,
      candidates: ['CSQU3054383'],
    });
  });

  it('corrects the confusions the position proves wrong when exactly one candidate is valid', () => {
    expect(resolveContainerRead('CSQU3O54383')).toMatchObject({ number: 'CSQU3054383', valid: true, corrected: true });
    expect(resolveContainerRead('C5QU3054383')).toMatchObject({ number: 'CSQU3054383', valid: true, corrected: true });
    expect(resolveContainerRead('CRXU1922O67')).toMatchObject({ number: 'CRXU1922067', valid: true, corrected: true });
    expect(resolveContainerRead('B5IU974198O')).toMatchObject({ number: 'BSIU9741980', valid: true, corrected: true });
  });

  it('prefers the usual confusion (0 read for O) over rarer look-alikes (D, Q)', () => {
    // 00CU: D or Q for the zeros would also give valid numbers; O is the usual confusion.
    expect(resolveContainerRead('00CU0756679')).toMatchObject({ number: 'OOCU0756679', valid: true, corrected: true });
  });

  it('leaves three wrong characters to a person even when one candidate is valid', () => {
    expect(resolveContainerRead('B5IU974I98O')).toMatchObject({ valid: false, candidates: ['BSIU9741980'] });
  });

  it('does not correct more than the allowed number of characters', () => {
    // Three forced substitutions: Z for 2, O for 0 twice.
    expect(resolveContainerRead('TGHUZ7O336O', 2)).toEqual({
      read: 'TGHUZ7O336O',
      number: 'TGHUZ7O336O',
      valid: false,
      corrected: false,
      candidates: ['TGHU2703360'],
    });
    expect(resolveContainerRead('TGHUZ7O336O', 3)).toMatchObject({
      number: 'TGHU2703360',
      valid: true,
      corrected: true,
    });
  });

  it('leaves a same-class confusion (8 read for 3) to a person, with the candidate', () => {
    const result = resolveContainerRead('CSQU3054388');
    expect(result).toMatchObject({ number: 'CSQU3054388', valid: false, corrected: false });
    expect(result?.candidates).toContain('CSQU3054383');
  });

  it('flags a wrong check digit invalid', () => {
    expect(resolveContainerRead('CSQU3054384')).toMatchObject({ valid: false, corrected: false });
  });

  it('returns null for what cannot be a container number', () => {
    expect(resolveContainerRead('CSQU305438')).toBeNull();
    expect(resolveContainerRead('CAUTION 2.9M')).toBeNull();
    expect(resolveContainerRead('CSQX3054383')).toBeNull();
  });

  it('finds the positions of the wrong character class', () => {
    expect(wrongClassPositions('C5QU3O54383')).toEqual([1, 5]);
    expect(wrongClassPositions('CSQU3054383')).toEqual([]);
  });
});

describe('rankedCandidates', () => {
  it('puts the valid numbers at the least confident position first', () => {
    // The first letter was doubtful; the rest were read with confidence.
    const confidences = [0.4, 0.99, 0.99, 0.99, 0.99, 0.99, 0.99, 0.99, 0.99, 0.99, 0.99];
    const candidates = rankedCandidates('IEMU0723767', confidences);
    expect(candidates).toContain('TEMU0723767');
    expect(candidates.slice(0, 2).every((candidate) => candidate.slice(1) === 'EMU0723767')).toBe(true);
    for (const candidate of candidates) expect(isValidContainerNumber(candidate)).toBe(true);
  });

  it('gives nothing for a read of the wrong length', () => {
    expect(rankedCandidates('CSQU305438', [])).toEqual([]);
  });
});

describe('containerSizeFromCode', () => {
  it.each([
    ['22G1', 20, 'General purpose'],
    ['42G1', 40, 'General purpose'],
    ['45G1', 40, 'General purpose'],
    ['45R1', 40, 'Reefer'],
    ['L5G1', 45, 'General purpose'],
    ['22U1', 20, 'Open top'],
  ] as const)('%s is %i ft %s', (code, size, type) => {
    expect(containerSizeFromCode(code)).toEqual({ sizeType: code, size, type });
  });

  it('rejects what is not a size/type code', () => {
    expect(containerSizeFromCode('2261')).toBeNull();
    expect(containerSizeFromCode('X5G1')).toBeNull();
  });
});

const first10 = fc
  .tuple(fc.stringMatching(/^[A-Z]{3}$/), fc.constantFrom('U', 'J', 'Z'), fc.stringMatching(/^\d{6}$/))
  .map(([owner, category, serial]) => `${owner}${category}${serial}`);
const CONFUSABLE: Readonly<Record<string, string>> = { '0': 'O', '1': 'I', '8': 'B', '5': 'S', '2': 'Z', '6': 'G' };

describe('resolveContainerRead properties', () => {
  it('a valid number is accepted unchanged', () => {
    fc.assert(
      fc.property(first10, (prefix) => {
        const number = withCheckDigit(prefix);
        expect(resolveContainerRead(number)).toMatchObject({ number, valid: true, corrected: false });
      }),
    );
  });

  it('a valid result is always a valid number within two forced substitutions of the read', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{11}$/), (read) => {
        const result = resolveContainerRead(read);
        if (!result?.valid) return;
        expect(isValidContainerNumber(result.number)).toBe(true);
        const changed = [...read].filter((character, index) => character !== result.number[index]).length;
        expect(changed).toBeLessThanOrEqual(2);
        expect(changed === 0).toBe(!result.corrected);
      }),
    );
  });

  it('one serial digit read as its look-alike letter is corrected back to the number', () => {
    fc.assert(
      fc.property(first10, fc.integer({ min: 4, max: 9 }), (prefix, position) => {
        const number = withCheckDigit(prefix);
        const letter = CONFUSABLE[number[position]!];
        fc.pre(letter !== undefined);
        const read = number.slice(0, position) + letter + number.slice(position + 1);
        const result = resolveContainerRead(read);
        // Either the unique correction (the true number) or, if another candidate is valid too, a doubt.
        if (result?.valid) expect(result.number).toBe(number);
        else expect(result?.candidates).toContain(number);
      }),
    );
  });

  it('a wrong check digit is never accepted as valid', () => {
    fc.assert(
      fc.property(first10, fc.integer({ min: 0, max: 9 }), (prefix, digit) => {
        fc.pre(digit !== checkDigit(prefix));
        expect(resolveContainerRead(`${prefix}${digit}`)?.valid).toBe(false);
      }),
    );
  });
});
