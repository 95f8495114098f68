import { describe, expect, it } from 'vitest';
import { jpegDimensions } from './ocr';

const sof = (marker: number, width: number, height: number) => [
  ...[0xff, marker, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03],
  ...[0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01],
];
const app0 = [
  0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
];
const dht = [0xff, 0xc4, 0x00, 0x04, 0x00, 0x00];

describe('jpegDimensions', () => {
  it('reads the frame header after the segments before it, baseline and progressive', () => {
    expect(jpegDimensions(new Uint8Array([0xff, 0xd8, ...app0, ...dht, ...sof(0xc0, 4000, 3000)]))).toEqual({
      width: 4000,
      height: 3000,
    });
    expect(jpegDimensions(new Uint8Array([0xff, 0xd8, ...app0, 0xff, ...sof(0xc2, 65_000, 65_000)]))).toEqual({
      width: 65_000,
      height: 65_000,
    });
  });

  it('answers null for what is not a JPEG, or has no frame header before its scan', () => {
    expect(jpegDimensions(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(jpegDimensions(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(jpegDimensions(new Uint8Array([0xff, 0xd8, ...app0, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]))).toBeNull();
    expect(jpegDimensions(new Uint8Array([0xff, 0xd8, ...app0, 0x12, 0x34]))).toBeNull();
    expect(jpegDimensions(new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08]))).toBeNull();
  });
});
