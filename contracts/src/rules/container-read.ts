import {
  CONTAINER_TYPE_GROUPS,
  correctContainerNumber,
  isValidContainerNumber,
  normalizeContainerNumber,
  sizeTypeCode,
} from './iso6346';

// How an automatic reader (gate OCR) may use ISO 6346 correction. A wrong number that passes the
// check digit silently corrupts the yard, so a machine read is corrected only by the confusions
// that the position proves wrong (a digit where a letter must be, or a letter among the digits:
// O/0, I/1, B/8, S/5, Z/2, G/6 ...), at most `maxSubstitutions` of them, and only when exactly one
// such candidate has a valid check digit. Everything else is left for a person, with candidates.
export interface ContainerReadResolution {
  read: string;
  number: string;
  valid: boolean;
  corrected: boolean;
  // Valid numbers the read may be, most likely first.
  candidates: string[];
}

const LETTER_POSITIONS = 4;

const isLetter = (character: string) => character >= 'A' && character <= 'Z';
const isDigit = (character: string) => character >= '0' && character <= '9';

// Positions whose character is of the wrong class for the position.
export function wrongClassPositions(read: string): number[] {
  const positions: number[] = [];
  for (let position = 0; position < read.length; position++) {
    const character = read[position]!;
    if (position < LETTER_POSITIONS ? !isLetter(character) : !isDigit(character)) positions.push(position);
  }
  return positions;
}

// The usual confusions, one partner each: a letter position holding one of these digits (or a
// digit position holding one of these letters) most likely shows this partner.
const USUAL_LETTER_FOR_DIGIT: Readonly<Record<string, string>> = {
  '0': 'O',
  '1': 'I',
  '8': 'B',
  '5': 'S',
  '2': 'Z',
  '6': 'G',
};
const USUAL_DIGIT_FOR_LETTER: Readonly<Record<string, string>> = { O: '0', I: '1', B: '8', S: '5', Z: '2', G: '6' };

function usualCorrection(read: string): string | null {
  let result = '';
  for (let position = 0; position < read.length; position++) {
    const character = read[position]!;
    const fitsPosition = position < LETTER_POSITIONS ? isLetter(character) : isDigit(character);
    const partner = fitsPosition
      ? character
      : position < LETTER_POSITIONS
        ? USUAL_LETTER_FOR_DIGIT[character]
        : USUAL_DIGIT_FOR_LETTER[character];
    if (!partner) return null;
    result += partner;
  }
  return result;
}

// null when the read cannot be a container number at all (wrong length, characters no confusion
// can turn into owner code + category + serial + check digit).
export function resolveContainerRead(raw: string, maxSubstitutions = 2): ContainerReadResolution | null {
  const read = normalizeContainerNumber(raw);
  const correction = correctContainerNumber(read);
  if (correction.status === 'invalid' && correction.reason === 'format') return null;
  if (correction.status === 'valid') return { read, number: read, valid: true, corrected: false, candidates: [read] };
  // The usual confusions give exactly one candidate; rarer ones (D, Q for 0, L for 1 ...) only
  // count when the usual ones leave nothing valid.
  const usual = usualCorrection(read);
  const usualChanges = wrongClassPositions(read).length;
  if (usual && usualChanges <= maxSubstitutions && isValidContainerNumber(usual))
    return {
      read,
      number: usual,
      valid: true,
      corrected: true,
      candidates: [
        usual,
        ...(correction.status === 'invalid' || correction.status === 'corrected' ? correction.candidates : []),
      ].filter((candidate, index, all) => all.indexOf(candidate) === index),
    };
  if (correction.status === 'corrected') {
    const changed = [...read].flatMap((character, position) =>
      character === correction.containerNumber[position] ? [] : [position],
    );
    const forced = new Set(wrongClassPositions(read));
    if (changed.length <= maxSubstitutions && changed.every((position) => forced.has(position)))
      return {
        read,
        number: correction.containerNumber,
        valid: true,
        corrected: true,
        candidates: correction.candidates,
      };
    return { read, number: read, valid: false, corrected: false, candidates: correction.candidates };
  }
  return { read, number: read, valid: false, corrected: false, candidates: correction.candidates };
}

// Characters that look alike in stencilled paint and in a blurred photo.
const LOOK_ALIKE = [
  '08',
  '38',
  '68',
  '56',
  '17',
  '89',
  '06',
  '27',
  '14',
  'OD',
  'OQ',
  'CG',
  'UV',
  'MN',
  'EF',
  'PR',
  'IL',
  'IT',
  'HN',
  'KX',
];
const lookAlike = (a: string, b: string) => LOOK_ALIKE.includes(a + b) || LOOK_ALIKE.includes(b + a);

// Valid numbers one character away from `read`, ranked by how doubtful that character was
// (confidence 0..1 per character; lower first), then by look-alike characters, for an operator
// to choose from.
export function rankedCandidates(read: string, confidences: readonly number[], limit = 5): string[] {
  const text = normalizeContainerNumber(read);
  if (text.length !== 11) return [];
  const found: { number: string; doubt: number }[] = [];
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const digits = '0123456789';
  for (let position = 0; position < 11; position++) {
    const options = position < 3 ? letters : position === 3 ? 'UJZ' : digits;
    for (const option of options) {
      if (option === text[position]) continue;
      const candidate = text.slice(0, position) + option + text.slice(position + 1);
      if (/^[A-Z]{3}[UJZ]\d{7}$/.test(candidate) && isValidContainerNumber(candidate))
        found.push({
          number: candidate,
          doubt: 1 - (confidences[position] ?? 0.5) + (lookAlike(option, text[position]!) ? 0.05 : 0),
        });
    }
  }
  return found
    .sort((a, b) => b.doubt - a.doubt || a.number.localeCompare(b.number))
    .slice(0, limit)
    .map((entry) => entry.number);
}

export interface ContainerSizeType {
  sizeType: string;
  // Nominal length class used at the gate.
  size: 20 | 40 | 45;
  type: string;
}

// '45G1' -> 40 ft general purpose; 'L5G1' -> 45 ft. Null when the code is not a size/type code.
export function containerSizeFromCode(code: string): ContainerSizeType | null {
  const decoded = sizeTypeCode(code);
  if (!decoded) return null;
  const size = decoded.lengthFeet >= 45 ? 45 : decoded.lengthFeet >= 35 ? 40 : 20;
  return { sizeType: decoded.code, size, type: CONTAINER_TYPE_GROUPS[decoded.typeGroup] };
}
