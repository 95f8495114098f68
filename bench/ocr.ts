// `npm run bench:ocr [-- --dir <folder>] [--threads n]`: container-number OCR accuracy and latency
// over labelled gate photos (default ../shared/fixtures/ocr-gate: JPEGs and labels.csv).
// Per image: exact match (the label is read as a valid number), wrong-but-valid reads (a valid
// number that is neither the label nor a legitimately visible one: must be 0), reads flagged
// invalid for an operator, latency (model time beside the whole pipeline); per visit: the fused
// result holds every labelled number and nothing wrong. The last line printed is one JSON object.
// Issue 16: photos are marked T (tuning) or H (held out: every third visit, workers/src/ocr/holdout.ts)
// and every held-out photo is also read in six augmented views (A; turned, scaled, shifted,
// oblique, recompressed), with recall and wrong-but-valid per set in the JSON line.
// `--only tuning|heldout|augmented` reads one set; `--augment-tuning` adds the augmented tuning
// views (AT), which are the ones to tune on; `--no-augmented` skips the held-out views;
// `--fresh` adds the second set of held-out views (F, FRESH_AUGMENTATIONS), with its recall on the
// held-out photos never looked at (`freshUnseen…`) apart.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createOcrEngine } from '../workers/src/ocr/index';
import { readLabels, scoreImage, scoreVisits, type ImageResult, type Label } from '../workers/src/ocr/evaluate';
import {
  AUGMENTATIONS,
  FRESH_AUGMENTATIONS,
  HELD_OUT_LOOKED_AT,
  augment,
  splitLabels,
} from '../workers/src/ocr/holdout';
import { machineCpu } from './lib/cpu';
import { fmt, percentiles, round, sleep, table } from '../loadtest/node/stats';

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
  const report = (result: ImageResult, name = result.label.image) => {
    const mark = result.wrongButValid.length
      ? 'WRONG'
      : result.correct
        ? 'ok'
        : result.invalidFlagged
          ? 'flag'
          : 'miss';
    console.log(
      `${name}  ${result.label.containerNumber}  ${mark.padEnd(5)} ${describe(result)}  [model ${result.frame.modelMs} / total ${result.frame.totalMs} / cpu ${fmt(result.cpuMs)} ms]`,
    );
  };
  const read = async (label: Label, bytes: Buffer) => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const frame = await engine.readFrame(bytes);
    const used = process.cpuUsage(cpu);
    return scoreImage(label, frame, performance.now() - started, (used.user + used.system) / 1000);
  };
  // The split of workers/src/ocr/holdout.ts: tuning visits, held-out visits, and generic
  // augmentations of the held-out photos (made here with sharp, never stored).
  const { tuning, heldOut } = splitLabels(labels);
  const only = option('only');
  const images: ImageResult[] = [];
  const held: ImageResult[] = [];
  const augmented: ImageResult[] = [];
  const augmentedNames: string[] = [];
  for (const label of labels) {
    const isHeld = heldOut.includes(label);
    if (only === 'augmented' || (only === 'heldout' && !isHeld) || (only === 'tuning' && isHeld)) continue;
    const result = await read(label, readFileSync(resolve(dir, label.image)));
    report(result, `${isHeld ? 'H ' : 'T '}${label.image}`);
    images.push(result);
    if (isHeld) held.push(result);
  }
  if (only !== 'tuning' && !option('no-augmented'))
    for (const label of heldOut) {
      const bytes = readFileSync(resolve(dir, label.image));
      for (const augmentation of AUGMENTATIONS) {
        const result = await read(label, await augment(bytes, augmentation));
        report(result, `A ${label.image} [${augmentation.name}]`);
        augmented.push(result);
        augmentedNames.push(`${label.image} [${augmentation.name}]`);
      }
    }
  // The second, fresh set of held-out views (`--fresh`); `unseen` are those of photos never looked at.
  const fresh: ImageResult[] = [];
  const freshNames: string[] = [];
  if (process.argv.includes('--fresh'))
    for (const label of heldOut) {
      const bytes = readFileSync(resolve(dir, label.image));
      for (const augmentation of FRESH_AUGMENTATIONS) {
        const result = await read(label, await augment(bytes, augmentation));
        report(result, `F ${label.image} [${augmentation.name}]`);
        fresh.push(result);
        freshNames.push(`${label.image} [${augmentation.name}]`);
      }
    }
  const freshUnseen = fresh.filter((r) => !HELD_OUT_LOOKED_AT.includes(r.label.image));
  // Tuning work only (`--augment-tuning`): the same augmentations of the tuning photos.
  const tuningAugmented: ImageResult[] = [];
  if (option('augment-tuning') !== undefined || process.argv.includes('--augment-tuning'))
    for (const label of tuning) {
      const bytes = readFileSync(resolve(dir, label.image));
      for (const augmentation of AUGMENTATIONS) {
        const result = await read(label, await augment(bytes, augmentation));
        report(result, `AT ${label.image} [${augmentation.name}]`);
        tuningAugmented.push(result);
      }
    }
  await engine.close();
  const visits = scoreVisits(images);
  const recall = (results: ImageResult[]) =>
    results.length ? round(results.filter((r) => r.correct).length / results.length, 4) : null;
  const wrongValid = (results: ImageResult[]) => results.reduce((sum, r) => sum + r.wrongButValid.length, 0);
  const tuned = images.filter((r) => tuning.includes(r.label));
  const mean = (results: ImageResult[]) =>
    results.length ? round(results.reduce((sum, r) => sum + r.frame.totalMs, 0) / results.length) : null;

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
      ['tuning recall / wrong-valid', `${recall(tuned)} / ${wrongValid(tuned)} (${tuned.length} images)`],
      ['held-out recall / wrong-valid', `${recall(held)} / ${wrongValid(held)} (${held.length} images)`],
      [
        'augmented held-out recall / wrong-valid',
        `${recall(augmented)} / ${wrongValid(augmented)} (${augmented.length} images)`,
      ],
      ['fresh held-out views recall / wrong-valid', `${recall(fresh)} / ${wrongValid(fresh)} (${fresh.length} images)`],
      [
        'fresh views of unseen photos recall / wrong-valid',
        `${recall(freshUnseen)} / ${wrongValid(freshUnseen)} (${freshUnseen.length} images)`,
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
      tuningImages: tuned.length,
      tuningRecall: recall(tuned),
      tuningWrongValid: wrongValid(tuned),
      heldOutImages: held.length,
      heldOutRecall: recall(held),
      heldOutWrongValid: wrongValid(held),
      augmentedImages: augmented.length,
      augmentedRecall: recall(augmented),
      augmentedWrongValid: wrongValid(augmented),
      augmentedMeanMs: mean(augmented),
      ...(fresh.length
        ? {
            freshImages: fresh.length,
            freshRecall: recall(fresh),
            freshWrongValid: wrongValid(fresh),
            freshUnseenImages: freshUnseen.length,
            freshUnseenRecall: recall(freshUnseen),
            freshUnseenWrongValid: wrongValid(freshUnseen),
            freshCpuMeanMs: round(fresh.reduce((sum, r) => sum + r.cpuMs, 0) / fresh.length),
            freshCpuP95Ms: round(percentiles(fresh.map((r) => r.cpuMs)).p95),
            freshFailures: freshNames.filter((_, i) => !fresh[i]!.correct || fresh[i]!.wrongButValid.length),
          }
        : {}),
      ...(augmented.length
        ? {
            augmentedCpuMeanMs: round(augmented.reduce((sum, r) => sum + r.cpuMs, 0) / augmented.length),
            augmentedCpuP95Ms: round(percentiles(augmented.map((r) => r.cpuMs)).p95),
          }
        : {}),
      ...(tuningAugmented.length
        ? {
            tuningAugmentedImages: tuningAugmented.length,
            tuningAugmentedRecall: recall(tuningAugmented),
            tuningAugmentedWrongValid: wrongValid(tuningAugmented),
          }
        : {}),
      meanMs: mean(images),
      failures: images.filter((r) => !r.correct || r.wrongButValid.length).map((r) => r.label.image),
      augmentedFailures: augmentedNames.filter((_, i) => !augmented[i]!.correct || augmented[i]!.wrongButValid.length),
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
