import * as ort from 'onnxruntime-node';
import type { Region, RgbImage } from './image';

// PP-OCR DB-net text detection: the network gives a per-pixel text probability; text regions are
// the connected components of the thresholded map, grown back ("unclipped") by the margin the
// network was trained to shrink them by.
export interface TextBox extends Region {
  score: number;
  // Axis-aligned bounds in source pixels.
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];
const BINARY_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.5;
const UNCLIP_RATIO = 1.6;
const MIN_SIDE = 3;

export function detectorInput(image: RgbImage): ort.Tensor {
  const { width, height, data } = image;
  const plane = width * height;
  const input = new Float32Array(3 * plane);
  for (let i = 0, p = 0; i < plane; i++, p += 3)
    for (let c = 0; c < 3; c++) input[c * plane + i] = (data[p + c]! / 255 - MEAN[c]!) / STD[c]!;
  return new ort.Tensor('float32', input, [1, 3, height, width]);
}

// Components of the probability map as rotated rectangles, scaled by `scale` to source pixels.
export function boxesFromProbability(
  probability: Float32Array,
  width: number,
  height: number,
  scale: number,
  offsetX = 0,
  offsetY = 0,
): TextBox[] {
  const size = width * height;
  const label = new Int32Array(size);
  const stack = new Int32Array(size);
  const boxes: TextBox[] = [];
  let next = 0;
  for (let start = 0; start < size; start++) {
    if (label[start] !== 0 || probability[start]! <= BINARY_THRESHOLD) continue;
    next++;
    let top = 0;
    stack[top++] = start;
    label[start] = next;
    let count = 0;
    let sum = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    const pixels: number[] = [];
    while (top > 0) {
      const index = stack[--top]!;
      const x = index % width;
      const y = (index - x) / width;
      pixels.push(index);
      count++;
      sum += probability[index]!;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const neighbour = ny * width + nx;
          if (label[neighbour] === 0 && probability[neighbour]! > BINARY_THRESHOLD) {
            label[neighbour] = next;
            stack[top++] = neighbour;
          }
        }
      }
    }
    if (count < 6 || sum / count < BOX_THRESHOLD) continue;
    const mx = sx / count;
    const my = sy / count;
    const cxx = sxx / count - mx * mx;
    const cyy = syy / count - my * my;
    const cxy = sxy / count - mx * my;
    let angle = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
    // Keep the rectangle near the axes: width stays the horizontal extent, height the vertical one.
    if (angle > Math.PI / 4) angle -= Math.PI / 2;
    if (angle < -Math.PI / 4) angle += Math.PI / 2;
    // Small tilts only: a large one is more likely a blob than slanted text.
    if (Math.abs(angle) > Math.PI / 9) angle = 0;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const index of pixels) {
      const x = index % width;
      const y = (index - x) / width;
      const u = (x - mx) * cos + (y - my) * sin;
      const v = -(x - mx) * sin + (y - my) * cos;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    let w = maxU - minU + 1;
    let h = maxV - minV + 1;
    if (Math.min(w, h) < MIN_SIDE) continue;
    const grow = (w * h * UNCLIP_RATIO) / (2 * (w + h));
    const cu = (minU + maxU) / 2;
    const cv = (minV + maxV) / 2;
    const cx = mx + cu * cos - cv * sin;
    const cy = my + cu * sin + cv * cos;
    w += 2 * grow;
    h += 2 * grow;
    const halfX = (Math.abs(w * cos) + Math.abs(h * sin)) / 2;
    const halfY = (Math.abs(w * sin) + Math.abs(h * cos)) / 2;
    boxes.push({
      cx: (cx + 0.5) * scale + offsetX,
      cy: (cy + 0.5) * scale + offsetY,
      width: w * scale,
      height: h * scale,
      angle,
      score: sum / count,
      left: (cx + 0.5 - halfX) * scale + offsetX,
      top: (cy + 0.5 - halfY) * scale + offsetY,
      right: (cx + 0.5 + halfX) * scale + offsetX,
      bottom: (cy + 0.5 + halfY) * scale + offsetY,
    });
  }
  return boxes;
}

export async function detect(session: ort.InferenceSession, image: RgbImage, scale: number, offsetX = 0, offsetY = 0) {
  const feeds = { [session.inputNames[0]!]: detectorInput(image) };
  const output = (await session.run(feeds))[session.outputNames[0]!]!;
  const probability = output.data as Float32Array;
  return boxesFromProbability(probability, image.width, image.height, scale, offsetX, offsetY);
}
