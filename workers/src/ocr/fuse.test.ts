import { describe, expect, it } from 'vitest';
import { fuseVisit } from './fuse';
import type { ContainerRead, FrameRead } from './types';

const frame = (...containers: ContainerRead[]): FrameRead => ({ containers, modelMs: 10, totalMs: 12 });
const valid = (number: string, confidence: number, extra: Partial<ContainerRead> = {}): ContainerRead => ({
  number,
  valid: true,
  corrected: false,
  candidates: [number],
  confidence,
  ...extra,
});
const invalid = (number: string, confidence: number, candidates: string[] = []): ContainerRead => ({
  number,
  valid: false,
  corrected: false,
  candidates,
  confidence,
});

describe('fuseVisit', () => {
  it('gives nothing for frames that read nothing', () => {
    expect(fuseVisit([])).toEqual({ containers: [] });
    expect(fuseVisit([frame(), frame()])).toEqual({ containers: [] });
  });

  it('votes by number across frames, weighted by confidence', () => {
    const fused = fuseVisit([frame(valid('TGHU2703360', 0.9)), frame(valid('TGHU2703360', 0.95)), frame()]);
    expect(fused.containers).toHaveLength(1);
    expect(fused.containers[0]).toMatchObject({ number: 'TGHU2703360', valid: true, corrected: false });
    expect(fused.containers[0]!.confidence).toBeCloseTo(0.925, 3);
  });

  it('a valid read beats invalid reads of the same box, and takes their candidates', () => {
    const fused = fuseVisit([
      frame(invalid('TGHU2703368', 0.9, ['TGHU2703360'])),
      frame(valid('TGHU2703360', 0.7)),
      frame(invalid('TGHU27O3360', 0.8)),
    ]);
    expect(fused.containers.map((c) => [c.number, c.valid])).toEqual([['TGHU2703360', true]]);
    expect(fused.containers[0]!.candidates[0]).toBe('TGHU2703360');
  });

  it('two different valid numbers read confidently are two boxes (two 20 ft containers)', () => {
    const fused = fuseVisit([
      frame(valid('MSCU5006271', 0.97, { sizeType: '22G1', size: 20, type: 'General purpose' })),
      frame(valid('TEMU2709541', 0.92, { sizeType: '22G1', size: 20, type: 'General purpose' })),
      frame(valid('MSCU5006271', 0.9)),
    ]);
    expect(fused.containers.map((c) => c.number)).toEqual(['MSCU5006271', 'TEMU2709541']);
    expect(fused.containers.map((c) => c.size)).toEqual([20, 20]);
  });

  it('a weak valid read a few characters from a stronger one is a misread, not a second box', () => {
    const fused = fuseVisit([
      frame(valid('CSQU3054383', 0.95)),
      frame(valid('CSQU3054383', 0.9)),
      frame(valid('CSQU3064382', 0.5)),
    ]);
    expect(fused.containers.map((c) => c.number)).toEqual(['CSQU3054383']);
    expect(fused.containers[0]!.candidates).toContain('CSQU3064382');
  });

  it('a second valid number seen only weakly is not reported as a box', () => {
    const fused = fuseVisit([frame(valid('CSQU3054383', 0.95), valid('MSKU9913618', 0.3))]);
    expect(fused.containers.map((c) => c.number)).toEqual(['CSQU3054383']);
  });

  it('with no valid read it reports the best invalid read with the merged candidates', () => {
    const fused = fuseVisit([
      frame(invalid('IEMU0723767', 0.5, ['TEMU0723767', 'JEMU0723767'])),
      frame(invalid('IEMU0723767', 0.45, ['TEMU0723767'])),
      frame(invalid('XYZU1234560', 0.2)),
    ]);
    expect(fused.containers).toHaveLength(1);
    expect(fused.containers[0]).toMatchObject({ number: 'IEMU0723767', valid: false, corrected: false });
    expect(fused.containers[0]!.candidates).toEqual(['TEMU0723767', 'JEMU0723767']);
  });

  it('a corrected read stays marked corrected only when every frame needed the correction', () => {
    const corrected = valid('CSQU3054383', 0.8, { corrected: true });
    expect(fuseVisit([frame(corrected), frame(corrected)]).containers[0]!.corrected).toBe(true);
    expect(fuseVisit([frame(corrected), frame(valid('CSQU3054383', 0.9))]).containers[0]!.corrected).toBe(false);
  });

  it('keeps the size/type read most often with the number', () => {
    const fused = fuseVisit([
      frame(valid('CSQU3054383', 0.9, { sizeType: '45G1', size: 40, type: 'General purpose' })),
      frame(valid('CSQU3054383', 0.9, { sizeType: '45G1', size: 40, type: 'General purpose' })),
      frame(valid('CSQU3054383', 0.6, { sizeType: '45R1', size: 40, type: 'Reefer' })),
    ]);
    expect(fused.containers[0]).toMatchObject({ sizeType: '45G1', size: 40, type: 'General purpose' });
  });
});
