import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fuseVisit } from './fuse';
import type { FrameRead, OcrEngine } from './types';

// Scoring of the engine against a folder of labelled photos (labels.csv: image, visit, camera,
// container_number, size_type, orientation, also_visible), shared by `npm run bench:ocr` and the
// fixture test so both judge alike.
export interface Label {
  image: string;
  visit: string;
  camera: string;
  containerNumber: string;
  sizeType: string;
  orientation: string;
  alsoVisible: string[];
}

export interface ImageResult {
  label: Label;
  frame: FrameRead;
  wallMs: number;
  // CPU time of the whole process while reading the frame (all threads): on a busy machine a
  // steadier measure of the work than wall time.
  cpuMs: number;
  // The label is among the valid numbers read.
  correct: boolean;
  // The first (best) read is the label.
  top1: boolean;
  // Valid numbers read that are neither the label nor a number legitimately visible.
  wrongButValid: string[];
  // The best read is invalid: an operator is asked.
  invalidFlagged: boolean;
  sizeTypeCorrect: boolean | null;
}

export interface VisitResult {
  visit: string;
  expected: string[];
  read: string[];
  correct: boolean;
  wrongButValid: string[];
}

export function readLabels(dir: string): Label[] {
  const text = readFileSync(join(dir, 'labels.csv'), 'utf8').trim();
  const [header, ...rows] = text.split(/\r?\n/);
  const columns = header!.split(',').map((column) => column.trim());
  const at = (cells: string[], name: string) => (cells[columns.indexOf(name)] ?? '').trim();
  for (const required of ['image', 'visit', 'container_number'])
    if (!columns.includes(required)) throw new Error(`labels.csv in ${dir} has no "${required}" column`);
  const present = new Set(readdirSync(dir));
  return rows
    .filter((row) => row.trim())
    .map((row) => {
      const cells = row.split(',');
      return {
        image: at(cells, 'image'),
        visit: at(cells, 'visit'),
        camera: at(cells, 'camera'),
        containerNumber: at(cells, 'container_number').toUpperCase(),
        sizeType: at(cells, 'size_type').toUpperCase(),
        orientation: at(cells, 'orientation'),
        alsoVisible: at(cells, 'also_visible')
          .split(/[;| ]+/)
          .map((n) => n.trim().toUpperCase())
          .filter(Boolean),
      };
    })
    .filter((label) => {
      if (!present.has(label.image)) throw new Error(`labels.csv names ${label.image}, which is not in ${dir}`);
      return true;
    });
}

export function scoreImage(label: Label, frame: FrameRead, wallMs: number, cpuMs = 0): ImageResult {
  const valid = frame.containers.filter((read) => read.valid);
  const legitimate = new Set([label.containerNumber, ...label.alsoVisible]);
  const mine = frame.containers.find((read) => read.number === label.containerNumber && read.valid);
  return {
    label,
    frame,
    wallMs,
    cpuMs,
    correct: Boolean(mine),
    top1: frame.containers[0]?.valid === true && frame.containers[0].number === label.containerNumber,
    wrongButValid: valid.map((read) => read.number).filter((number) => !legitimate.has(number)),
    invalidFlagged: frame.containers.length > 0 && !frame.containers[0]!.valid,
    sizeTypeCorrect: label.sizeType && mine ? mine.sizeType === label.sizeType : null,
  };
}

export function scoreVisits(results: ImageResult[]): VisitResult[] {
  const visits = new Map<string, ImageResult[]>();
  for (const result of results) visits.set(result.label.visit, [...(visits.get(result.label.visit) ?? []), result]);
  return [...visits.entries()].map(([visit, frames]) => {
    const expected = [...new Set(frames.map((frame) => frame.label.containerNumber))].sort();
    const legitimate = new Set([...expected, ...frames.flatMap((frame) => frame.label.alsoVisible)]);
    const fused = fuseVisit(frames.map((frame) => frame.frame));
    const read = fused.containers.filter((c) => c.valid).map((c) => c.number);
    const wrongButValid = read.filter((number) => !legitimate.has(number));
    return {
      visit,
      expected,
      read,
      correct: expected.every((number) => read.includes(number)) && wrongButValid.length === 0,
      wrongButValid,
    };
  });
}

export async function evaluate(
  engine: OcrEngine,
  dir: string,
  onImage?: (result: ImageResult) => void,
): Promise<{ images: ImageResult[]; visits: VisitResult[] }> {
  const images: ImageResult[] = [];
  for (const label of readLabels(dir)) {
    const bytes = readFileSync(join(dir, label.image));
    const started = performance.now();
    const cpu = process.cpuUsage();
    const frame = await engine.readFrame(bytes);
    const used = process.cpuUsage(cpu);
    const result = scoreImage(label, frame, performance.now() - started, (used.user + used.system) / 1000);
    onImage?.(result);
    images.push(result);
  }
  return { images, visits: scoreVisits(images) };
}
