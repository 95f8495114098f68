import { similar } from './assemble';
import type { ContainerRead, FrameRead, VisitRead } from './types';

// Views of one truck visit, fused by a confidence-weighted vote per number. A valid number beats
// invalid reads of it; two different valid numbers each read confidently are two boxes (a truck
// with two 20 ft containers). A number is never invented here: every output was read in a frame.
const CONFIDENT = 0.6;

interface Tally {
  number: string;
  valid: boolean;
  corrected: boolean;
  score: number;
  best: number;
  frames: number;
  candidates: Map<string, number>;
  sizeTypes: Map<string, { read: ContainerRead; score: number }>;
}

export function fuseVisit(frames: FrameRead[]): VisitRead {
  const tallies = new Map<string, Tally>();
  for (const frame of frames)
    for (const read of frame.containers) {
      const key = `${read.valid ? 'v' : 'i'}:${read.number}`;
      const tally = tallies.get(key) ?? {
        number: read.number,
        valid: read.valid,
        corrected: true,
        score: 0,
        best: 0,
        frames: 0,
        candidates: new Map<string, number>(),
        sizeTypes: new Map<string, { read: ContainerRead; score: number }>(),
      };
      tally.score += read.confidence;
      tally.best = Math.max(tally.best, read.confidence);
      tally.frames++;
      // Corrected only if every read of it needed the correction.
      tally.corrected &&= read.corrected;
      for (const candidate of read.candidates)
        tally.candidates.set(candidate, (tally.candidates.get(candidate) ?? 0) + read.confidence);
      if (read.sizeType) {
        const known = tally.sizeTypes.get(read.sizeType);
        tally.sizeTypes.set(read.sizeType, { read, score: (known?.score ?? 0) + read.confidence });
      }
      tallies.set(key, tally);
    }

  const byScore = (a: Tally, b: Tally) => b.score - a.score || b.best - a.best || a.number.localeCompare(b.number);
  const valid = [...tallies.values()].filter((tally) => tally.valid).sort(byScore);
  const invalid = [...tallies.values()].filter((tally) => !tally.valid).sort(byScore);

  // A weaker valid number a few characters from a stronger one is a misread of it, not a second box.
  const kept: Tally[] = [];
  for (const tally of valid) {
    const stronger = kept.find((other) => similar(other.number, tally.number));
    if (stronger) {
      for (const [candidate, score] of tally.candidates)
        stronger.candidates.set(candidate, (stronger.candidates.get(candidate) ?? 0) + score * 0.5);
      continue;
    }
    if (kept.length === 0 || tally.best >= CONFIDENT) kept.push(tally);
  }
  for (const tally of invalid) {
    const match = kept.find((other) => similar(other.number, tally.number));
    if (match)
      for (const [candidate, score] of tally.candidates)
        match.candidates.set(candidate, (match.candidates.get(candidate) ?? 0) + score * 0.5);
  }

  if (kept.length > 0) return { containers: kept.map(toRead) };

  // Nothing valid: the best invalid read, with the candidates of all similar reads.
  const merged: Tally[] = [];
  for (const tally of invalid) {
    const stronger = merged.find((other) => similar(other.number, tally.number));
    if (stronger) {
      for (const [candidate, score] of tally.candidates)
        stronger.candidates.set(candidate, (stronger.candidates.get(candidate) ?? 0) + score);
      stronger.score += tally.score;
    } else merged.push(tally);
  }
  return { containers: merged.sort(byScore).slice(0, 1).map(toRead) };
}

function toRead(tally: Tally): ContainerRead {
  const candidates = [...tally.candidates.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([c]) => c);
  if (tally.valid && candidates[0] !== tally.number) {
    candidates.splice(candidates.indexOf(tally.number) >>> 0, candidates.includes(tally.number) ? 1 : 0);
    candidates.unshift(tally.number);
  }
  const read: ContainerRead = {
    number: tally.number,
    valid: tally.valid,
    corrected: tally.valid && tally.corrected,
    candidates,
    confidence: Number((tally.score / Math.max(1, tally.frames)).toFixed(3)),
  };
  const sizeType = [...tally.sizeTypes.values()].sort((a, b) => b.score - a.score)[0];
  if (sizeType) {
    read.sizeType = sizeType.read.sizeType;
    read.size = sizeType.read.size;
    read.type = sizeType.read.type;
  }
  return read;
}
