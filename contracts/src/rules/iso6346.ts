// ISO 6346 container identification: owner code (3 letters), category identifier (U freight, J
// detachable equipment, Z trailer/chassis), 6-digit serial number and a check digit; and the
// size/type codes painted beside the number (22G1, 45G1, ...).

export const CATEGORY_IDENTIFIERS = ['U', 'J', 'Z'] as const;
export type CategoryIdentifier = (typeof CATEGORY_IDENTIFIERS)[number];

export interface ContainerNumberParts {
  ownerCode: string;
  categoryIdentifier: CategoryIdentifier;
  serialNumber: string;
  checkDigit: number;
}

const CONTAINER_NUMBER = /^([A-Z]{3})([UJZ])(\d{6})(\d)$/;
const FIRST_TEN = /^[A-Z]{4}\d{6}$/;

// A=10 and up, skipping 11, 22 and 33: multiples of 11 would vanish in the modulo.
const LETTER_VALUES: Readonly<Record<string, number>> = (() => {
  const values: Record<string, number> = {};
  let value = 10;
  for (let code = 65; code <= 90; code++) {
    if (value % 11 === 0) value++;
    values[String.fromCharCode(code)] = value++;
  }
  return values;
})();

// Upper case without the spaces, hyphens, dots or slashes people and OCR put between the parts.
export function normalizeContainerNumber(raw: string): string {
  return raw.toUpperCase().replace(/[\s\-./]/g, '');
}

// Check digit of the first ten characters (4 letters and 6 digits). A remainder of 10 gives 0.
export function checkDigit(first10: string): number {
  const text = first10.toUpperCase();
  if (!FIRST_TEN.test(text)) throw new RangeError(`Expected 4 letters and 6 digits, got "${first10}"`);
  let sum = 0;
  for (let position = 0; position < 10; position++) {
    const character = text[position]!;
    const value = position < 4 ? LETTER_VALUES[character]! : Number(character);
    sum += value * 2 ** position;
  }
  return (sum % 11) % 10;
}

export function parseContainerNumber(raw: string): ContainerNumberParts | null {
  const match = CONTAINER_NUMBER.exec(normalizeContainerNumber(raw));
  if (!match) return null;
  return {
    ownerCode: match[1]!,
    categoryIdentifier: match[2] as CategoryIdentifier,
    serialNumber: match[3]!,
    checkDigit: Number(match[4]),
  };
}

// Structure and check digit; spaces and lower case are tolerated (see normalizeContainerNumber).
export function isValidContainerNumber(number: string): boolean {
  const parts = parseContainerNumber(number);
  return (
    parts !== null &&
    checkDigit(`${parts.ownerCode}${parts.categoryIdentifier}${parts.serialNumber}`) === parts.checkDigit
  );
}

function compact(parts: ContainerNumberParts): string {
  return `${parts.ownerCode}${parts.categoryIdentifier}${parts.serialNumber}${parts.checkDigit}`;
}

// The full number for an owner code + category + serial: 'CSQU305438' -> 'CSQU3054383'.
export function withCheckDigit(first10: string): string {
  const text = normalizeContainerNumber(first10);
  return `${text}${checkDigit(text)}`;
}

export type ContainerNumberStyle = 'compact' | 'spaced';

// 'compact' is how numbers are stored and sent (CSQU3054383); 'spaced' is how they are painted and
// read out (CSQU 305438 3). Anything that is not a container number is returned normalised.
export function formatContainerNumber(number: string, style: ContainerNumberStyle = 'compact'): string {
  const parts = parseContainerNumber(number);
  if (!parts) return normalizeContainerNumber(number);
  if (style === 'compact') return compact(parts);
  return `${parts.ownerCode}${parts.categoryIdentifier} ${parts.serialNumber} ${parts.checkDigit}`;
}

// OCR confusions. Across classes (a digit read where a letter must be, or the reverse) the
// character is certainly wrong, so the substitution is forced. Within a class the read may be
// right, so a substitution there is only tried when nothing forced gives a valid number.
const CROSS_CLASS_PAIRS: readonly [letter: string, digit: string][] = [
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
  ['A', '4'],
];
const SAME_CLASS_PAIRS: readonly [string, string][] = [
  ['O', 'D'],
  ['O', 'Q'],
  ['C', 'G'],
  ['U', 'V'],
  ['M', 'N'],
  ['E', 'F'],
  ['P', 'R'],
  ['I', 'L'],
  ['0', '8'],
  ['3', '8'],
  ['6', '8'],
  ['5', '6'],
  ['1', '7'],
  ['8', '9'],
];

function partners(pairs: readonly (readonly [string, string])[], character: string): string[] {
  const found: string[] = [];
  for (const [a, b] of pairs) {
    if (a === character) found.push(b);
    else if (b === character) found.push(a);
  }
  return found;
}

const isLetter = (character: string) => character >= 'A' && character <= 'Z';
const isDigit = (character: string) => character >= '0' && character <= '9';

// What a position may hold: letters in the owner code, U/J/Z as category, digits after that.
function fits(position: number, character: string): boolean {
  if (position === 3) return (CATEGORY_IDENTIFIERS as readonly string[]).includes(character);
  return position < 3 ? isLetter(character) : isDigit(character);
}

export type ContainerNumberCorrection =
  // The read was a valid number as it stands (after normalising).
  | { status: 'valid'; read: string; containerNumber: string; candidates: string[] }
  // Exactly one candidate of the fewest substitutions has a valid check digit.
  | { status: 'corrected'; read: string; containerNumber: string; candidates: string[] }
  // Wrong length, an unfixable character, no valid candidate, or several: a person decides.
  | { status: 'invalid'; read: string; reason: 'format' | 'check-digit' | 'ambiguous'; candidates: string[] };

// Corrects an OCR read only when the usual confusions (O/0, I/1, B/8, S/5, Z/2, G/6 ...) give
// exactly one number with a valid check digit. Forced substitutions (a character of the wrong
// class) come first; a single further same-class substitution is tried only if they do not
// suffice. Several valid candidates at the same step are refused and returned, fewest
// substitutions first, for an operator to choose.
export function correctContainerNumber(raw: string): ContainerNumberCorrection {
  const read = normalizeContainerNumber(raw);
  if (read.length !== 11 || !/^[A-Z0-9]+$/.test(read))
    return { status: 'invalid', read, reason: 'format', candidates: [] };
  if (isValidContainerNumber(read)) return { status: 'valid', read, containerNumber: read, candidates: [read] };

  // Options per position after the forced substitutions.
  const forced: string[][] = [];
  for (let position = 0; position < 11; position++) {
    const character = read[position]!;
    if (fits(position, character)) {
      forced.push([character]);
      continue;
    }
    const options = [...partners(CROSS_CLASS_PAIRS, character), ...partners(SAME_CLASS_PAIRS, character)].filter(
      (option) => fits(position, option),
    );
    if (options.length === 0) return { status: 'invalid', read, reason: 'format', candidates: [] };
    forced.push([...new Set(options)]);
  }

  const bases = expand(forced);
  const firstStep = bases.filter(isValidContainerNumber);
  if (firstStep.length > 0) return decide(read, firstStep);

  // One more substitution on a position that was read as a plausible character.
  const secondStep = new Set<string>();
  for (const base of bases) {
    for (let position = 0; position < 11; position++) {
      if (read[position] !== base[position]) continue;
      for (const option of partners(SAME_CLASS_PAIRS, base[position]!)) {
        if (!fits(position, option)) continue;
        const candidate = base.slice(0, position) + option + base.slice(position + 1);
        if (isValidContainerNumber(candidate)) secondStep.add(candidate);
      }
    }
  }
  if (secondStep.size > 0) return decide(read, [...secondStep]);
  return { status: 'invalid', read, reason: 'check-digit', candidates: [] };
}

function expand(options: string[][]): string[] {
  let results = [''];
  for (const choices of options) results = results.flatMap((prefix) => choices.map((choice) => prefix + choice));
  return results;
}

function decide(read: string, valid: string[]): ContainerNumberCorrection {
  const candidates = [...new Set(valid)].sort((a, b) => distance(read, a) - distance(read, b) || a.localeCompare(b));
  if (candidates.length === 1) return { status: 'corrected', read, containerNumber: candidates[0]!, candidates };
  return { status: 'invalid', read, reason: 'ambiguous', candidates };
}

function distance(a: string, b: string): number {
  let count = 0;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) count++;
  return count;
}

// ISO 6346 size/type codes: length, height (and width) code, type group + detail digit.
export type ContainerTypeGroup = 'G' | 'V' | 'B' | 'S' | 'R' | 'H' | 'U' | 'P' | 'T' | 'A';

export const CONTAINER_TYPE_GROUPS: Readonly<Record<ContainerTypeGroup, string>> = {
  G: 'General purpose',
  V: 'Ventilated',
  B: 'Dry bulk',
  S: 'Named cargo',
  R: 'Reefer',
  H: 'Insulated',
  U: 'Open top',
  P: 'Flat rack',
  T: 'Tank',
  A: 'Air/surface',
};

const LENGTH_FEET: Readonly<Record<string, number>> = {
  '1': 10,
  '2': 20,
  '3': 30,
  '4': 40,
  B: 24,
  C: 24.5,
  G: 41,
  H: 43,
  L: 45,
  M: 48,
  N: 49,
  P: 53,
};

// Nominal height in feet; null for "higher than 9 ft 6 in". The letter codes are the same
// heights for pallet-wide boxes (C-F: 2438-2500 mm wide, L-P: wider).
const HEIGHT_FEET: Readonly<Record<string, number | null>> = {
  '0': 8,
  '2': 8.5,
  '4': 9,
  '5': 9.5,
  '6': null,
  '8': 4.25,
  '9': 4,
  C: 8.5,
  D: 9,
  E: 9.5,
  F: null,
  L: 8.5,
  M: 9,
  N: 9.5,
  P: null,
};
const HIGH_CUBE_HEIGHTS = new Set(['5', '6', 'E', 'F', 'N', 'P']);

export interface SizeType {
  code: string;
  lengthFeet: number;
  heightCode: string;
  heightFeet: number | null;
  highCube: boolean;
  typeCode: string;
  typeGroup: ContainerTypeGroup;
  description: string;
}

// '45G1' -> 40 ft, height code 5 (9 ft 6 in, high cube), general purpose. Null when not a code.
export function sizeTypeCode(code: string): SizeType | null {
  const text = code.trim().toUpperCase();
  const match = /^([0-9A-Z])([0-9A-Z])([GVBSRHUPTA])(\d)$/.exec(text);
  if (!match) return null;
  const lengthCode = match[1]!;
  const heightCode = match[2]!;
  const group = match[3] as ContainerTypeGroup;
  const detail = match[4]!;
  const lengthFeet = LENGTH_FEET[lengthCode];
  const heightFeet = HEIGHT_FEET[heightCode];
  if (lengthFeet === undefined || heightFeet === undefined) return null;
  const highCube = HIGH_CUBE_HEIGHTS.has(heightCode);
  const height = heightFeet !== null && heightFeet < 8 ? ' half-height' : highCube ? ' high-cube' : '';
  return {
    code: text,
    lengthFeet,
    heightCode,
    heightFeet,
    highCube,
    typeCode: `${group}${detail}`,
    typeGroup: group,
    description: `${lengthFeet} ft${height} ${CONTAINER_TYPE_GROUPS[group].toLowerCase()}`,
  };
}
