import { describe, expect, it } from 'vitest';
import { withCheckDigit } from './iso6346';
import { ocrEditDistance, rankNearMisses, type Expectation } from './near-miss';

const valid = (first10: string) => withCheckDigit(first10);
const MSCU = valid('MSCU500627');
const TGHU = valid('TGHU815430');
const CAIU = valid('CAIU123456');
const expected: Expectation[] = [
  { containerNumber: MSCU, source: 'gatePass' },
  { containerNumber: MSCU, source: 'inYard', detail: 'A01-02-1' },
  { containerNumber: TGHU, source: 'inYard' },
  { containerNumber: CAIU, source: 'inYard' },
];

describe('ocrEditDistance', () => {
  it('charges the usual OCR confusions less than other substitutions', () => {
    expect(ocrEditDistance('MSCU5OO6271', 'MSCU5006271')).toBeCloseTo(0.6);
    expect(ocrEditDistance('TGHU8I5430X', 'TGHU815430X')).toBeCloseTo(0.3);
    expect(ocrEditDistance('TGHU8154308', 'TGHU8154309')).toBe(1);
    expect(ocrEditDistance('TGHU815430', 'TGHU8154309')).toBe(1);
    expect(ocrEditDistance('B5Z', '852')).toBeCloseTo(0.6);
  });
});

describe('rankNearMisses', () => {
  it('ranks the misread of an expected number first, with its evidence', () => {
    const read = MSCU.replace('00', 'O0');
    const { matches, exact } = rankNearMisses([read], expected);
    expect(exact).toBeNull();
    expect(matches[0]).toMatchObject({
      containerNumber: MSCU,
      distance: 0.3,
      validCheckDigit: true,
      read,
      evidence: ['open gate pass', 'in the yard (A01-02-1)'],
    });
  });

  it('uses the best of the engine candidates', () => {
    const { matches } = rankNearMisses(['XXXX0000000', TGHU.slice(0, 10)], expected);
    expect(matches[0]!.containerNumber).toBe(TGHU);
    expect(matches[0]!.distance).toBe(1);
  });

  it('answers an exact, valid, expected read as exact and never another valid number', () => {
    expect(rankNearMisses([CAIU], expected).exact).toBe(CAIU);
    // A valid read the depot does not expect is not replaced by a near expected number on its own.
    const other = valid('CAIU123457');
    const result = rankNearMisses([other], expected);
    expect(result.exact).toBeNull();
    expect(result.matches[0]!.containerNumber).toBe(CAIU);
  });

  it('offers nothing far from every read and breaks ties by check digit then evidence', () => {
    expect(rankNearMisses(['ZZZZ9999999'], expected).matches).toEqual([]);
    const invalid = `${CAIU.slice(0, 10)}${(Number(CAIU[10]) + 1) % 10}`;
    const { matches } = rankNearMisses(
      [CAIU.slice(0, 9)],
      [
        { containerNumber: invalid, source: 'openTask' },
        { containerNumber: CAIU, source: 'inYard' },
      ],
    );
    expect(matches.map((match) => match.containerNumber)).toEqual([CAIU, invalid]);
  });
});

// The engine's documented misreads of the gate fixtures (contracts/src/rules/container-read.test.ts):
// each ranks its true number first against a yard holding it and its neighbours.
describe('rankNearMisses on the engine misreads', () => {
  const yard: Expectation[] = ['TGHU2703360', 'CSQU3054383', 'TEMU0723767', 'CSQU3054391', 'TGHU2703379'].map(
    (containerNumber) => ({ containerNumber, source: 'inYard' as const }),
  );
  it.each([
    ['TGHUZ7O336O', 'TGHU2703360'],
    ['CSQU3054388', 'CSQU3054383'],
    ['C5QU3O54383', 'CSQU3054383'],
    ['IEMU0723767', 'TEMU0723767'],
  ])('%s → %s', (read, truth) => {
    const { matches, exact } = rankNearMisses([read], yard);
    expect(exact).toBeNull();
    expect(matches[0]!.containerNumber).toBe(truth);
    expect(matches[0]!.validCheckDigit).toBe(true);
  });
});

// An IN gate: the pre-advices are what the depot expects (issue 16), beside the trucks inside.
describe('rankNearMisses against pre-advised gate-ins', () => {
  const advised = valid('MSKU123456'); // MSKU1234565
  const neighbour = valid('MSKU123457'); // MSKU1234570
  const atGate: Expectation[] = [
    { containerNumber: advised, source: 'preAdvised', detail: 'Maersk' },
    { containerNumber: neighbour, source: 'preAdvised' },
    { containerNumber: valid('TCLU123456'), source: 'truckInside' },
  ];

  it('ranks the pre-advised number first for a misread check digit, with its evidence', () => {
    const read = 'MSKU1234566';
    expect(advised).toBe('MSKU1234565');
    const { matches, exact } = rankNearMisses([read], atGate);
    expect(exact).toBeNull();
    expect(matches.map((match) => match.containerNumber)).toEqual([advised, neighbour]);
    expect(matches[0]).toMatchObject({ distance: 1, validCheckDigit: true, read, evidence: ['pre-advised (Maersk)'] });
  });

  it('ranks a confusion (I for 1) nearer than any plain edit, and answers the exact pre-advised read', () => {
    expect(rankNearMisses(['MSKUI234565'], atGate).matches[0]).toMatchObject({
      containerNumber: advised,
      distance: 0.3,
    });
    expect(rankNearMisses([advised], atGate).exact).toBe(advised);
  });

  it('offers, never takes, a pre-advised number for a different valid read', () => {
    const other = valid('MSKU173456');
    const { matches, exact } = rankNearMisses([other], atGate);
    expect(exact).toBeNull();
    expect(matches[0]).toMatchObject({ containerNumber: advised, distance: 2 });
  });
});
