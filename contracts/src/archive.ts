import { Type, type Static } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

// GET /rest/enterprise/archive (spec 3 §7): the cut-off date (a yard day, YYYY-MM-DD) and the user
// asking; the server archives what left the yard before the first instant of that day.
export const ArchiveQuery = Type.Object(
  {
    cutoffDate: Type.String({ minLength: 10, maxLength: 10 }),
    user: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ArchiveQuery = Static<typeof ArchiveQuery>;

export const ARCHIVE_RUN_STATUSES = ['running', 'done', 'failed'] as const;
export type ArchiveRunStatus = (typeof ARCHIVE_RUN_STATUSES)[number];

// What a run moved so far, per table (docs/archive.md).
export const ArchiveCounts = Type.Object({
  containers: Type.Integer(),
  movements: Type.Integer(),
  tasks: Type.Integer(),
  itvTasks: Type.Integer(),
  trailers: Type.Integer(),
  gateTransactions: Type.Integer(),
  deviceLogs: Type.Integer(),
});
export type ArchiveCounts = Static<typeof ArchiveCounts>;

// An archive run: its cut-off, progress and outcome (live as archive.run.v1 on topic `archive`).
export const ArchiveRun = Type.Object({
  runId: Type.Integer(),
  cutoffDate: Type.String(),
  status: Type.Enum(ARCHIVE_RUN_STATUSES),
  requestedBy: Type.String(),
  // Containers left to archive when the run began (its denominator for progress), and moved so far.
  containersToArchive: Type.Integer(),
  counts: ArchiveCounts,
  error: Nullable(Type.String()),
  startedAt: Type.Integer(),
  finishedAt: Nullable(Type.Integer()),
});
export type ArchiveRun = Static<typeof ArchiveRun>;

// The archive configuration once a run finished: everything before this day is in the archive.
export const ArchiveConfig = Type.Object({
  archivedBefore: Nullable(Type.String()),
  lastArchivedAt: Nullable(Type.Integer()),
});
export type ArchiveConfig = Static<typeof ArchiveConfig>;

// The spec's answer (status success, totalContainersArchived, updatedConfig). A run that outlasts the
// call's wait answers status 'running'; the screen follows it on the websocket.
export const ArchiveResponse = Type.Object({
  status: Type.Union([Type.Literal('success'), Type.Literal('running'), Type.Literal('failed')]),
  totalContainersArchived: Type.Integer(),
  updatedConfig: ArchiveConfig,
  run: ArchiveRun,
});
export type ArchiveResponse = Static<typeof ArchiveResponse>;

// The latest run (none yet: null), for the modal that opens while one goes on.
export const ArchiveLatest = Type.Object({ run: Nullable(ArchiveRun), config: ArchiveConfig });
export type ArchiveLatest = Static<typeof ArchiveLatest>;
