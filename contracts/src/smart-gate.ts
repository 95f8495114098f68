import { Type, type Static } from 'typebox';
import { EpochMs, ExportQuery } from './common';
import { DispatchQuery, DispatchResult, GateInForm, GateInResult } from './gate-operations';
import { FileField } from './api/multipart';
import { OcrDiffEntry } from './ocr';

// The smart gate (spec 2 §2 Smart gate screen, §3 Gate pass / Dispatch report row / OCR diff, §4,
// §5; spec 3 §7 Gate calls; issue 16): gate passes, the OCR-assisted gate-in and dispatch, their
// reports, the OCR accuracy figures, the near-miss candidates and the gates each user works.

const Text = (maxLength: number) => Type.String({ maxLength });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const OptionalText = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

// A gate pass (spec 2 §3): the document that lets a container leave. `date` and `boeDate` are
// epoch milliseconds; the further fields are what an ERP supplies. A pass is valid while it is
// not used by a dispatch and its `validTill` (when given) has not passed.
export const GatePass = Type.Object({
  id: Type.Integer(),
  containerNumber: Type.String(),
  date: Type.Integer(),
  boeDate: Nullable(Type.Integer()),
  boeNumber: Nullable(Type.String()),
  chaName: Nullable(Type.String()),
  consignee: Nullable(Type.String()),
  validTill: Nullable(Type.Integer()),
  remarks: Nullable(Type.String()),
  usedAt: Nullable(Type.Integer()),
  valid: Type.Boolean(),
});
export type GatePass = Static<typeof GatePass>;

export const GatePassInput = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    containerNumber: Text(20),
    date: Type.Optional(Type.Integer({ minimum: 0 })),
    boeDate: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
    boeNumber: OptionalText(40),
    chaName: OptionalText(100),
    consignee: OptionalText(100),
    validTill: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
    remarks: OptionalText(500),
  },
  { additionalProperties: false },
);
export type GatePassInput = Static<typeof GatePassInput>;

export const GatePassQuery = Type.Object({ containerNumber: Text(20) }, { additionalProperties: false });
export type GatePassQuery = Static<typeof GatePassQuery>;

// The valid pass of a container, or null (the screen's 'Gate Pass Not Found').
export const GatePassAnswer = Type.Object({ gatePass: Nullable(GatePass), message: Type.Optional(Type.String()) });
export type GatePassAnswer = Static<typeof GatePassAnswer>;

export const GatePassesQuery = Type.Object(
  {
    searchText: Type.Optional(Text(40)),
    includeUsed: Type.Optional(Type.Boolean()),
    skip: Type.Optional(Type.Integer({ minimum: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);
export type GatePassesQuery = Static<typeof GatePassesQuery>;
export const GatePassesPage = Type.Object({ entities: Type.Array(GatePass), totalCount: Type.Integer() });
export type GatePassesPage = Static<typeof GatePassesPage>;

export const GatePassSaved = Type.Object({ responsestatus: Type.String(), message: Type.String(), gatePass: GatePass });
export type GatePassSaved = Static<typeof GatePassSaved>;

export const GatePassUploadBody = Type.Object({
  file: FileField,
  user: Type.Optional(Type.String({ maxLength: 60 })),
});
export type GatePassUploadBody = Static<typeof GatePassUploadBody>;

// The columns of a gate pass sheet, by header (case, spaces and punctuation ignored).
export const GATE_PASS_UPLOAD_COLUMNS = {
  containerNumber: ['containernumber', 'container', 'containerno', 'number'],
  date: ['date', 'gatepassdate', 'passdate'],
  boeDate: ['boedate', 'billofentrydate'],
  boeNumber: ['boenumber', 'boeno', 'boe', 'billofentrynumber'],
  chaName: ['chaname', 'cha'],
  consignee: ['consignee'],
  validTill: ['validtill', 'validuntil', 'expiry'],
  remarks: ['remarks', 'remark', 'comment'],
} as const;

// What the operator saw and used at a smart gate transaction, kept for the reports (spec 2 §3
// Dispatch report row: gatePass, usedContainerNumber, suggestedContainerNumber, images).
export const SnapshotData = Type.Object(
  {
    // Frame paths (frames/<gate>/<day>/<name>.jpg) or other image paths the screen captured.
    images: Type.Optional(Type.Array(Text(300), { maxItems: 20 })),
    suggestedContainerNumber: OptionalText(20),
    // The operator took one of the near-miss candidates the screen offered (OCR accuracy).
    pickedCandidate: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type SnapshotData = Static<typeof SnapshotData>;

export const GateOutDetails = Type.Object(
  {
    snapshotData: Type.Optional(SnapshotData),
    // The pass the operator verified on the screen (its id or its number); absent: not verified.
    gatePass: Type.Optional(
      Nullable(
        Type.Object({ id: Type.Optional(Type.Integer()), containerNumber: Text(20) }, { additionalProperties: true }),
      ),
    ),
    forceDispatchReason: OptionalText(500),
  },
  { additionalProperties: false },
);
export type GateOutDetails = Static<typeof GateOutDetails>;

// POST gate/igate-dispatch: the dispatch fields, the gate, the OCR record, and what the operator saw.
// `differences` are the fields the record cannot suggest itself (exitTag, exitTrailerTag: the
// readers' reads); the server works out the rest against the record.
export const IgateDispatchForm = Type.Object(
  {
    ...DispatchQuery.properties,
    gateId: Type.Integer({ minimum: 1 }),
    recordId: Type.Integer({ minimum: 1 }),
    gateOutDetails: Type.Optional(GateOutDetails),
    differences: Type.Optional(Type.Array(OcrDiffEntry, { maxItems: 6 })),
  },
  { additionalProperties: false },
);
export type IgateDispatchForm = Static<typeof IgateDispatchForm>;

// `gatePassNotFound` asks the 'Gate Pass Not Found' force-dispatch question (retry with
// forceDispatch and gateOutDetails.forceDispatchReason).
export const IgateDispatchResult = Type.Object({
  ...DispatchResult.properties,
  gatePassNotFound: Type.Optional(Type.Boolean()),
});
export type IgateDispatchResult = Static<typeof IgateDispatchResult>;

// POST gate/igate-in: the gate-in form with its OCR record and snapshots.
export const IgateInForm = Type.Object(
  {
    ...GateInForm.properties,
    gateId: Type.Integer({ minimum: 1 }),
    recordId: Type.Integer({ minimum: 1 }),
    snapshotData: Type.Optional(SnapshotData),
    differences: Type.Optional(Type.Array(OcrDiffEntry, { maxItems: 6 })),
  },
  { additionalProperties: false },
);
export type IgateInForm = Static<typeof IgateInForm>;
export const IgateInResult = GateInResult;
export type IgateInResult = Static<typeof IgateInResult>;

// How an operator came to the number used (the OCR accuracy figures): OCR's read as it was, one of
// its ranked candidates, or typed by hand.
export const OCR_OUTCOMES = ['unchanged', 'candidate', 'typed'] as const;
export type OcrOutcome = (typeof OCR_OUTCOMES)[number];

// Smart gate reports (spec 3 §7: startDate and endDate epoch ms, skip and limit; dataprovider and
// totalSize). `skip` is one-based like every page of the product.
export const SmartGateReportQuery = Type.Object(
  {
    startDate: EpochMs,
    endDate: EpochMs,
    gateId: Type.Optional(Type.Integer({ minimum: 1 })),
    skip: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);
export type SmartGateReportQuery = Static<typeof SmartGateReportQuery>;
export const SmartGateReportExportQuery = Type.Object(
  {
    ...ExportQuery.properties,
    startDate: EpochMs,
    endDate: EpochMs,
    gateId: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type SmartGateReportExportQuery = Static<typeof SmartGateReportExportQuery>;

export const SmartGateReportRow = Type.Object({
  id: Type.Integer(),
  gateId: Type.Integer(),
  recordId: Nullable(Type.Integer()),
  at: Type.Integer(),
  userName: Type.String(),
  usedContainerNumber: Type.String(),
  suggestedContainerNumber: Nullable(Type.String()),
  ocrOutcome: Type.String(),
  gatePass: Nullable(GatePass),
  forceDispatch: Type.Boolean(),
  forceDispatchReason: Nullable(Type.String()),
  images: Type.Array(Type.String()),
  // The suggested-vs-used flag, answered only to admins (spec 2 §2; issue 16).
  differs: Type.Optional(Type.Boolean()),
  differences: Type.Array(OcrDiffEntry),
});
export type SmartGateReportRow = Static<typeof SmartGateReportRow>;
export const SmartGateReport = Type.Object({ dataprovider: Type.Array(SmartGateReportRow), totalSize: Type.Integer() });
export type SmartGateReport = Static<typeof SmartGateReport>;

// OCR accuracy per gate and yard day (issue 16): records resolved at the smart gate, by how.
export const OcrAccuracyQuery = Type.Object(
  {
    gateId: Type.Optional(Type.Integer({ minimum: 1 })),
    startDate: EpochMs,
    endDate: EpochMs,
  },
  { additionalProperties: false },
);
export type OcrAccuracyQuery = Static<typeof OcrAccuracyQuery>;
export const OcrAccuracyRow = Type.Object({
  gateId: Type.Integer(),
  day: Type.String(),
  total: Type.Integer(),
  unchanged: Type.Integer(),
  candidate: Type.Integer(),
  typed: Type.Integer(),
  unchangedShare: Type.Number(),
  candidateShare: Type.Number(),
  typedShare: Type.Number(),
});
export type OcrAccuracyRow = Static<typeof OcrAccuracyRow>;
export const OcrAccuracy = Type.Object({ rows: Type.Array(OcrAccuracyRow) });
export type OcrAccuracy = Static<typeof OcrAccuracy>;

// Near-miss candidates of a record (contracts/src/rules/near-miss.ts).
export const OcrCandidatesQuery = Type.Object(
  { gateId: Type.Integer({ minimum: 1 }), recordId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type OcrCandidatesQuery = Static<typeof OcrCandidatesQuery>;
export const NearMissMatch = Type.Object({
  containerNumber: Type.String(),
  // Weighted edit distance from the closest read (OCR confusions cost less).
  distance: Type.Number(),
  validCheckDigit: Type.Boolean(),
  read: Type.String(),
  evidence: Type.Array(Type.String()),
});
export type NearMissMatch = Static<typeof NearMissMatch>;
export const OcrCandidates = Type.Object({
  recordId: Type.Integer(),
  gateType: Type.String(),
  reads: Type.Array(Type.String()),
  matches: Type.Array(NearMissMatch),
  // The read itself when it is valid and expected: the only number ever taken without a key.
  exact: Nullable(Type.String()),
});
export type OcrCandidates = Static<typeof OcrCandidates>;

// Gates per user (spec 2 §2: gates are listed for the user; the first is selected).
export const UserGate = Type.Object({ gateId: Type.Integer(), name: Type.String(), type: Type.String() });
export type UserGate = Static<typeof UserGate>;
export const MyGates = Type.Object({
  gates: Type.Array(UserGate),
  // Where the menu's Smart Gate link goes for this user (smartGatePath).
  smartGatePath: Type.String(),
});
export type MyGates = Static<typeof MyGates>;
export const UserGatesParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const UserGatesInput = Type.Object(
  { gateIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 }) },
  { additionalProperties: false },
);
export type UserGatesInput = Static<typeof UserGatesInput>;
export const UserGates = Type.Object({
  userId: Type.Integer(),
  gates: Type.Array(UserGate),
  // Every gate of the yard, to choose from (the users screen needs no gate permission of its own).
  yardGates: Type.Array(UserGate),
});
export type UserGates = Static<typeof UserGates>;
