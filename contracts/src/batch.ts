import { Type, type Static } from 'typebox';
import { FileField } from './api/multipart';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

// Batch files (spec 1 §2 containers screen, §7 File uploads; spec 3 §7 batch/*): a sheet of gate
// transactions (gate-in, dispatch) or the ERP's inventory (sync), each row run through the gate's
// own services, answered with one result per row and a generated xlsx report.

// Multipart fields are text: booleans come as 'true' / 'false'.
const FormBoolean = Type.Union([Type.Literal('true'), Type.Literal('false')]);

// How the rows are written: `rowByRow` (the default) saves every good row and refuses the others;
// `allOrNothing` saves every row or none (one refused row and nothing changes).
export const BATCH_MODES = { rowByRow: 'rowByRow', allOrNothing: 'allOrNothing' } as const;
export const BatchMode = Type.Union([Type.Literal('rowByRow'), Type.Literal('allOrNothing')]);
export type BatchMode = Static<typeof BatchMode>;

export const BatchUploadBody = Type.Object({
  file: FileField,
  user: Type.Optional(Type.String({ maxLength: 60 })),
  mode: Type.Optional(BatchMode),
  // Dispatch: the containers the ERP still knows leave too (the clerk's 'still dispatch' answer).
  forceDispatch: Type.Optional(FormBoolean),
});
export type BatchUploadBody = Static<typeof BatchUploadBody>;

// POST batch/sync: the ERP's list of the containers it holds in the yard. `compareWithDb` reports
// each row against the yard (and the yard's containers the file misses, gated in before
// `lastUpdated`, epoch ms: the moment the ERP's list was taken); `update` writes the file's IGM and
// item to the containers in the yard whose values differ.
export const BatchSyncBody = Type.Object({
  file: FileField,
  user: Type.Optional(Type.String({ maxLength: 60 })),
  mode: Type.Optional(BatchMode),
  update: Type.Optional(FormBoolean),
  compareWithDb: Type.Optional(FormBoolean),
  lastUpdated: Type.Optional(Type.String({ pattern: '^\\d{1,15}$' })),
});
export type BatchSyncBody = Static<typeof BatchSyncBody>;

export const BATCH_KINDS = ['gateIn', 'dispatch', 'sync'] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];

// A row's outcome in the answer and the report.
export const BATCH_ROW_STATUSES = {
  done: 'Done',
  refused: 'Refused',
  notSaved: 'Not saved',
  // Sync's comparison.
  inYard: 'In yard',
  updated: 'Updated',
  notInYard: 'Not in yard',
  notInFile: 'Not in file',
} as const;

export const BatchRowResult = Type.Object({
  // The sheet's row (header = row 1); 0 for a yard container the sync file does not list.
  row: Type.Integer(),
  containerNumber: Type.String(),
  status: Type.String(),
  message: Type.String(),
});
export type BatchRowResult = Static<typeof BatchRowResult>;

export const BATCH_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const BatchJobStatus = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('done'),
  Type.Literal('failed'),
]);
export type BatchJobStatus = Static<typeof BatchJobStatus>;

// A batch as it stands: a small file is answered done at once; a large one is queued (status
// queued, then running with its progress 0..1, then done or failed) and followed on the websocket
// (`batch.job.v1` on topic `batch`) or GET batch/jobs/{jobId}. `generatedReport` is the report's
// path (downloaded like the exports); `rows` are the first BATCH_ANSWER_ROWS results (the report
// has them all).
export const BatchJob = Type.Object({
  jobId: Type.String(),
  kind: Type.Union([Type.Literal('gateIn'), Type.Literal('dispatch'), Type.Literal('sync')]),
  mode: BatchMode,
  fileName: Type.String(),
  status: BatchJobStatus,
  progress: Type.Number({ minimum: 0, maximum: 1 }),
  total: Type.Integer(),
  processed: Type.Integer(),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
  message: Nullable(Type.String()),
  generatedReport: Nullable(Type.String()),
  requestedBy: Type.String(),
  createdAt: Type.Integer(),
  finishedAt: Nullable(Type.Integer()),
});
export type BatchJob = Static<typeof BatchJob>;

export const BatchResult = Type.Object({
  responsestatus: Type.String(),
  message: Type.String(),
  generatedReport: Nullable(Type.String()),
  job: BatchJob,
  rows: Type.Array(BatchRowResult),
});
export type BatchResult = Static<typeof BatchResult>;

export const BatchJobParams = Type.Object({ jobId: Type.String({ format: 'uuid' }) });

// A file of more rows than this runs as a queued job (the call answers at once, queued).
export const BATCH_INLINE_MAX_ROWS = 500;
// The most results an answer lists (the report lists every row).
export const BATCH_ANSWER_ROWS = 1000;
// Limits of a batch file: bytes of the upload, data rows, and the bytes its xlsx unpacks to.
export const BATCH_MAX_BYTES = 50 * 1024 * 1024;
export const BATCH_MAX_ROWS = 100_000;
export const BATCH_MAX_UNPACKED_BYTES = 400 * 1024 * 1024;

// The columns of the batch sheets, by header (case, spaces and punctuation ignored): a gate-in row
// is the gate form's single offloading, a dispatch row the dispatch form.
export const BATCH_GATE_IN_COLUMNS = {
  containerNumber: ['containernumber', 'container', 'containerno'],
  tagId: ['tagid', 'tag', 'containertag', 'rfidtag'],
  containerSize: ['containersize', 'size'],
  containerType: ['containertype', 'type'],
  gateInPurpose: ['gateinpurpose', 'process', 'purpose'],
  trailerNumber: ['trailernumber', 'trailer', 'truck', 'vehicle'],
  trailerTag: ['trailertag', 'trailertagid'],
  igm: ['igm', 'igmnumber', 'igmno'],
  item: ['item', 'itemnumber', 'itemno'],
  containerLocation: ['containerlocation', 'location', 'slot'],
} as const;
export const BATCH_GATE_IN_REQUIRED = [
  'containerNumber',
  'tagId',
  'containerSize',
  'gateInPurpose',
  'trailerNumber',
] as const;

export const BATCH_DISPATCH_COLUMNS = {
  containerNumber: ['containernumber', 'container', 'containerno'],
  dispatchTime: ['dispatchtime', 'dispatchdate', 'time', 'date', 'gateouttime'],
  exitProcess: ['exitprocess', 'process'],
  trailerNumber: ['trailernumber', 'trailer', 'truck', 'vehicle'],
} as const;
export const BATCH_DISPATCH_REQUIRED = ['containerNumber'] as const;

export const BATCH_SYNC_COLUMNS = {
  containerNumber: ['containernumber', 'container', 'containerno'],
  igm: ['igm', 'igmnumber', 'igmno'],
  item: ['item', 'itemnumber', 'itemno'],
} as const;
export const BATCH_SYNC_REQUIRED = ['containerNumber'] as const;

// GET containers/sync-with-erp (spec 1 §7 Calls through services: 'Sync inventory with ERP').
export const ErpSyncResponse = Type.Object({
  responsestatus: Type.String(),
  message: Type.String(),
  // Why a sync failed (the ERP's answer or its silence), null when it did not.
  reason: Nullable(Type.String()),
  // Containers sent to the ERP, and gate passes (pre-advices) it handed back.
  sent: Type.Integer(),
  gatePassesReceived: Type.Integer(),
  gatePassesRefused: Type.Integer(),
});
export type ErpSyncResponse = Static<typeof ErpSyncResponse>;
