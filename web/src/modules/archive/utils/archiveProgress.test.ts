import { describe, expect, it } from 'vitest';
import type { ArchiveRun } from '@openyard/contracts';
import { archiveProgress } from './archiveProgress';

const run = (over: Partial<ArchiveRun>): ArchiveRun => ({
  runId: 1,
  cutoffDate: '2026-09-27',
  status: 'running',
  requestedBy: 'superadmin',
  containersToArchive: 400,
  counts: { containers: 0, movements: 0, tasks: 0, itvTasks: 0, trailers: 0, gateTransactions: 0, deviceLogs: 0 },
  error: null,
  startedAt: 0,
  finishedAt: null,
  ...over,
});

describe('archiveProgress', () => {
  it('weighs the containers moved against those found, 100 only when done', () => {
    expect(archiveProgress(run({}))).toBe(0);
    expect(archiveProgress(run({ counts: { ...run({}).counts, containers: 100 } }))).toBe(25);
    expect(archiveProgress(run({ counts: { ...run({}).counts, containers: 400 } }))).toBe(99);
    expect(archiveProgress(run({ status: 'done', containersToArchive: 0 }))).toBe(100);
    expect(archiveProgress(run({ containersToArchive: 0 }))).toBe(0);
  });
});
