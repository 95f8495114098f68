import sharp from 'sharp';
import { MAX_FRAME_PIXELS } from '@openyard/contracts';

// A decoded image kept in memory as packed RGB bytes: detection resizes it once, recognition samples
// text boxes straight from the full resolution, where the small painted numbers keep their detail.
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export class OcrImageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OcrImageError';
  }
}

// Gate cameras take at most 12 megapixels (contracts' MAX_FRAME_PIXELS); a larger image is refused
// from its header before it is decoded, so one frame cannot take hundreds of megabytes of memory.
export const MAX_IMAGE_PIXELS = MAX_FRAME_PIXELS;

export async function decodeImage(bytes: Buffer): Promise<RgbImage> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new OcrImageError('The image is empty.');
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new OcrImageError(`Expected 3 colour channels, got ${info.channels}.`);
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch (error) {
    if (error instanceof OcrImageError) throw error;
    throw new OcrImageError(`The image cannot be decoded: ${(error as Error).message}`, { cause: error });
  }
}

// The whole image resized to exactly width × height (for the detector).
export async function resizeImage(image: RgbImage, width: number, height: number): Promise<RgbImage> {
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

// The image turned by `degrees` (clockwise) on a canvas grown to hold it, the corners filled grey.
export async function rotateImage(image: RgbImage, degrees: number): Promise<RgbImage> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .rotate(degrees, { background: { r: 128, g: 128, b: 128 } })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

// A rectangle of the source (centre, size, rotation in radians) sampled bilinearly into an
// outWidth × outHeight image: crops, de-skews and turns vertical text in one pass.
export interface Region {
  cx: number;
  cy: number;
  width: number;
  height: number;
  angle: number;
}

export function sampleRegion(image: RgbImage, region: Region, outWidth: number, outHeight: number): RgbImage {
  const out = new Uint8Array(outWidth * outHeight * 3);
  const cos = Math.cos(region.angle);
  const sin = Math.sin(region.angle);
  const stepX = region.width / outWidth;
  const stepY = region.height / outHeight;
  const { width, height, data } = image;
  for (let y = 0; y < outHeight; y++) {
    const v = (y + 0.5) * stepY - region.height / 2;
    for (let x = 0; x < outWidth; x++) {
      const u = (x + 0.5) * stepX - region.width / 2;
      let sx = region.cx + u * cos - v * sin - 0.5;
      let sy = region.cy + u * sin + v * cos - 0.5;
      sx = Math.min(Math.max(sx, 0), width - 1.001);
      sy = Math.min(Math.max(sy, 0), height - 1.001);
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = (y0 * width + x0) * 3;
      const i01 = i00 + 3;
      const i10 = i00 + width * 3;
      const i11 = i10 + 3;
      const o = (y * outWidth + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = data[i00 + c]! * (1 - fx) + data[i01 + c]! * fx;
        const bottom = data[i10 + c]! * (1 - fx) + data[i11 + c]! * fx;
        out[o + c] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return { width: outWidth, height: outHeight, data: out };
}

// Grey levels (0-255) of an RGB image.
export function toGrey(image: RgbImage): Float32Array {
  const grey = new Float32Array(image.width * image.height);
  for (let i = 0, p = 0; i < grey.length; i++, p += 3)
    grey[i] = 0.299 * image.data[p]! + 0.587 * image.data[p + 1]! + 0.114 * image.data[p + 2]!;
  return grey;
}
