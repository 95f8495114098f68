export const smartGateQueryKeys = {
  all: ['smart-gate'] as const,
  mine: ['smart-gate', 'mine'] as const,
  count: (gateId: number) => ['smart-gate', 'count', gateId] as const,
  candidates: (gateId: number, recordId: number) => ['smart-gate', 'candidates', gateId, recordId] as const,
  accuracy: (query: object) => ['smart-gate', 'accuracy', query] as const,
  report: (kind: string, query: object) => ['smart-gate', 'report', kind, query] as const,
};
