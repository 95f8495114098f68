import sharp from 'sharp';
import { sampleRegion, toGrey, type Region, type RgbImage } from './image';
import { LINE_HEIGHT } from './recognize';

// Vertical markings are written one upright character under another, which a line recogniser
// cannot read turned on its side. The column is cut into characters along the gaps of its ink
// profile and the characters are laid side by side into an ordinary line.
export interface CharacterCell {
  // Row span in the sampled column, in source pixels from the column's top.
  top: number;
  bottom: number;
}

const COLUMN_WIDTH = 40;
const GAP = 10;

// Ink = distance from the column's typical (background) grey, thresholded by Otsu.
function inkMask(grey: Float32Array): Uint8Array {
  const sorted = Float32Array.from(grey).sort();
  const background = sorted[Math.floor(sorted.length / 2)]!;
  const distance = grey.map((g) => Math.abs(g - background));
  const histogram = new Float64Array(256);
  for (const d of distance) histogram[Math.min(255, Math.round(d))]!++;
  let total = 0;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) {
    total += histogram[i]!;
    sumAll += i * histogram[i]!;
  }
  let weightBack = 0;
  let sumBack = 0;
  let best = 0;
  let threshold = 40;
  for (let i = 0; i < 256; i++) {
    weightBack += histogram[i]!;
    if (weightBack === 0) continue;
    const weightFore = total - weightBack;
    if (weightFore === 0) break;
    sumBack += i * histogram[i]!;
    const meanBack = sumBack / weightBack;
    const meanFore = (sumAll - sumBack) / weightFore;
    const between = weightBack * weightFore * (meanBack - meanFore) ** 2;
    if (between > best) {
      best = between;
      threshold = i;
    }
  }
  threshold = Math.max(threshold, 25);
  return Uint8Array.from(distance, (d) => (d > threshold ? 1 : 0));
}

// Character rows of a column sampled `width` wide and `height` tall.
export function segmentColumn(grey: Float32Array, width: number, height: number): CharacterCell[] {
  const mask = inkMask(grey);
  // Ignore the outer columns: box outlines and neighbouring marks live there.
  const margin = Math.floor(width * 0.12);
  const profile = new Float32Array(height);
  for (let y = 0; y < height; y++) {
    let ink = 0;
    for (let x = margin; x < width - margin; x++) ink += mask[y * width + x]!;
    profile[y] = ink / (width - 2 * margin);
  }
  const runs: CharacterCell[] = [];
  let start = -1;
  for (let y = 0; y <= height; y++) {
    const inked = y < height && profile[y]! > 0.04;
    if (inked && start < 0) start = y;
    if (!inked && start >= 0) {
      runs.push({ top: start, bottom: y });
      start = -1;
    }
  }
  // Character width from the ink's horizontal extent; painted characters are 1.2-1.9 times as
  // tall as wide, so two pieces that together stay under twice the width are one broken character.
  const columnInk = new Float32Array(width);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) columnInk[x]! += mask[y * width + x]!;
  let left = width;
  let right = 0;
  for (let x = 0; x < width; x++)
    if (columnInk[x]! > height * 0.04) {
      left = Math.min(left, x);
      right = Math.max(right, x + 1);
    }
  const characterWidth = Math.max(width * 0.35, right - left);
  const merged: CharacterCell[] = [];
  for (const run of runs) {
    const last = merged.at(-1);
    if (last && run.bottom - last.top <= characterWidth * 2 && run.top - last.bottom <= characterWidth * 0.6)
      last.bottom = run.bottom;
    else merged.push({ ...run });
  }
  const cells: CharacterCell[] = [];
  for (const cell of merged) {
    const size = cell.bottom - cell.top;
    if (size < characterWidth * 0.3) continue;
    const parts = size > characterWidth * 2.4 ? Math.round(size / (characterWidth * 1.7)) : 1;
    for (let i = 0; i < parts; i++)
      cells.push({ top: cell.top + (size * i) / parts, bottom: cell.top + (size * (i + 1)) / parts });
  }
  return cells;
}

// Characters laid side by side into an ordinary line for the recogniser, each sampled upright from
// its own cell (source pixels), so a slanted column (fisheye lens) reads as well as a straight one.
export function cellsToLine(image: RgbImage, cells: Region[], background: number[]): RgbImage {
  // Each character fills most of the line height and sits on plain background, so neighbours
  // above and below (tightly spaced columns) do not bleed into it.
  const inner = Math.round(LINE_HEIGHT * 0.8);
  const offset = Math.floor((LINE_HEIGHT - inner) / 2);
  const pieces = cells.map((cell) =>
    sampleRegion(image, cell, Math.max(8, Math.round((inner * cell.width) / cell.height)), inner),
  );
  const width = pieces.reduce((sum, piece) => sum + piece.width + GAP, GAP);
  const data = new Uint8Array(width * LINE_HEIGHT * 3);
  for (let i = 0; i < data.length; i += 3) data.set(background, i);
  let x = GAP;
  for (const piece of pieces) {
    for (let y = 0; y < inner; y++)
      data.set(piece.data.subarray(y * piece.width * 3, (y + 1) * piece.width * 3), ((y + offset) * width + x) * 3);
    x += piece.width + GAP;
  }
  return { width, height: LINE_HEIGHT, data };
}

// A detected column box cut into characters along the gaps of its ink profile.
export function columnToLine(image: RgbImage, column: Region): { line: RgbImage; cells: number } | null {
  const scale = COLUMN_WIDTH / column.width;
  const height = Math.max(8, Math.round(column.height * scale));
  const upright = sampleRegion(image, column, COLUMN_WIDTH, height);
  const found = segmentColumn(toGrey(upright), COLUMN_WIDTH, height);
  if (found.length < 2) return null;
  const cos = Math.cos(column.angle);
  const sin = Math.sin(column.angle);
  const cells = found.map((cell) => {
    const pad = 3;
    const top = Math.max(0, cell.top - pad);
    const bottom = Math.min(height, cell.bottom + pad);
    const cellHeight = Math.max(bottom - top, COLUMN_WIDTH * 0.8) / scale;
    // Offset along the column from its centre, in source pixels.
    const v = ((top + bottom) / 2 - height / 2) / scale;
    return {
      cx: column.cx - v * sin,
      cy: column.cy + v * cos,
      width: column.width,
      height: cellHeight,
      angle: column.angle,
    };
  });
  return { line: cellsToLine(image, cells, medianColour(upright)), cells: cells.length };
}

function medianColour(image: RgbImage): number[] {
  const channels = [0, 1, 2].map((c) => {
    const values = new Uint8Array(image.width * image.height);
    for (let i = 0; i < values.length; i++) values[i] = image.data[i * 3 + c]!;
    values.sort();
    return values[values.length >> 1]!;
  });
  return channels;
}

// Vertical numbers are thin, tall and sit on corrugated steel, where the text detector often
// misses them. This finder looks for what they are made of: character-sized blobs of ink (light on
// dark or dark on light) stacked one under another with even spacing and no neighbours at their
// sides. It works on a half-size grey image; regions come back in source pixels.
const FINDER_WIDTH = 960;
const CONTRASTS = [22, 48];
const MIN_STACK = 4;

interface Blob {
  left: number;
  top: number;
  right: number;
  bottom: number;
  pixels: number;
  // The box painted around it (a boxed check digit).
  frame?: Blob;
}

export interface FoundColumn {
  // Bounds in source pixels.
  left: number;
  top: number;
  right: number;
  bottom: number;
  line: RgbImage;
  // Character cells, top to bottom, in source pixels.
  cells: Region[];
  background: number[];
}

export async function findColumns(image: RgbImage): Promise<FoundColumn[]> {
  const scale = Math.min(1, FINDER_WIDTH / image.width);
  const width = Math.round(image.width * scale);
  const height = Math.round(image.height * scale);
  const grey = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer();
  // Local mean over a window about two character widths across (separable running sums).
  const radius = Math.max(6, Math.round(height / 45));
  const size = width * height;
  const horizontal = new Int32Array(size);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= Math.min(radius, width - 1); x++) sum += grey[row + x]!;
    for (let x = 0; x < width; x++) {
      horizontal[row + x] = sum;
      if (x + radius + 1 < width) sum += grey[row + x + radius + 1]!;
      if (x - radius >= 0) sum -= grey[row + x - radius]!;
    }
  }
  const countX = new Int32Array(width);
  for (let x = 0; x < width; x++) countX[x] = Math.min(width - 1, x + radius) - Math.max(0, x - radius) + 1;
  const difference = new Float32Array(size);
  const column = new Int32Array(width);
  for (let y = 0; y <= Math.min(radius, height - 1); y++)
    for (let x = 0; x < width; x++) column[x]! += horizontal[y * width + x]!;
  for (let y = 0; y < height; y++) {
    const countY = Math.min(height - 1, y + radius) - Math.max(0, y - radius) + 1;
    const row = y * width;
    for (let x = 0; x < width; x++) difference[row + x] = grey[row + x]! - column[x]! / (countX[x]! * countY);
    const add = y + radius + 1 < height ? (y + radius + 1) * width : -1;
    const remove = y - radius >= 0 ? (y - radius) * width : -1;
    for (let x = 0; x < width; x++) {
      if (add >= 0) column[x]! += horizontal[add + x]!;
      if (remove >= 0) column[x]! -= horizontal[remove + x]!;
    }
  }
  // Two contrast levels: the lower finds faint paint, the higher separates white characters from
  // a bright background (a sunlit corrugation) that the lower merges them with.
  const masks: [Uint8Array, number][] = [];
  for (const contrast of CONTRASTS) {
    const bright = new Uint8Array(difference.length);
    const dark = new Uint8Array(difference.length);
    for (let i = 0; i < difference.length; i++) {
      const d = difference[i]!;
      if (d > contrast) bright[i] = 1;
      else if (d < -contrast) dark[i] = 1;
    }
    masks.push([bright, 0], [dark, 255]);
  }
  const columns: FoundColumn[] = [];
  const work = new Int32Array(size);
  for (const [mask, polarity] of masks)
    for (const stack of stacks(characterBlobs(mask, width, height, work))) {
      // A straight line through the centres follows a slanted column.
      const ys = stack.map((b) => (b.top + b.bottom) / 2);
      const xs = stack.map((b) => (b.left + b.right) / 2);
      const my = ys.reduce((a, b) => a + b, 0) / ys.length;
      const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
      const slope =
        ys.reduce((sum, y, i) => sum + (y - my) * (xs[i]! - mx), 0) /
        Math.max(
          1e-6,
          ys.reduce((sum, y) => sum + (y - my) ** 2, 0),
        );
      const characterWidth = Math.max(...stack.map((b) => b.right - b.left));
      const characterHeight = median(stack.map((b) => b.bottom - b.top));
      const cells: Region[] = stack.map((b) => {
        const cy = (b.top + b.bottom) / 2;
        const cell = {
          cx: (mx + slope * (cy - my)) / scale,
          cy: cy / scale,
          width: (Math.max(characterWidth, characterHeight * 0.6) * 1.35) / scale,
          height: (Math.max(b.bottom - b.top, characterHeight * 0.8) + 2) / scale,
          angle: 0,
        };
        // Inside its box only: the outline would read as extra strokes (1, I).
        if (!b.frame) return cell;
        const frame = b.frame;
        return {
          ...cell,
          cx: (frame.left + frame.right) / 2 / scale,
          width: Math.min(cell.width, ((frame.right - frame.left) * 0.78) / scale),
          height: Math.min(cell.height, ((frame.bottom - frame.top) * 0.86) / scale),
        };
      });
      // The background of light text is dark and the other way round; the recogniser cares little.
      const background = backgroundNear(image, cells, polarity);
      const line = cellsToLine(image, cells, background);
      columns.push({
        left: Math.min(...stack.map((b) => b.left)) / scale,
        right: Math.max(...stack.map((b) => b.right)) / scale,
        top: Math.min(...stack.map((b) => b.top)) / scale,
        bottom: Math.max(...stack.map((b) => b.bottom)) / scale,
        line,
        cells,
        background,
      });
    }
  // The same column found at both levels: keep the reading with more characters.
  const overlap = (a: FoundColumn, b: FoundColumn) =>
    Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
    Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const area = (c: FoundColumn) => (c.right - c.left) * (c.bottom - c.top);
  columns.sort((a, b) => b.cells.length - a.cells.length);
  return columns.filter(
    (column, index) =>
      !columns.slice(0, index).some((kept) => overlap(column, kept) > 0.5 * Math.min(area(column), area(kept))),
  );
}

// The colour around the first cell, just outside it: the paint the characters are written on.
function backgroundNear(image: RgbImage, cells: Region[], fallback: number): number[] {
  const cell = cells[0]!;
  const x = Math.round(Math.min(image.width - 1, Math.max(0, cell.cx + cell.width * 0.75)));
  const y = Math.round(Math.min(image.height - 1, Math.max(0, cell.cy)));
  const index = (y * image.width + x) * 3;
  const colour = [image.data[index]!, image.data[index + 1]!, image.data[index + 2]!];
  return colour.every((c) => c !== undefined) ? colour : [fallback, fallback, fallback];
}

function characterBlobs(mask: Uint8Array, width: number, height: number, stack: Int32Array): Blob[] {
  // The mask doubles as the visited marker: 1 is ink not yet in a blob, 2 is ink in one.
  const blobs: Blob[] = [];
  const maxHeight = height / 8;
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== 1) continue;
    let top = 0;
    stack[top++] = start;
    mask[start] = 2;
    const blob: Blob = { left: width, top: height, right: 0, bottom: 0, pixels: 0 };
    const members: number[] = [];
    while (top > 0) {
      const index = stack[--top]!;
      const x = index % width;
      const y = (index - x) / width;
      members.push(index);
      blob.pixels++;
      if (x < blob.left) blob.left = x;
      if (x + 1 > blob.right) blob.right = x + 1;
      if (y < blob.top) blob.top = y;
      if (y + 1 > blob.bottom) blob.bottom = y + 1;
      if (x > 0 && mask[index - 1] === 1) {
        mask[index - 1] = 2;
        stack[top++] = index - 1;
      }
      if (x < width - 1 && mask[index + 1] === 1) {
        mask[index + 1] = 2;
        stack[top++] = index + 1;
      }
      if (index >= width && mask[index - width] === 1) {
        mask[index - width] = 2;
        stack[top++] = index - width;
      }
      if (index + width < mask.length && mask[index + width] === 1) {
        mask[index + width] = 2;
        stack[top++] = index + width;
      }
    }
    const h = blob.bottom - blob.top;
    const w = blob.right - blob.left;
    // Characters touching each other (or joined by a bright background) form one tall blob: cut
    // it where its rows thin out.
    const parts = h > w * 2.6 && h <= maxHeight * 2.5 && w >= 4 ? splitTall(blob, members, width) : [blob];
    for (const part of parts) {
      const ph = part.bottom - part.top;
      const pw = part.right - part.left;
      const fill = part.pixels / (pw * ph);
      if (ph >= 7 && ph <= maxHeight && pw >= 2 && pw <= ph * 1.3 && ph <= pw * 8 && fill > 0.12 && fill < 0.9)
        blobs.push(part);
    }
  }
  // A boxed check digit: the box outline encloses the digit; keep the digit and remember its box.
  const inside = (inner: Blob, outer: Blob) =>
    inner !== outer &&
    inner.left >= outer.left &&
    inner.right <= outer.right &&
    inner.top >= outer.top &&
    inner.bottom <= outer.bottom;
  for (const inner of blobs) inner.frame = blobs.find((outer) => inside(inner, outer));
  return blobs.filter((outer) => !blobs.some((inner) => inside(inner, outer)));
}

function splitTall(blob: Blob, members: number[], width: number): Blob[] {
  const height = blob.bottom - blob.top;
  const rows = new Float32Array(height);
  for (const index of members) rows[Math.floor(index / width) - blob.top]!++;
  const filled = [...rows].filter((count) => count > 0).sort((a, b) => a - b);
  const typical = filled[filled.length >> 1] ?? 0;
  const threshold = typical * 0.3;
  const parts: Blob[] = [];
  let start = -1;
  for (let y = 0; y <= height; y++) {
    const thick = y < height && rows[y]! > threshold;
    if (thick && start < 0) start = y;
    if (!thick && start >= 0) {
      const part: Blob = { left: blob.right, top: blob.top + start, right: blob.left, bottom: blob.top + y, pixels: 0 };
      for (const index of members) {
        const row = Math.floor(index / width);
        if (row < part.top || row >= part.bottom) continue;
        const x = index % width;
        part.pixels++;
        if (x < part.left) part.left = x;
        if (x + 1 > part.right) part.right = x + 1;
      }
      parts.push(part);
      start = -1;
    }
  }
  return parts;
}

// Chains of blobs of similar height, centred on one vertical line, evenly spaced, with nothing of
// their size right beside them (that would be a horizontal word).
function stacks(blobs: Blob[]): Blob[][] {
  const h = (b: Blob) => b.bottom - b.top;
  const cx = (b: Blob) => (b.left + b.right) / 2;
  // Sorted by top, so the blobs in a band of rows are found by binary search.
  const byTop = [...blobs].sort((a, b) => a.top - b.top);
  const firstFrom = (list: Blob[], top: number) => {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (list[middle]!.top < top) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const hasSideNeighbour = (blob: Blob) => {
    for (let i = firstFrom(byTop, blob.top - h(blob)); i < byTop.length && byTop[i]!.top < blob.bottom; i++) {
      const other = byTop[i]!;
      if (
        other !== blob &&
        Math.abs(h(other) - h(blob)) < 0.35 * h(blob) &&
        Math.min(blob.bottom, other.bottom) - Math.max(blob.top, other.top) > 0.6 * h(blob) &&
        Math.max(other.left - blob.right, blob.left - other.right) < 0.45 * h(blob)
      )
        return true;
    }
    return false;
  };
  const alone = byTop.filter((blob) => !hasSideNeighbour(blob));
  const used = new Set<Blob>();
  const found: Blob[][] = [];
  for (const first of alone) {
    if (used.has(first)) continue;
    const chain = [first];
    for (;;) {
      const last = chain.at(-1)!;
      let next: Blob | undefined;
      for (let i = firstFrom(alone, last.bottom - 0.2 * h(last)); i < alone.length; i++) {
        const b = alone[i]!;
        if (b.top - last.bottom >= 1.3 * h(last)) break;
        if (
          !used.has(b) &&
          !chain.includes(b) &&
          Math.abs(cx(b) - cx(last)) < 0.35 * Math.max(h(b), h(last)) &&
          Math.max(h(b), h(last)) < 1.45 * Math.min(h(b), h(last))
        ) {
          next = b;
          break;
        }
      }
      if (!next) break;
      chain.push(next);
    }
    if (chain.length >= MIN_STACK) {
      chain.forEach((b) => used.add(b));
      found.push(chain);
    }
  }
  return found;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

// The cells one character pitch above the first and below the last cell of a column: where a
// character the finder lost (touching a fitting, on a glare strip) would be.
export function neighbourCells(column: FoundColumn): { above: Region; below: Region } | null {
  const cells = column.cells;
  if (cells.length < 2) return null;
  const first = cells[0]!;
  const last = cells.at(-1)!;
  const steps = cells.slice(1).map((cell, i) => ({ dx: cell.cx - cells[i]!.cx, dy: cell.cy - cells[i]!.cy }));
  const pitch = steps.map((step) => step.dy).sort((a, b) => a - b)[steps.length >> 1]!;
  const slope = (last.cx - first.cx) / Math.max(1, last.cy - first.cy);
  return {
    above: { ...first, cx: first.cx - slope * pitch, cy: first.cy - pitch },
    below: { ...last, cx: last.cx + slope * pitch, cy: last.cy + pitch },
  };
}
