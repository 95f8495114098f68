import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import type { RgbImage } from './image';

// PP-OCR CRNN recognition with CTC decoding. Container markings are Latin capitals and digits, so
// the decoder folds lower case into upper case and treats every other symbol of the Chinese
// dictionary as a separator instead of forcing it onto a character.
export const LINE_HEIGHT = 48;

export interface RecognizedCharacter {
  character: string;
  confidence: number;
  // Horizontal position in the line image, 0..1.
  position: number;
}

export interface Recognized {
  // Capitals, digits and ' ' where a separator (space, bracket, other symbol) was read.
  text: string;
  characters: RecognizedCharacter[];
}

export class Alphabet {
  // Class index → folded character ('A'-'Z', '0'-'9'), or '' for anything else. Index 0 is blank.
  readonly folded: string[];

  constructor(dictionaryPath: string) {
    const lines = readFileSync(dictionaryPath, 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    this.folded = ['', ...lines.map((entry) => (/^[A-Za-z0-9]$/.test(entry) ? entry.toUpperCase() : '')), ''];
  }
}

export function recognizerInput(lines: RgbImage[]): ort.Tensor {
  const width = Math.max(...lines.map((line) => line.width));
  const plane = LINE_HEIGHT * width;
  const input = new Float32Array(lines.length * 3 * plane);
  lines.forEach((line, n) => {
    const base = n * 3 * plane;
    // Shorter lines of a batch are padded with their own edge colour (the paint behind the text),
    // which the recogniser takes for empty space more reliably than a flat grey.
    const edge = [0, 1, 2].map((c) => {
      let sum = 0;
      for (let y = 0; y < LINE_HEIGHT; y++) sum += line.data[(y * line.width + line.width - 1) * 3 + c]!;
      return sum / LINE_HEIGHT / 127.5 - 1;
    });
    for (let y = 0; y < LINE_HEIGHT; y++) {
      for (let x = 0; x < line.width; x++) {
        const p = (y * line.width + x) * 3;
        for (let c = 0; c < 3; c++) input[base + c * plane + y * width + x] = line.data[p + c]! / 127.5 - 1;
      }
      for (let x = line.width; x < width; x++)
        for (let c = 0; c < 3; c++) input[base + c * plane + y * width + x] = edge[c]!;
    }
  });
  return new ort.Tensor('float32', input, [lines.length, 3, LINE_HEIGHT, width]);
}

export function ctcDecode(scores: Float32Array, offset: number, steps: number, classes: number, alphabet: Alphabet) {
  const characters: RecognizedCharacter[] = [];
  let text = '';
  let previous = '';
  // The character being emitted: CTC repeats it over consecutive steps; its best step counts.
  let current: RecognizedCharacter | undefined;
  for (let t = 0; t < steps; t++) {
    const row = offset + t * classes;
    const blank = scores[row]!;
    const byCharacter = new Map<string, number>();
    let other = 0;
    for (let k = 1; k < classes; k++) {
      const p = scores[row + k]!;
      if (p < 0.01) continue;
      const character = alphabet.folded[k]!;
      if (character) byCharacter.set(character, (byCharacter.get(character) ?? 0) + p);
      else other += p;
    }
    let best = '';
    let bestScore = 0;
    for (const [character, p] of byCharacter)
      if (p > bestScore) {
        best = character;
        bestScore = p;
      }
    let token: string;
    if (blank >= bestScore && blank >= other) token = '';
    else if (bestScore >= other) token = best;
    else token = ' ';
    if (token !== previous) {
      current = undefined;
      if (token === ' ') {
        if (text && !text.endsWith(' ')) text += ' ';
      } else if (token) {
        text += token;
        current = { character: token, confidence: bestScore, position: (t + 0.5) / steps };
        characters.push(current);
      }
    } else if (current && bestScore > current.confidence) {
      current.confidence = bestScore;
    }
    previous = token;
  }
  return { text: text.trim(), characters };
}

export async function recognize(
  session: ort.InferenceSession,
  alphabet: Alphabet,
  lines: RgbImage[],
): Promise<Recognized[]> {
  if (lines.length === 0) return [];
  const feeds = { [session.inputNames[0]!]: recognizerInput(lines) };
  const output = (await session.run(feeds))[session.outputNames[0]!]!;
  const [batch, steps, classes] = output.dims as [number, number, number];
  const scores = output.data as Float32Array;
  const results: Recognized[] = [];
  for (let n = 0; n < batch; n++) results.push(ctcDecode(scores, n * steps * classes, steps, classes, alphabet));
  return results;
}
