import type { NearMissMatch, OcrCandidates, OcrDiffEntry, OcrRecord } from '@openyard/contracts';

// What the operator sees and edits on an /igate or /igateout lane, filled from an OCR record.
export interface LaneDraft {
  containerNumber: string;
  containerSize: string;
  containerType: string;
  process: string;
  trailerNumber: string;
  tag: string;
  trailerTag: string;
}

export const emptyLane = (): LaneDraft => ({
  containerNumber: '',
  containerSize: '',
  containerType: '',
  process: '',
  trailerNumber: '',
  tag: '',
  trailerTag: '',
});

// The record's suggestion: number, size, type (of its first container), process and trailer ('NA'
// is no trailer number).
export function laneOfRecord(record: OcrRecord): LaneDraft {
  const first = record.data.containers[0];
  return {
    ...emptyLane(),
    containerNumber: record.data.containerNumber,
    containerSize: record.data.size,
    containerType: first?.type ?? '',
    process: record.data.process,
    trailerNumber: record.data.trailerNumber === 'NA' ? '' : record.data.trailerNumber,
  };
}

// The candidates offered for a keystroke (1–9): the near misses, the exact read never among them
// twice. Nothing is taken without the operator's key except the exact read itself.
export function offeredCandidates(candidates: OcrCandidates | undefined): NearMissMatch[] {
  if (!candidates) return [];
  return candidates.matches.slice(0, 9);
}

// The candidate a key names ('1' → the first), or null.
export function candidateOfKey(key: string, offered: readonly NearMissMatch[]): NearMissMatch | null {
  if (!/^[1-9]$/.test(key)) return null;
  return offered[Number(key) - 1] ?? null;
}

// The tag fields the server cannot compare itself (the readers' reads are not the record's): an
// entered tag is a difference from the record's nothing.
export function tagDifferences(draft: LaneDraft): OcrDiffEntry[] {
  const entries: OcrDiffEntry[] = [];
  if (draft.tag.trim() !== '') entries.push({ field: 'exitTag', suggested: null, actual: draft.tag.trim() });
  if (draft.trailerTag.trim() !== '')
    entries.push({ field: 'exitTrailerTag', suggested: null, actual: draft.trailerTag.trim() });
  return entries;
}

// The fields changed against the record, as the operator is shown them before committing (at an
// IN gate the process field is the gate-in type, which OCR does not suggest).
export function changedFields(record: OcrRecord | null, draft: LaneDraft, kind: 'IN' | 'OUT' = 'OUT'): string[] {
  if (!record) return [];
  const suggested = laneOfRecord(record);
  const keys =
    kind === 'OUT'
      ? (['containerNumber', 'containerSize', 'process', 'trailerNumber'] as const)
      : (['containerNumber', 'containerSize', 'trailerNumber'] as const);
  return keys.filter((key) => suggested[key].trim().toUpperCase() !== draft[key].trim().toUpperCase());
}

export type SmartGateTab = 'lane' | 'reports';
export const SMART_GATE_TABS: readonly SmartGateTab[] = ['lane', 'reports'];

// Left and right arrows rotate the two tabs (spec 1 §2).
export function rotateTab(current: SmartGateTab, direction: 1 | -1): SmartGateTab {
  const index = SMART_GATE_TABS.indexOf(current);
  const next = (index + direction + SMART_GATE_TABS.length) % SMART_GATE_TABS.length;
  return SMART_GATE_TABS[next]!;
}
