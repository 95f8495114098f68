import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, isValidContainerNumber, sizeTypeCode } from '@openyard/contracts';
import { LINERS } from '@openyard/server/db/seed/reference-data';
import {
  FRAME_HEIGHT,
  FRAME_WIDTH,
  folderFrames,
  folderVisits,
  randomContainerNumber,
  randomScene,
  renderContainerFrame,
  type ContainerScene,
} from './frames';

const OWNER_PREFIXES = new Set(LINERS.flatMap((liner) => liner.prefixes));

describe('rendered container frames', () => {
  it('uses real owner codes and a correct check digit', () => {
    for (let index = 0; index < 200; index++) {
      const number = randomContainerNumber();
      expect(isValidContainerNumber(number), number).toBe(true);
      expect(OWNER_PREFIXES.has(number.slice(0, 4)), number).toBe(true);
      expect(sizeTypeCode(randomScene().sizeType)).not.toBeNull();
    }
  });

  it.each<Pick<ContainerScene, 'view' | 'orientation'>>([
    { view: 'door', orientation: 'horizontal' },
    { view: 'side', orientation: 'vertical' },
    { view: 'side', orientation: 'horizontal' },
    { view: 'door', orientation: 'vertical' },
  ])('renders a $view with a $orientation number as a 1280x720 JPEG', async (layout) => {
    const scene: ContainerScene = { ...randomScene(), ...layout };
    const jpeg = await renderContainerFrame(scene);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const metadata = await sharp(jpeg).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', FRAME_WIDTH, FRAME_HEIGHT]);
    // A flat or empty picture would compress far smaller than a textured scene.
    expect(jpeg.length).toBeGreaterThan(30_000);
    const { channels } = await sharp(jpeg).stats();
    expect(channels[0]!.stdev).toBeGreaterThan(5);
  });

  it('travels in the frame envelope and decodes back to the same JPEG', async () => {
    const jpeg = await renderContainerFrame(randomScene());
    const frame = encodeFrame({ messageId: 'camera-3-abc-1', timestamp: 1_700_000_000_000 }, jpeg);
    const decoded = decodeFrame(frame);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.header).toEqual({ messageId: 'camera-3-abc-1', timestamp: 1_700_000_000_000 });
    expect(Buffer.from(decoded.jpeg).equals(jpeg)).toBe(true);
    expect((await sharp(decoded.jpeg).metadata()).width).toBe(FRAME_WIDTH);
  });
});

describe('frames from a folder', () => {
  const directories: string[] = [];
  afterAll(async () => {
    await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
  });

  it('cycles through the JPEG files in name order and skips other files', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'openyard-frames-'));
    directories.push(directory);
    const tiny = (color: string) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
    await writeFile(join(directory, 'b.JPG'), await tiny('#00ff00'));
    await writeFile(join(directory, 'a.jpeg'), await tiny('#ff0000'));
    await writeFile(join(directory, 'notes.txt'), 'not a frame');
    const next = await folderFrames(directory);
    const colours = [];
    for (let index = 0; index < 3; index++) {
      const { channels } = await sharp(await next()).stats();
      colours.push(channels[0]!.mean > 128 ? 'red' : 'green');
    }
    expect(colours).toEqual(['red', 'green', 'red']);
  });

  it('refuses a folder without JPEGs', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'openyard-frames-'));
    directories.push(directory);
    await expect(folderFrames(directory)).rejects.toThrow(/No \.jpg or \.jpeg files/);
  });
});

describe('visits from a folder', () => {
  it('groups photos by the visit column of labels.csv, else by the visit id of their names', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'openyard-visits-'));
    try {
      const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
        .jpeg()
        .toBuffer();
      for (const name of ['1-100-OCR-AH-A01.jpg', '1-100-OCR-RF-D01.jpg', '1-200-OCR-LF-C01.jpg', 'x.jpg', 'y.jpg'])
        await writeFile(join(directory, name), tiny);
      // Labels win over names: x and y are one visit.
      await writeFile(join(directory, 'labels.csv'), 'image,visit,camera\nx.jpg,300,LF\ny.jpg,300,RF\n');
      const next = await folderVisits(directory);
      const sizes = [];
      for (let index = 0; index < 4; index++) sizes.push((await next()).length);
      expect(sizes).toEqual([2, 1, 2, 2]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
