export const smartGateQueryKeys = {
  all: ['smart-gate'] as const,
  mine: ['smart-gate', 'mine'] as const,
  count: (gateId: number) => ['smart-gate', 'count', gateId] as const,
  candidates: (gateId: number, recordId: number) => ['smart-gate', 'candidates', gateId, recordId] as const,
  accuracyAll: ['smart-gate', 'accuracy'] as const,
  accuracy: (query: object) => ['smart-gate', 'accuracy', query] as const,
  reportAll: ['smart-gate', 'report'] as const,
  report: (kind: string, query: object) => ['smart-gate', 'report', kind, query] as const,
  gatePassesAll: ['smart-gate', 'gate-passes'] as const,
  gatePasses: (query: object) => ['smart-gate', 'gate-passes', query] as const,
};
