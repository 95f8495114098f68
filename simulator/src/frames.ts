import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { withCheckDigit } from '@openyard/contracts/rules';
import { LINERS } from '@openyard/server/db/seed/reference-data';
import type { Random } from './pacing';

export const FRAME_WIDTH = 1280;
export const FRAME_HEIGHT = 720;

export type NumberOrientation = 'horizontal' | 'vertical';
// What the camera sees: the door end (locking bars) or a corrugated side/front wall.
export type ContainerView = 'door' | 'side';

export interface ContainerScene {
  containerNumber: string;
  sizeType: string;
  color: string;
  orientation: NumberOrientation;
  view: ContainerView;
}

const SIZE_TYPES = [
  '22G1',
  '22G1',
  '22G1',
  '42G1',
  '45G1',
  '45G1',
  '45G1',
  'L5G1',
  '22R1',
  '45R1',
  '22U1',
  '22P1',
  '22T1',
];

const pick = <T>(items: readonly T[], random: Random): T => items[Math.floor(random() * items.length)]!;

function randomNumber(random: Random): { containerNumber: string; color: string } {
  const liner = pick(LINERS, random);
  const serial = String(Math.floor(random() * 1_000_000)).padStart(6, '0');
  return { containerNumber: withCheckDigit(`${pick(liner.prefixes, random)}${serial}`), color: liner.color };
}

// A real owner code of a line in the demo data, a random serial and its correct check digit.
export function randomContainerNumber(random: Random = Math.random): string {
  return randomNumber(random).containerNumber;
}

export function randomScene(random: Random = Math.random, view?: ContainerView): ContainerScene {
  const { containerNumber, color } = randomNumber(random);
  const chosenView = view ?? (random() < 0.5 ? 'door' : 'side');
  return {
    containerNumber,
    sizeType: pick(SIZE_TYPES, random),
    // Paint weathers: the line's colour, a little darker and varied.
    color: shade(color, 0.65 + random() * 0.3),
    // Door ends carry the number horizontally; fronts and sides are often vertical.
    orientation:
      chosenView === 'door'
        ? random() < 0.85
          ? 'horizontal'
          : 'vertical'
        : random() < 0.6
          ? 'vertical'
          : 'horizontal',
    view: chosenView,
  };
}

// Sensor grain, made once: generating Gaussian noise costs more than rendering a frame.
let grain: Promise<Buffer> | undefined;
const grainRaw = { width: FRAME_WIDTH, height: FRAME_HEIGHT, channels: 3 } as const;

// A gate-camera-like JPEG of a container with its painted number, 1280x720.
export async function renderContainerFrame(scene: ContainerScene, random: Random = Math.random): Promise<Buffer> {
  grain ??= sharp({ create: { ...grainRaw, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } } })
    .raw()
    .toBuffer();
  // Rendering smaller and scaling up softens edges like a real lens, at a fraction of a blur's cost.
  const scale = 0.7 + random() * 0.25;
  const svg = sceneSvg(scene, random, Math.round(FRAME_WIDTH * scale), Math.round(FRAME_HEIGHT * scale));
  return sharp(Buffer.from(svg))
    .resize(FRAME_WIDTH, FRAME_HEIGHT)
    .composite([{ input: await grain, raw: grainRaw, blend: 'soft-light' }])
    .jpeg({ quality: 82 })
    .toBuffer();
}

function sceneSvg(scene: ContainerScene, random: Random, pixelWidth: number, pixelHeight: number): string {
  // Lines paint white on dark boxes and black on light ones (yellow, beige).
  const light = luminance(scene.color) > 0.6;
  const ink = light ? '#1b1b1b' : '#f2f2f2';
  // The container fills most of the frame, a little off-centre and tilted, as on a gate portal.
  const left = -60 + random() * 140;
  const top = 10 + random() * 40;
  const width = FRAME_WIDTH - left - 40 - random() * 120;
  const height = FRAME_HEIGHT - top + 40;
  const tilt = (random() - 0.5) * 4;
  const body =
    scene.view === 'door'
      ? doorBody(left, top, width, height, scene.color)
      : sideBody(left, top, width, height, scene.color);
  const marking =
    scene.orientation === 'horizontal'
      ? horizontalNumber(scene, ink, left, top, width, random)
      : verticalNumber(scene, ink, left, top, width, random);
  const sky = 200 + Math.floor(random() * 50);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${pixelHeight}" viewBox="0 0 ${FRAME_WIDTH} ${FRAME_HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="rgb(${sky},${sky},${sky + 5})"/><stop offset="1" stop-color="#9a9a96"/>
    </linearGradient>
    <linearGradient id="light" x1="0" y1="0" x2="1" y2="0.3">
      <stop offset="0" stop-color="#ffffff" stop-opacity="${(0.05 + random() * 0.2).toFixed(2)}"/>
      <stop offset="0.6" stop-color="#000000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="${(0.1 + random() * 0.2).toFixed(2)}"/>
    </linearGradient>
  </defs>
  <rect width="${FRAME_WIDTH}" height="${FRAME_HEIGHT}" fill="url(#sky)"/>
  <rect y="${FRAME_HEIGHT * 0.72}" width="${FRAME_WIDTH}" height="${FRAME_HEIGHT * 0.28}" fill="#77746e"/>
  <g transform="rotate(${tilt.toFixed(2)} ${FRAME_WIDTH / 2} ${FRAME_HEIGHT / 2})">
    ${body}
    ${marking}
    <rect x="${left}" y="${top}" width="${width}" height="${height}" fill="url(#light)"/>
  </g>
</svg>`;
}

function doorBody(left: number, top: number, width: number, height: number, color: string): string {
  const parts = [
    `<rect x="${left}" y="${top}" width="${width}" height="${height}" fill="${color}" stroke="${shade(color, 0.5)}" stroke-width="14"/>`,
  ];
  // Horizontal door panels.
  for (let y = top + 60; y < top + height; y += 150) {
    parts.push(`<rect x="${left + 10}" y="${y}" width="${width - 20}" height="8" fill="${shade(color, 0.78)}"/>`);
  }
  // Two doors meeting in the middle; four locking bars with handles.
  parts.push(
    `<rect x="${left + width / 2 - 3}" y="${top}" width="6" height="${height}" fill="${shade(color, 0.45)}"/>`,
  );
  for (const fraction of [0.14, 0.36, 0.64, 0.86]) {
    const x = left + width * fraction;
    parts.push(
      `<rect x="${x - 7}" y="${top}" width="14" height="${height}" fill="#b9b9b4" stroke="#6e6e6a" stroke-width="2"/>`,
    );
    parts.push(`<rect x="${x - 16}" y="${top + height * 0.55}" width="32" height="20" rx="4" fill="#a3a39e"/>`);
  }
  return parts.join('\n    ');
}

function sideBody(left: number, top: number, width: number, height: number, color: string): string {
  const parts = [
    `<rect x="${left}" y="${top}" width="${width}" height="${height}" fill="${color}" stroke="${shade(color, 0.5)}" stroke-width="12"/>`,
  ];
  // Corrugation: alternating lit and shaded vertical bands.
  for (let x = left + 10; x < left + width - 10; x += 36) {
    parts.push(`<rect x="${x}" y="${top + 6}" width="14" height="${height - 12}" fill="${shade(color, 0.82)}"/>`);
    parts.push(`<rect x="${x + 14}" y="${top + 6}" width="4" height="${height - 12}" fill="${shade(color, 1.12)}"/>`);
  }
  return parts.join('\n    ');
}

const FONT = `font-family="Liberation Sans Narrow, DejaVu Sans Condensed, Arial Narrow, Arial, sans-serif" font-weight="bold"`;

// "CSQU 305438 [3]" in one line with the size/type code under it, at the top right. The owner
// code is set as a word (letters differ in width); digits sit on a fixed pitch, as stencilled.
function horizontalNumber(
  scene: ContainerScene,
  ink: string,
  left: number,
  top: number,
  width: number,
  random: Random,
): string {
  const size = 58 + Math.floor(random() * 18);
  const pitch = size * 0.6;
  const serialStart = left + width - 8.6 * pitch - 40 - random() * 80;
  const y = top + 50 + size + random() * 40;
  const number = scene.containerNumber;
  const parts = [
    `<text x="${(serialStart - pitch * 0.9).toFixed(1)}" y="${y.toFixed(1)}" text-anchor="end">${number.slice(0, 4)}</text>`,
  ];
  for (let index = 4; index < 10; index++) parts.push(glyph(number[index]!, serialStart + (index - 4) * pitch, y));
  const checkX = serialStart + 6.8 * pitch;
  parts.push(glyph(number[10]!, checkX, y), checkBox(checkX, y, size, ink));
  for (const [index, character] of [...scene.sizeType].entries())
    parts.push(glyph(character, serialStart + index * pitch, y + size * 1.3));
  return `<g fill="${ink}" ${FONT} font-size="${size}" text-anchor="middle">
      ${parts.join('\n      ')}
    </g>`;
}

const glyph = (character: string, x: number, y: number) =>
  `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}">${character}</text>`;

// The painted box around the check digit, centred on the glyph at (x, baseline y).
function checkBox(x: number, y: number, size: number, ink: string): string {
  const width = size * 0.78;
  const height = size * 1.02;
  return `<rect x="${(x - width / 2).toFixed(1)}" y="${(y - size * 0.86).toFixed(1)}" width="${width.toFixed(1)}" height="${height.toFixed(1)}" fill="none" stroke="${ink}" stroke-width="${(size * 0.05).toFixed(1)}"/>`;
}

// One character under another, check digit boxed, and the size/type code in a second column.
function verticalNumber(
  scene: ContainerScene,
  ink: string,
  left: number,
  top: number,
  width: number,
  random: Random,
): string {
  // Sized so that the eleven lines fit in the frame: 40-50 px at most 120 px from the top.
  const size = 40 + Math.floor(random() * 10);
  const line = size * 1.04;
  const x = left + width * (0.62 + random() * 0.22);
  let y = top + 20 + size + random() * 10;
  const parts: string[] = [];
  for (const [index, character] of [...scene.containerNumber].entries()) {
    if (index === 4 || index === 10) y += line * 0.35; // gaps between owner code, serial and check digit
    parts.push(glyph(character, x, y));
    if (index === 10) parts.push(checkBox(x, y, size, ink));
    y += line;
  }
  for (const [index, character] of [...scene.sizeType].entries())
    parts.push(glyph(character, x + size * 1.6, top + 20 + size + index * line));
  return `<g fill="${ink}" ${FONT} font-size="${size}" text-anchor="middle">
      ${parts.join('\n      ')}
    </g>`;
}

function rgb(color: string): [number, number, number] {
  const value = Number.parseInt(color.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function shade(color: string, factor: number): string {
  const channels = rgb(color).map((channel) => Math.max(0, Math.min(255, Math.round(channel * factor))));
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function luminance(color: string): number {
  const [red, green, blue] = rgb(color);
  return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255;
}

// Frames from a folder of JPEGs (e.g. real gate photos), in name order, round and round.
export async function folderFrames(directory: string): Promise<() => Promise<Buffer>> {
  const names = (await readdir(directory)).filter((name) => /\.jpe?g$/i.test(name)).sort();
  if (names.length === 0) throw new Error(`No .jpg or .jpeg files in ${directory}`);
  let next = 0;
  return async () => {
    const name = names[next]!;
    next = (next + 1) % names.length;
    return readFile(join(directory, name));
  };
}

// The photos of a folder as truck visits, in name order, round and round: grouped by the `visit`
// column of its labels.csv (columns image,visit,...) when there is one, else by the visit id of
// gate-portal file names (1-<visit>-OCR-<camera>-<n>.jpg), else one photo per visit.
export async function folderVisits(directory: string): Promise<() => Promise<Buffer[]>> {
  const names = (await readdir(directory)).filter((name) => /\.jpe?g$/i.test(name)).sort();
  if (names.length === 0) throw new Error(`No .jpg or .jpeg files in ${directory}`);
  const labelled = new Map<string, string>();
  const labels = await readFile(join(directory, 'labels.csv'), 'utf8').catch(() => null);
  if (labels) {
    const [header = '', ...rows] = labels.split(/\r?\n/).filter(Boolean);
    const columns = header.split(',');
    const image = columns.indexOf('image');
    const visit = columns.indexOf('visit');
    if (image >= 0 && visit >= 0)
      for (const row of rows) {
        const cells = row.split(',');
        if (cells[image] && cells[visit]) labelled.set(cells[image], cells[visit]);
      }
  }
  const groups = new Map<string, string[]>();
  for (const name of names) {
    const visit = labelled.get(name) ?? /^\d+-(\d+)-/.exec(name)?.[1] ?? name;
    groups.set(visit, [...(groups.get(visit) ?? []), name]);
  }
  const visits = [...groups.values()];
  let next = 0;
  return async () => {
    const visit = visits[next]!;
    next = (next + 1) % visits.length;
    return Promise.all(visit.map((name) => readFile(join(directory, name))));
  };
}
