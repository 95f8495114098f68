// Messages between the bench (parent) and the Openyard process it starts (child, bench/lib/stack-child.ts).

import type { Percentiles } from '../../loadtest/node/stats';

export type { Percentiles };

export interface ChildSample {
  // Since the previous sample.
  elapsedMs: number;
  cpuPercent: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  transactions: number;
  transactionMs: number;
  // SQL statements issued, by kind (e.g. `update gate_readers`), most frequent first.
  statements: number;
  statementKinds: { kind: string; count: number }[];
  // Tag reads seen on the bus: publish → transaction start (outbox createdAt), transaction start → bus.
  publishToTransaction: Percentiles;
  transactionToBus: Percentiles;
  ingest: { received: number; queued: number; rejected: number };
  // Messages ingest queued since the previous sample.
  ingestQueued: number;
  rssMb: number;
}

export interface ProfileSummary {
  totalMs: number;
  idlePercent: number;
  categories: { name: string; percent: number }[];
  topFunctions: { name: string; percent: number }[];
}

export type Request =
  | { op: 'ceilingBroker' }
  | { op: 'ceilingBrokerStop' }
  | { op: 'start'; env: Record<string, string> }
  | { op: 'sample' }
  | { op: 'count'; prefix: string }
  // One SQL statement on the server's own database (PGlite is in that process): a bench's seed, a
  // read of its yard, a query plan. Answers the rows. With timeoutMs, in a transaction of its own
  // under that statement_timeout (0: none) instead of the server's (a seed's statements run long).
  | { op: 'sql'; text: string; timeoutMs?: number }
  // The process's memory now (a figure the bench samples while a download streams).
  | { op: 'memory' }
  // Rebuilds the task dashboard's rollup (machine_day_stats) from the whole history, as after an
  // upgrade: what makes a seed that wrote no domain events visible to GET /rest/dashboard/machines.
  | { op: 'taskDashboardRebuild' }
  | { op: 'profileStart' }
  | { op: 'profileStop' }
  | { op: 'stop' };

export interface Responses {
  ceilingBroker: { url: string; username: string; password: string };
  ceilingBrokerStop: null;
  start: { baseUrl: string; brokerUrl: string | null; ingestClientIds: string[] };
  sample: ChildSample;
  count: { tagReads: number; machinePositions: number };
  sql: Record<string, unknown>[];
  memory: { rssMb: number; heapUsedMb: number; externalMb: number };
  taskDashboardRebuild: { ms: number };
  profileStart: null;
  profileStop: ProfileSummary;
  stop: null;
}

export type Envelope = { id: number } & Request;
export type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
