import sharp from 'sharp';
import type { Label } from './evaluate';

// Measuring recall on photos the engine was not tuned on (issue 16). The split is fixed by visit
// id, decided before any result was looked at: the visits sorted by id, every third one (the 3rd,
// 6th, 9th ...) is held out. Rules are tuned on the other visits only; the held-out visits, and
// the augmented views of them below, only measure.
export function isHeldOut(visit: string, visits: string[]): boolean {
  const sorted = [...new Set(visits)].sort();
  return sorted.indexOf(visit) % 3 === 2;
}

export function splitLabels(labels: Label[]): { tuning: Label[]; heldOut: Label[] } {
  const visits = labels.map((label) => label.visit);
  return {
    tuning: labels.filter((label) => !isHeldOut(label.visit, visits)),
    heldOut: labels.filter((label) => isHeldOut(label.visit, visits)),
  };
}

// The kinds of views the engine misses on unseen gate photos, made from a photo with sharp: a
// small rotation (a truck not square to the camera), a smaller scale (a longer or farther box),
// a crop that leaves the number off-centre, and a harder JPEG compression. Generic transforms,
// the same for every photo; nothing is keyed to a file.
export interface Augmentation {
  name: string;
  // Degrees, clockwise.
  rotate: number;
  scale: number;
  // Share of the width and height cut away, and from which side (0 = all from the left/top).
  crop: number;
  cropAt: number;
  quality: number;
}

export const AUGMENTATIONS: Augmentation[] = [
  { name: 'rot+6 s0.75', rotate: 6, scale: 0.75, crop: 0, cropAt: 0.5, quality: 85 },
  { name: 'rot-7 crop q60', rotate: -7, scale: 1, crop: 0.2, cropAt: 0.1, quality: 60 },
  { name: 's0.6 crop q70', rotate: 0, scale: 0.6, crop: 0.15, cropAt: 0.9, quality: 70 },
  { name: 'rot+5 s0.8 q50', rotate: 5, scale: 0.8, crop: 0.1, cropAt: 0.5, quality: 50 },
];

export async function augment(jpeg: Buffer, augmentation: Augmentation): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  const keepWidth = Math.round(width * (1 - augmentation.crop));
  const keepHeight = Math.round(height * (1 - augmentation.crop));
  const cropped = await sharp(jpeg)
    .extract({
      left: Math.round((width - keepWidth) * augmentation.cropAt),
      top: Math.round((height - keepHeight) * (1 - augmentation.cropAt)),
      width: keepWidth,
      height: keepHeight,
    })
    .resize(Math.round(keepWidth * augmentation.scale), Math.round(keepHeight * augmentation.scale))
    .toBuffer();
  let pipeline = sharp(cropped);
  if (augmentation.rotate !== 0) {
    // Rotate, then cut back to the rotated frame's inner size so no grey corners dominate.
    pipeline = sharp(await pipeline.rotate(augmentation.rotate, { background: '#808080' }).toBuffer());
    const meta = await pipeline.metadata();
    const w = Math.round(keepWidth * augmentation.scale);
    const h = Math.round(keepHeight * augmentation.scale);
    pipeline = pipeline.extract({
      left: Math.round(((meta.width ?? w) - w) / 2),
      top: Math.round(((meta.height ?? h) - h) / 2),
      width: w,
      height: h,
    });
  }
  return pipeline.jpeg({ quality: augmentation.quality }).toBuffer();
}
