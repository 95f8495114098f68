import { isValidContainerNumber, normalizeContainerNumber } from './iso6346';

// The near-miss resolver (issue 16): an OCR read that is not a valid number, or a valid number the
// depot does not expect at this gate, is ranked against the numbers the depot does expect there now
// (open gate passes and containers in the yard at an OUT gate; pre-advised containers, those trucks
// inside came for and those of open tasks at an IN gate). The operator accepts one with a key;
// nothing here ever picks a different number on its own (`exact` is only the read itself, when it
// is valid and expected).

// Characters an OCR engine mistakes for each other on container doors: a swap between them costs
// less than any other substitution.
const CONFUSIONS: readonly (readonly [string, string])[] = [
  ['O', '0'],
  ['D', '0'],
  ['Q', '0'],
  ['I', '1'],
  ['L', '1'],
  ['B', '8'],
  ['S', '5'],
  ['Z', '2'],
  ['G', '6'],
  ['T', '7'],
];
export const CONFUSION_COST = 0.3;
const EDIT_COST = 1;

const confusable = (a: string, b: string) => CONFUSIONS.some(([x, y]) => (a === x && b === y) || (a === y && b === x));

function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  return confusable(a, b) ? CONFUSION_COST : EDIT_COST;
}

// Weighted Levenshtein distance (insertions and deletions cost 1, confusable swaps 0.3).
export function ocrEditDistance(read: string, expected: string): number {
  const a = normalizeContainerNumber(read);
  const b = normalizeContainerNumber(expected);
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index * EDIT_COST);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i * EDIT_COST];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(
        previous[j]! + EDIT_COST,
        current[j - 1]! + EDIT_COST,
        previous[j - 1]! + substitutionCost(a[i - 1]!, b[j - 1]!),
      );
    previous = current;
  }
  return Math.round(previous[b.length]! * 100) / 100;
}

// Why a number is expected at the gate: the evidence the operator sees beside a match.
export type ExpectationSource = 'gatePass' | 'inYard' | 'openTask' | 'preAdvised' | 'truckInside';
export interface Expectation {
  containerNumber: string;
  source: ExpectationSource;
  detail?: string;
}

export interface NearMissMatchResult {
  containerNumber: string;
  distance: number;
  validCheckDigit: boolean;
  read: string;
  evidence: string[];
}

// Farther than this from every read, an expected number is not offered (two plain edits, or one
// edit and several confusions).
export const NEAR_MISS_MAX_DISTANCE = 2;
export const NEAR_MISS_MAX_MATCHES = 5;

const EVIDENCE_TEXT: Record<ExpectationSource, string> = {
  gatePass: 'open gate pass',
  inYard: 'in the yard',
  openTask: 'open task',
  preAdvised: 'pre-advised',
  truckInside: 'a truck inside came for it',
};

export function describeExpectation(expectation: Expectation): string {
  const text = EVIDENCE_TEXT[expectation.source];
  return expectation.detail ? `${text} (${expectation.detail})` : text;
}

// Ranks the expected numbers against every read of the record (the fused number and the engine's
// candidates): nearest first; at equal distance a valid check digit, then more evidence, then the
// number. A read that is an expected valid number is answered as `exact`.
export function rankNearMisses(
  reads: readonly string[],
  expected: readonly Expectation[],
  options: { maxDistance?: number; maxMatches?: number } = {},
): { matches: NearMissMatchResult[]; exact: string | null } {
  const maxDistance = options.maxDistance ?? NEAR_MISS_MAX_DISTANCE;
  const maxMatches = options.maxMatches ?? NEAR_MISS_MAX_MATCHES;
  const cleanReads = [...new Set(reads.map(normalizeContainerNumber).filter(Boolean))];
  const byNumber = new Map<string, Expectation[]>();
  for (const expectation of expected) {
    const number = normalizeContainerNumber(expectation.containerNumber);
    byNumber.set(number, [...(byNumber.get(number) ?? []), expectation]);
  }
  const exact = cleanReads.find((read) => byNumber.has(read) && isValidContainerNumber(read)) ?? null;
  const matches: NearMissMatchResult[] = [];
  for (const [number, reasons] of byNumber) {
    let best: { read: string; distance: number } | null = null;
    for (const read of cleanReads) {
      const distance = ocrEditDistance(read, number);
      if (!best || distance < best.distance) best = { read, distance };
    }
    if (!best || best.distance > maxDistance) continue;
    matches.push({
      containerNumber: number,
      distance: best.distance,
      validCheckDigit: isValidContainerNumber(number),
      read: best.read,
      evidence: [...new Set(reasons.map(describeExpectation))],
    });
  }
  matches.sort(
    (a, b) =>
      a.distance - b.distance ||
      Number(b.validCheckDigit) - Number(a.validCheckDigit) ||
      b.evidence.length - a.evidence.length ||
      a.containerNumber.localeCompare(b.containerNumber),
  );
  return { matches: matches.slice(0, maxMatches), exact };
}
