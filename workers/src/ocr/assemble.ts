import { rankedCandidates, resolveContainerRead, sizeTypeCode, wrongClassPositions } from '@openyard/contracts/rules';

// Turning the text pieces of one frame into container numbers: pieces that continue each other
// (to the right on a line, the line below, or further down a vertical column) are joined, every
// 11-character stretch that fits owner code + category + serial + check digit is a candidate, and
// the ISO 6346 check digit decides between a valid read, a unique correction and an honest doubt.
export interface Piece {
  // Capitals and digits; ' ' where the recogniser saw a gap or a symbol.
  text: string;
  // One per character of `text` that is not a space.
  confidences: number[];
  left: number;
  top: number;
  right: number;
  bottom: number;
  vertical: boolean;
}

export interface NumberRead {
  number: string;
  valid: boolean;
  corrected: boolean;
  candidates: string[];
  confidence: number;
  cx: number;
  cy: number;
  characterSize: number;
}

export interface SizeTypeRead {
  code: string;
  confidence: number;
  cx: number;
  cy: number;
}

interface Character {
  character: string;
  confidence: number;
  // Starts a piece or follows a gap: a number starts and ends at such boundaries.
  boundaryBefore: boolean;
  piece: Piece;
}

const MAX_CHAIN = 4;
const CORRECTED_WEIGHT = 0.85;
const INVALID_WEIGHT = 0.5;
const UNALIGNED_WEIGHT = 0.75;
const MIN_CHARACTER_CONFIDENCE = 0.25;
const CORRECTION_CHECK_DIGIT_CONFIDENCE = 0.5;

export const characterSize = (piece: Piece) =>
  piece.vertical ? piece.right - piece.left : Math.min(piece.bottom - piece.top, (piece.right - piece.left) * 1.5);

const centreX = (piece: Piece) => (piece.left + piece.right) / 2;
const centreY = (piece: Piece) => (piece.top + piece.bottom) / 2;

// Does `next` continue `piece` in reading order: the same line to the right, the line below (left
// aligned), or further down a vertical column?
export function continues(piece: Piece, next: Piece): boolean {
  const sizeA = characterSize(piece);
  const sizeB = characterSize(next);
  const size = Math.max(sizeA, sizeB);
  if (size > Math.min(sizeA, sizeB) * 2) return false;
  const overlapX = Math.min(piece.right, next.right) - Math.max(piece.left, next.left);
  const overlapY = Math.min(piece.bottom, next.bottom) - Math.max(piece.top, next.top);
  if (!piece.vertical && !next.vertical) {
    const gapX = next.left - piece.right;
    if (
      centreX(next) > centreX(piece) &&
      overlapY >= 0.5 * Math.min(piece.bottom - piece.top, next.bottom - next.top) &&
      gapX <= 2.5 * size &&
      gapX >= -0.4 * size
    )
      return true;
  }
  const gapY = next.top - piece.bottom;
  if (centreY(next) <= centreY(piece) || gapY < -0.4 * size || gapY > 1.6 * size) return false;
  // Columns: overlapping, or slanted (fisheye) with centres less than a character width apart.
  if (piece.vertical || next.vertical)
    return (
      overlapX >= 0.3 * Math.min(piece.right - piece.left, next.right - next.left) ||
      Math.abs(centreX(next) - centreX(piece)) <= 0.8 * Math.max(piece.right - piece.left, next.right - next.left)
    );
  return Math.abs(next.left - piece.left) <= 1.2 * size;
}

function charactersOf(piece: Piece, cellBoundaries = true): Character[] {
  const characters: Character[] = [];
  let boundary = true;
  let index = 0;
  for (const character of piece.text) {
    if (character === ' ') {
      boundary = true;
      continue;
    }
    // In a column every character was cut out on its own, so each is a boundary: a stray mark
    // above the number must not hide it.
    characters.push({
      character,
      confidence: piece.confidences[index++] ?? 0,
      boundaryBefore: boundary || (cellBoundaries && piece.vertical),
      piece,
    });
    boundary = false;
  }
  return characters;
}

function chains(pieces: Piece[]): Piece[][] {
  const next = pieces.map((piece) => pieces.filter((other) => other !== piece && continues(piece, other)));
  const result: Piece[][] = [];
  const walk = (chain: Piece[], length: number) => {
    result.push(chain);
    if (chain.length >= MAX_CHAIN || length >= 22) return;
    const last = chain.at(-1)!;
    for (const candidate of next[pieces.indexOf(last)]!)
      if (!chain.includes(candidate)) walk([...chain, candidate], length + candidate.confidences.length);
  };
  for (const piece of pieces) walk([piece], piece.confidences.length);
  return result;
}

// Every plausible container number in the frame, best first; several reads of the same number
// keep the best.
export function readNumbers(pieces: Piece[]): NumberRead[] {
  const usable = pieces.filter((piece) => piece.confidences.length > 0);
  const best = new Map<string, NumberRead>();
  for (const chain of chains(usable)) {
    const characters = chain.flatMap((piece) => charactersOf(piece));
    // A chain is only worth its own windows: those that use its last piece (shorter chains cover the rest).
    for (let start = 0; start + 11 <= characters.length; start++) {
      const window = characters.slice(start, start + 11);
      if (window.at(-1)!.piece !== chain.at(-1) || window[0]!.piece !== chain[0]) continue;
      if (window.some((c) => c.confidence < MIN_CHARACTER_CONFIDENCE)) continue;
      const text = window.map((c) => c.character).join('');
      // More than two characters of the wrong kind: not a number, whatever the confusions allow.
      if (wrongClassPositions(text).length > 2) continue;
      const resolved = resolveContainerRead(text);
      if (!resolved) continue;
      // A correction is chosen by the check digit: read doubtfully, it decides nothing (a junk
      // character taken for the check digit once let a rarer correction make a wrong valid number).
      // The corrected number then goes to the operator as a doubtful read, first among its candidates.
      const resolution =
        resolved.corrected && window.at(-1)!.confidence < CORRECTION_CHECK_DIGIT_CONFIDENCE
          ? { ...resolved, valid: false, corrected: false, number: text, candidates: resolved.candidates }
          : resolved;
      const after = characters[start + 11];
      const startAligned = window[0]!.boundaryBefore;
      const endAligned = !after || after.boundaryBefore;
      // Only a number read exactly as it stands may start or end inside a run of text; a
      // correction or a doubtful read must be a whole run (junk text must not be bent into a number).
      if (!(resolution.valid && !resolution.corrected) && !(startAligned && endAligned)) continue;
      const aligned = (startAligned ? 1 : UNALIGNED_WEIGHT) * (endAligned ? 1 : UNALIGNED_WEIGHT);
      const mean = window.reduce((sum, c) => sum + c.confidence, 0) / window.length;
      const weight = !resolution.valid ? INVALID_WEIGHT : resolution.corrected ? CORRECTED_WEIGHT : 1;
      const number = resolution.number;
      // For a doubtful read: valid numbers one character away, the least confident character first.
      const candidates = resolution.valid
        ? resolution.candidates
        : [
            ...new Set([
              ...rankedCandidates(
                text,
                window.map((c) => c.confidence),
              ),
              ...resolution.candidates,
            ]),
          ].slice(0, 5);
      const first = window[0]!.piece;
      const read: NumberRead = {
        number,
        valid: resolution.valid,
        corrected: resolution.corrected,
        candidates,
        confidence: mean * weight * aligned,
        cx: (first.left + first.right) / 2,
        cy: (first.top + first.bottom) / 2,
        characterSize: characterSize(first),
      };
      const known = best.get(number);
      if (!known || known.confidence < read.confidence) best.set(number, read);
    }
  }
  return rank([...best.values()]);
}

// Valid reads first; an invalid read is kept only where no valid number was read near it (it is
// most likely a poorer read of that same number).
export function rank(reads: NumberRead[]): NumberRead[] {
  const valid = reads.filter((read) => read.valid).sort((a, b) => b.confidence - a.confidence);
  const near = (a: NumberRead, b: NumberRead) =>
    Math.hypot(a.cx - b.cx, a.cy - b.cy) < 12 * Math.max(a.characterSize, b.characterSize);
  const invalid = reads
    .filter((read) => !read.valid && !valid.some((other) => near(read, other) || similar(read.number, other.number)))
    .sort((a, b) => b.confidence - a.confidence);
  const keptInvalid: NumberRead[] = [];
  for (const read of invalid) if (!keptInvalid.some((other) => near(read, other))) keptInvalid.push(read);
  return [...valid, ...keptInvalid];
}

export function similar(a: string, b: string): boolean {
  let differences = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) differences++;
  return differences + Math.abs(a.length - b.length) <= 3;
}

// Size/type codes such as 22G1, 45R1, L5G1, with the usual digit/letter confusions in the
// position that must be a type letter or a digit.
const TYPE_LETTER_FOR_DIGIT: Readonly<Record<string, string>> = { '6': 'G', '8': 'B', '5': 'S', '0': 'U' };
const DIGIT_FOR_LETTER: Readonly<Record<string, string>> = { I: '1', L: '1', O: '0', D: '0', Z: '2', S: '5' };

export function readSizeTypes(pieces: Piece[]): SizeTypeRead[] {
  const reads: SizeTypeRead[] = [];
  for (const piece of pieces) {
    // A code is a whole word or column of its own, never four characters out of a number.
    const characters = charactersOf(piece, false);
    for (let start = 0; start + 4 <= characters.length; start++) {
      const window = characters.slice(start, start + 4);
      if (!window[0]!.boundaryBefore) continue;
      const after = characters[start + 4];
      if (after && !after.boundaryBefore) continue;
      let [length, height, group, detail] = window.map((c) => c.character) as [string, string, string, string];
      group = TYPE_LETTER_FOR_DIGIT[group] ?? group;
      detail = DIGIT_FOR_LETTER[detail] ?? detail;
      height = DIGIT_FOR_LETTER[height] ?? height;
      if (length === 'I') length = '1';
      const code = `${length}${height}${group}${detail}`;
      // Gate traffic is 20, 40 and 45 ft boxes (and the odd 10 or 30 ft) with numeric height codes;
      // the letter codes of special sizes are far likelier to be misread text.
      if (!/^[1-4L][0-9]/.test(code) || !sizeTypeCode(code)) continue;
      reads.push({
        code,
        confidence: window.reduce((sum, c) => sum + c.confidence, 0) / 4,
        cx: (piece.left + piece.right) / 2,
        cy: (piece.top + piece.bottom) / 2,
      });
    }
  }
  return reads.sort((a, b) => b.confidence - a.confidence);
}
