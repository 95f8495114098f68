import { describe, expect, it } from 'vitest';
import { withLatestFrame } from './withLatestFrame';

const frame = (camera: 'Front' | 'Rear', capturedAt: number) => ({
  gateId: 1,
  camera,
  image: `frames/1/2026-11-25/${camera}-${capturedAt}.jpg`,
  capturedAt,
});

describe('withLatestFrame', () => {
  it('replaces a camera’s frame with a newer one, adds a first one, ignores an older one', () => {
    const feed = { frames: [{ ...frame('Front', 10), annotation: { boxes: [], updatedAt: 1, updatedBy: null } }] };
    expect(withLatestFrame(feed, frame('Front', 20)).frames).toEqual([{ ...frame('Front', 20), annotation: null }]);
    expect(withLatestFrame(feed, frame('Front', 5))).toBe(feed);
    expect(withLatestFrame(feed, frame('Rear', 1)).frames.map((shown) => shown.camera)).toEqual(['Front', 'Rear']);
  });
});
