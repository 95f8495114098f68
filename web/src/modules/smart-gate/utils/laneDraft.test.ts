import { describe, expect, it } from 'vitest';
import type { NearMissMatch, OcrRecord } from '@openyard/contracts';
import {
  candidateOfKey,
  changedFields,
  emptyLane,
  laneOfRecord,
  offeredCandidates,
  rotateTab,
  tagDifferences,
} from './laneDraft';

const record = (over: Partial<OcrRecord['data']> = {}): OcrRecord => ({
  id: 7,
  gateId: 2,
  timestamp: 0,
  status: 'pending',
  frames: 2,
  data: {
    containerNumber: 'CSQU3054383',
    containerToShow: 'CSQU 305438 3',
    trailerNumber: 'NA',
    size: '40',
    process: 'Import',
    images: [],
    litmusResult: { isValid: true, gatePass: null },
    containers: [
      {
        containerNumber: 'CSQU3054383',
        valid: true,
        corrected: false,
        candidates: [],
        confidence: 0.9,
        sizeType: '45G1',
        size: 40,
        type: 'G1',
      },
    ],
    error: null,
    ...over,
  },
});
const match = (containerNumber: string): NearMissMatch => ({
  containerNumber,
  distance: 0.3,
  validCheckDigit: true,
  read: 'X',
  evidence: ['open gate pass'],
});

describe('smart gate lane', () => {
  it('fills the form from the record, no trailer number for NA', () => {
    expect(laneOfRecord(record())).toEqual({
      ...emptyLane(),
      containerNumber: 'CSQU3054383',
      containerSize: '40',
      containerType: 'G1',
      process: 'Import',
      trailerNumber: '',
    });
  });
  it('offers at most nine candidates, a key names one, other keys none', () => {
    const offered = offeredCandidates({
      recordId: 7,
      gateType: 'OUT',
      reads: [],
      matches: Array.from({ length: 11 }, (_, i) => match(`AAAU${String(i).padStart(7, '0')}`)),
      exact: null,
    });
    expect(offered).toHaveLength(9);
    expect(candidateOfKey('1', offered)?.containerNumber).toBe('AAAU0000000');
    expect(candidateOfKey('9', offered)?.containerNumber).toBe('AAAU0000008');
    expect(candidateOfKey('0', offered)).toBeNull();
    expect(candidateOfKey('a', offered)).toBeNull();
    expect(candidateOfKey('2', offered.slice(0, 1))).toBeNull();
    expect(offeredCandidates(undefined)).toEqual([]);
  });
  it('lists the fields changed against the record, case and spaces ignored', () => {
    const lane = laneOfRecord(record());
    expect(changedFields(record(), { ...lane, containerNumber: ' csqu3054383 ' })).toEqual([]);
    expect(changedFields(record(), { ...lane, containerNumber: 'CSQU3054384', containerSize: '20' })).toEqual([
      'containerNumber',
      'containerSize',
    ]);
    expect(changedFields(null, lane)).toEqual([]);
    expect(changedFields(record(), { ...lane, process: 'Export' }, 'IN')).toEqual([]);
  });
  it('reports entered tags as differences the server cannot see', () => {
    expect(tagDifferences({ ...emptyLane(), tag: ' 40000001 ' })).toEqual([
      { field: 'exitTag', suggested: null, actual: '40000001' },
    ]);
    expect(tagDifferences({ ...emptyLane(), trailerTag: 'T1' })).toEqual([
      { field: 'exitTrailerTag', suggested: null, actual: 'T1' },
    ]);
  });
  it('rotates the two tabs both ways', () => {
    expect(rotateTab('lane', 1)).toBe('reports');
    expect(rotateTab('reports', 1)).toBe('lane');
    expect(rotateTab('lane', -1)).toBe('reports');
  });
});
