import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegDimensions } from '@openyard/contracts';
import { decodeImage, MAX_IMAGE_PIXELS, OcrImageError, rotateImage } from './image';

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 90, b: 90 } } })
    .jpeg({ quality: 30 })
    .toBuffer();

describe('decodeImage', () => {
  it('decodes a 12-megapixel gate camera frame (4000 × 3000)', async () => {
    const image = await decodeImage(await jpeg(4000, 3000));
    expect(image).toMatchObject({ width: 4000, height: 3000 });
    expect(image.data.length).toBe(4000 * 3000 * 3);
  });

  it('refuses an image over 12 megapixels before decoding it', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(12_000_000);
    const error = await decodeImage(await jpeg(4001, 3000)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OcrImageError);
    expect((error as Error).message).toMatch(/pixel limit/i);
  });
});

describe("the frame header the upload reads (contracts' jpegDimensions)", () => {
  it('says the size the decoder finds, for baseline and progressive JPEGs', async () => {
    const baseline = await jpeg(4001, 3000);
    expect(jpegDimensions(baseline)).toEqual({ width: 4001, height: 3000 });
    const progressive = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
      .jpeg({ progressive: true })
      .toBuffer();
    expect(jpegDimensions(progressive)).toEqual({ width: 640, height: 480 });
  });
});

describe('rotateImage', () => {
  it('turns an image on a canvas grown to hold it, the corners grey', async () => {
    const image = await decodeImage(await jpeg(200, 100));
    const turned = await rotateImage(image, 6);
    expect(turned.width).toBeGreaterThan(200);
    expect(turned.height).toBeGreaterThan(100);
    expect(turned.data.length).toBe(turned.width * turned.height * 3);
    expect([...turned.data.subarray(0, 3)]).toEqual([128, 128, 128]);
  });
});
