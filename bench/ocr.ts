// `npm run bench:ocr [-- --dir <folder>] [--threads n]`: container-number OCR accuracy and latency
// over labelled gate photos (default ../shared/fixtures/ocr-gate: JPEGs and labels.csv).
// Per image: exact match (the label is read as a valid number), wrong-but-valid reads (a valid
// number that is neither the label nor a legitimately visible one: must be 0), reads flagged
// invalid for an operator, latency (model time beside the whole pipeline); per visit: the fused
// result holds every labelled number and nothing wrong. The last line printed is one JSON object.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createOcrEngine } from '../workers/src/ocr/index';
import { evaluate, readLabels, type ImageResult } from '../workers/src/ocr/evaluate';
import { machineCpu } from './lib/cpu';
import { fmt, percentiles, round, sleep, table } from './lib/stats';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const DEFAULT_DIR = resolve(ROOT, '../shared/fixtures/ocr-gate');

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const describe = (result: ImageResult) =>
  result.frame.containers
    .slice(0, 3)
    .map(
      (c) =>
        `${c.number}${c.valid ? (c.corrected ? '*' : '') : '?'}(${c.confidence.toFixed(2)})${c.sizeType ? ` ${c.sizeType}` : ''}`,
    )
    .join(' ') || '–';

export async function main() {
  const dir = resolve(option('dir') ?? DEFAULT_DIR);
  if (!existsSync(resolve(dir, 'labels.csv'))) throw new Error(`No labels.csv in ${dir} (use --dir <folder>)`);
  const threads = Number(option('threads') ?? 2);
  const labels = readLabels(dir);
  console.log(`OCR bench: ${labels.length} images in ${dir}, onnxruntime ${threads} threads`);
  const idle = machineCpu();
  await sleep(1000);
  const busy = idle();
  if (busy !== null && busy > 15)
    console.log(
      `warning: the machine is already ${fmt(busy)} % busy before the run; latency will be higher than on a quiet machine`,
    );

  const loadStarted = performance.now();
  const engine = await createOcrEngine({ threads });
  // Warm-up: onnxruntime plans its memory on the first run of each shape.
  await engine.readFrame(readFileSync(resolve(dir, labels[0]!.image)));
  console.log(`engine loaded and warmed up in ${fmt(performance.now() - loadStarted)} ms\n`);

  console.log('image  label  result  reads (best first; * corrected, ? invalid)  [latency]');
  const { images, visits } = await evaluate(engine, dir, (result) => {
    const mark = result.wrongButValid.length
      ? 'WRONG'
      : result.correct
        ? 'ok'
        : result.invalidFlagged
          ? 'flag'
          : 'miss';
    console.log(
      `${result.label.image}  ${result.label.containerNumber}  ${mark.padEnd(5)} ${describe(result)}  [model ${result.frame.modelMs} / total ${result.frame.totalMs} / cpu ${fmt(result.cpuMs)} ms]`,
    );
  });
  await engine.close();

  const perImage = images.filter((r) => r.correct).length / images.length;
  const top1 = images.filter((r) => r.top1).length / images.length;
  const perVisit = visits.filter((v) => v.correct).length / visits.length;
  const wrongButValid = images.reduce((sum, r) => sum + r.wrongButValid.length, 0);
  const visitWrongButValid = visits.reduce((sum, v) => sum + v.wrongButValid.length, 0);
  const invalidFlagged = images.filter((r) => r.invalidFlagged).length;
  const notDetected = images.filter((r) => r.frame.containers.length === 0).length;
  const sizeTyped = images.filter((r) => r.sizeTypeCorrect !== null);
  const total = percentiles(images.map((r) => r.frame.totalMs));
  const model = percentiles(images.map((r) => r.frame.modelMs));
  const cpu = percentiles(images.map((r) => r.cpuMs));

  console.log('');
  for (const visit of visits.filter((v) => !v.correct))
    console.log(`visit ${visit.visit}: expected ${visit.expected.join(', ')}, fused ${visit.read.join(', ') || '–'}`);
  console.log(
    table([
      ['measure', 'value'],
      ['images', images.length],
      ['per-image accuracy (label read valid)', `${fmt(perImage * 100, 1)} %`],
      ['per-image best read is the label', `${fmt(top1 * 100, 1)} %`],
      ['visits', visits.length],
      ['per-visit accuracy after fusion', `${fmt(perVisit * 100, 1)} %`],
      ['wrong-but-valid reads (images)', wrongButValid],
      ['wrong-but-valid numbers (visits)', visitWrongButValid],
      ['best read flagged invalid', invalidFlagged],
      ['nothing detected', notDetected],
      [
        'size/type correct (where labelled and read)',
        `${sizeTyped.filter((r) => r.sizeTypeCorrect).length}/${sizeTyped.length}`,
      ],
      ['latency p50 model / total ms', `${fmt(model.p50)} / ${fmt(total.p50)}`],
      ['latency p95 model / total ms', `${fmt(model.p95)} / ${fmt(total.p95)}`],
      ['CPU time per image p50 / p95 ms (all threads)', `${fmt(cpu.p50)} / ${fmt(cpu.p95)}`],
    ]),
  );
  console.log(
    JSON.stringify({
      images: images.length,
      perImage: round(perImage, 4),
      visits: visits.length,
      perVisit: round(perVisit, 4),
      wrongButValid,
      invalidFlagged,
      p50Ms: round(total.p50),
      p95Ms: round(total.p95),
      modelP50Ms: round(model.p50),
      modelP95Ms: round(model.p95),
      cpuP50Ms: round(cpu.p50),
      cpuP95Ms: round(cpu.p95),
      top1: round(top1, 4),
      visitWrongButValid,
      notDetected,
      threads,
      failures: images.filter((r) => !r.correct || r.wrongButValid.length).map((r) => r.label.image),
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
