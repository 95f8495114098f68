import {
  archiveCutoffProblem,
  messages,
  yardDayOf,
  yardDayStart,
  type ArchiveConfig,
  type ArchiveLatest,
  type ArchiveQuery,
  type ArchiveResponse,
  type ArchiveRun,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import type { JobRequest } from '../../adapters/queue';
import { badRequest, conflict } from '../../errors';
import { jobRequest } from '@openyard/contracts';
import type { Principal } from '../auth';
import { commitWithEvents, type AfterCommit } from '../outbox';
import { archiveRepository as repository, type ArchiveBatchCounts, type ArchiveRunRow } from './archive.repository';

export interface ArchiveDeps {
  afterCommit: AfterCommit;
  timeZone: string;
  // The main worker queue: a run is an ArchiveRun job there. Without one (a process with no queue)
  // the run goes on in this process.
  jobs?: { addBulk(jobs: readonly JobRequest[]): Promise<void> };
  // Containers (with their rows) per transaction.
  batchSize?: number;
  // How long the archive call waits for its run before answering 'running' (the screen follows it live).
  answerWaitMs?: number;
  now?: () => number;
}

const DEFAULT_BATCH = 500;
const DEFAULT_WAIT_MS = 20_000;
const POLL_MS = 200;
// Rows of the tables that hang off no container (device logs, gate transactions) per transaction.
const ROWS_PER_BATCH = 5_000;

export function toArchiveRun(row: ArchiveRunRow): ArchiveRun {
  return {
    runId: row.id,
    cutoffDate: row.cutoffDate,
    status: row.status as ArchiveRun['status'],
    requestedBy: row.requestedBy,
    containersToArchive: row.containersToArchive,
    counts: {
      containers: row.containers,
      movements: row.movements,
      tasks: row.tasks,
      itvTasks: row.itvTasks,
      trailers: row.trailers,
      gateTransactions: row.gateTransactions,
      deviceLogs: row.deviceLogs,
    },
    error: row.error,
    startedAt: row.startedAt.getTime(),
    finishedAt: row.finishedAt?.getTime() ?? null,
  };
}

// One phase per kind of row, in this order: containers first (their tasks leave the truck visits
// free to go), then the visits, the gate's transactions and the device logs.
type Phase = (tx: Database, cutoff: Date, run: ArchiveRunRow) => Promise<ArchiveBatchCounts>;

export function createArchiveService(db: Database, deps: ArchiveDeps) {
  const batchSize = deps.batchSize ?? DEFAULT_BATCH;
  const now = deps.now ?? Date.now;
  const phases: Phase[] = [
    (tx, cutoff, run) => repository.moveContainers(tx, cutoff, batchSize, run.id),
    (tx, cutoff) => repository.moveTrailers(tx, cutoff, batchSize),
    (tx, cutoff) => repository.moveGateTransactions(tx, cutoff, ROWS_PER_BATCH),
    (tx, cutoff) => repository.moveDeviceLogs(tx, cutoff, ROWS_PER_BATCH),
  ];
  // Runs going on in this process (without a queue), so the call can wait for them.
  const local = new Map<number, Promise<void>>();

  const changed = (row: ArchiveRunRow) =>
    commitWithEvents(db, deps.afterCommit, async (_tx, events) => {
      events.push({ type: 'archive.runChanged', data: toArchiveRun(row) });
      return row;
    });

  async function config(): Promise<ArchiveConfig> {
    const done = await repository.lastDone(db);
    return { archivedBefore: done?.cutoffDate ?? null, lastArchivedAt: done?.finishedAt?.getTime() ?? null };
  }

  // One batch in one transaction: the run locked, its rows moved, its counts raised, its event
  // recorded. False when the run has nothing left (or is no longer running).
  async function batch(runId: number): Promise<boolean> {
    return commitWithEvents(db, deps.afterCommit, async (tx, events) => {
      const run = await repository.lockRun(tx, runId);
      if (!run || run.status !== 'running') return false;
      await repository.markArchiving(tx);
      for (const phase of phases) {
        const counts = await phase(tx, run.cutoffAt, run);
        if (Object.values(counts).some((n) => n > 0)) {
          const updated = await repository.addCounts(tx, runId, counts);
          events.push({ type: 'archive.runChanged', data: toArchiveRun(updated) });
          return true;
        }
      }
      return false;
    });
  }

  const service = {
    // GET /rest/enterprise/archive: starts a run up to the cut-off (or joins the one going on with
    // the same cut-off: a second click, a reload) and answers when it finished, or 'running'.
    async archive(query: ArchiveQuery, principal: Principal): Promise<ArchiveResponse> {
      const today = yardDayOf(now(), deps.timeZone);
      const problem = archiveCutoffProblem(query.cutoffDate, today);
      if (problem) throw badRequest(problem, 'cutoffDate');
      let run = await repository.running(db);
      if (run && run.cutoffDate !== query.cutoffDate) throw conflict(messages.archiveOtherRunning(run.cutoffDate));
      if (!run) {
        const cutoffAt = new Date(yardDayStart(query.cutoffDate, deps.timeZone));
        const toArchive = await repository.countDispatchedBefore(db, cutoffAt);
        try {
          run = await commitWithEvents(db, deps.afterCommit, async (tx, events) => {
            const inserted = await repository.insertRun(tx, {
              cutoffDate: query.cutoffDate,
              cutoffAt,
              requestedBy: query.user?.trim() || principal.username,
              containersToArchive: toArchive,
            });
            events.push({ type: 'archive.runChanged', data: toArchiveRun(inserted) });
            return inserted;
          });
        } catch (error) {
          // Two calls at once: the one-running index let one in; this one joins it.
          run = await repository.running(db);
          if (!run) throw error;
          if (run.cutoffDate !== query.cutoffDate) throw conflict(messages.archiveOtherRunning(run.cutoffDate));
        }
      }
      await service.start(run.id);
      return service.answer(run.id, deps.answerWaitMs ?? DEFAULT_WAIT_MS);
    },

    // Hands the run to the queue (one job per run: the job id dedupes), or runs it here.
    async start(runId: number) {
      if (deps.jobs) {
        await deps.jobs.addBulk([jobRequest('ArchiveRun', { runId }, `archive-${runId}`)]);
        return;
      }
      if (!local.has(runId)) {
        const going = service.runArchive(runId).finally(() => local.delete(runId));
        local.set(runId, going);
        going.catch(() => undefined);
      }
    },

    // The run's state after waiting up to `waitMs` for it to end.
    async answer(runId: number, waitMs: number): Promise<ArchiveResponse> {
      const until = now() + waitMs;
      let row = (await repository.run(db, runId))!;
      while (row.status === 'running' && now() < until) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        row = (await repository.run(db, runId))!;
      }
      const status = row.status === 'done' ? 'success' : row.status === 'failed' ? 'failed' : 'running';
      return { status, totalContainersArchived: row.containers, updatedConfig: await config(), run: toArchiveRun(row) };
    },

    async latest(): Promise<ArchiveLatest> {
      const row = await repository.latest(db);
      return { run: row ? toArchiveRun(row) : null, config: await config() };
    },

    // The ArchiveRun job: batch after batch until nothing is left before the cut-off. A run a crash
    // interrupted carries on (its committed batches are archived, the rest is still current); one
    // done or failed already (a redelivered job) is left as it is. `signal` stops between batches.
    async runArchive(runId: number, options: { signal?: AbortSignal } = {}): Promise<void> {
      try {
        while (await batch(runId)) {
          if (options.signal?.aborted) return;
        }
      } catch (error) {
        const row = await repository.finish(db, runId, {
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
        });
        await changed(row);
        throw error;
      }
      const run = await repository.run(db, runId);
      if (run?.status !== 'running') return;
      await changed(await repository.finish(db, runId, { status: 'done' }));
    },

    // At a server's start: runs left running by a stop or crash are handed on again.
    async resumeInterrupted() {
      const run = await repository.running(db);
      if (run) await service.start(run.id);
      return run?.id ?? null;
    },
  };
  return service;
}

export type ArchiveService = ReturnType<typeof createArchiveService>;
