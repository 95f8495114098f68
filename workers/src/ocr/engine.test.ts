import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@openyard/contracts/rules';
import { randomScene, renderContainerFrame, type ContainerScene } from '@openyard/simulator/frames';
import { evaluate } from './evaluate';
import { createOcrEngine, OcrImageError, type OcrEngine } from './index';

// The real gate photos are required in CI and skipped with a message where they are absent.
const FIXTURES = fileURLToPath(new URL('../../../../shared/fixtures/ocr-gate', import.meta.url));
const haveFixtures = existsSync(FIXTURES);
if (!haveFixtures && process.env.CI) throw new Error(`The OCR accuracy test needs the gate photos in ${FIXTURES}`);
if (!haveFixtures) console.warn(`Skipping the OCR accuracy test on real photos: ${FIXTURES} is absent`);

// Deterministic scenes: the same frames on every machine.
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let engine: OcrEngine;

beforeAll(async () => {
  engine = await createOcrEngine({ threads: 2 });
}, 60_000);

afterAll(async () => {
  await engine?.close();
});

// A container wall drawn at test time, without sensor noise, so every run sees the same pixels:
// corrugated paint, the number horizontally (owner code, serial, boxed check digit, size/type code
// below) or vertically (one character under another, check digit boxed, size/type code beside).
function wallSvg(number: string, sizeType: string, orientation: 'horizontal' | 'vertical', paint: string, ink: string) {
  const font = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold"';
  const stripes = Array.from(
    { length: 40 },
    (_, i) => `<rect x="${i * 34}" y="0" width="12" height="720" fill="#000" fill-opacity="0.12"/>`,
  ).join('');
  let marking: string;
  if (orientation === 'horizontal') {
    marking = `<text x="300" y="220" font-size="64" ${font} fill="${ink}">${number.slice(0, 4)}  ${number.slice(4, 10)}</text>
      <rect x="858" y="164" width="52" height="70" fill="none" stroke="${ink}" stroke-width="4"/>
      <text x="866" y="220" font-size="64" ${font} fill="${ink}">${number[10]}</text>
      <text x="560" y="320" font-size="64" ${font} fill="${ink}">${sizeType}</text>`;
  } else {
    const characters = [...number].map((character, index) => {
      const y = 90 + index * 52 + (index >= 4 ? 18 : 0) + (index === 10 ? 12 : 0);
      return `<text x="640" y="${y}" font-size="46" ${font} fill="${ink}" text-anchor="middle">${character}</text>`;
    });
    const box = `<rect x="618" y="${90 + 10 * 52 + 30 - 40}" width="44" height="50" fill="none" stroke="${ink}" stroke-width="3"/>`;
    const code = [...sizeType].map(
      (character, index) =>
        `<text x="760" y="${90 + index * 52}" font-size="46" ${font} fill="${ink}" text-anchor="middle">${character}</text>`,
    );
    marking = [...characters, box, ...code].join('');
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="${paint}"/>${stripes}${marking}</svg>`;
}

const renderWall = (...args: Parameters<typeof wallSvg>) =>
  sharp(Buffer.from(wallSvg(...args)))
    .jpeg({ quality: 85 })
    .toBuffer();

describe('OCR engine on container frames rendered at test time', () => {
  it.each([
    [withCheckDigit('CSQU305438'), '22G1', 'horizontal', '#8c2a22', '#f2f2f2'],
    [withCheckDigit('MSKU991361'), '45G1', 'horizontal', '#c9b25a', '#1b1b1b'],
    [withCheckDigit('TGHU270336'), '22G1', 'vertical', '#1d3d7a', '#f2f2f2'],
    [withCheckDigit('OOLU753129'), '45R1', 'vertical', '#5b6b3a', '#f2f2f2'],
    [withCheckDigit('CAIU985754'), '22G1', 'vertical', '#e8e4da', '#1b1b1b'],
  ] as const)(
    'reads %s (%s, %s)',
    async (number, sizeType, orientation, paint, ink) => {
      const frame = await engine.readFrame(await renderWall(number, sizeType, orientation, paint, ink));
      expect(frame.containers[0]).toMatchObject({ number, valid: true, sizeType });
      // Only the one number is in the picture: nothing else may be reported valid.
      expect(frame.containers.filter((read) => read.valid).map((read) => read.number)).toEqual([number]);
      expect(frame.modelMs).toBeGreaterThan(0);
      expect(frame.totalMs).toBeGreaterThanOrEqual(frame.modelMs);
    },
    60_000,
  );

  // The simulator's camera frames (what `npm start` feeds the OCR queue) read as well.
  it('reads a frame of the simulator camera', async () => {
    const random = seeded(2);
    const scene: ContainerScene = { ...randomScene(random), orientation: 'vertical', view: 'side' };
    const frame = await engine.readFrame(await renderContainerFrame(scene, random));
    expect(frame.containers[0]).toMatchObject({ number: scene.containerNumber, valid: true });
  }, 60_000);

  it('finds no container number on a frame without one', async () => {
    const empty = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#6d6a63' } })
      .jpeg()
      .toBuffer();
    expect((await engine.readFrame(empty)).containers).toEqual([]);
  }, 60_000);

  it('rejects an undecodable image with OcrImageError and keeps working', async () => {
    const jpeg = await renderContainerFrame(randomScene(seeded(5)), seeded(5));
    await expect(engine.readFrame(jpeg.subarray(0, 200))).rejects.toBeInstanceOf(OcrImageError);
    await expect(engine.readFrame(Buffer.from('not an image'))).rejects.toBeInstanceOf(OcrImageError);
    await expect(engine.readFrame(Buffer.alloc(0))).rejects.toBeInstanceOf(OcrImageError);
    expect((await engine.readFrame(jpeg)).containers.length).toBeGreaterThan(0);
  }, 60_000);
});

describe.skipIf(!haveFixtures)('OCR engine on the real gate photos', () => {
  // About 0.5 s per photo on a quiet 2-core machine; generous for a busy one.
  it('meets the accuracy floor: ≥ 90 % per image, every visit, no wrong-but-valid number', async () => {
    const { images, visits } = await evaluate(engine, FIXTURES);
    const perImage = images.filter((result) => result.correct).length / images.length;
    const failures = images.filter((result) => !result.correct).map((result) => result.label.image);
    expect(images.length).toBeGreaterThanOrEqual(30);
    expect(images.flatMap((result) => result.wrongButValid)).toEqual([]);
    expect(visits.flatMap((visit) => visit.wrongButValid)).toEqual([]);
    expect(perImage, `missed: ${failures.join(', ')}`).toBeGreaterThanOrEqual(0.9);
    expect(visits.filter((visit) => !visit.correct).map((visit) => visit.visit)).toEqual([]);
  }, 300_000);
});
