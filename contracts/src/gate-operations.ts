import { Type, type Static } from 'typebox';
import { EpochMs } from './common';
import { TRAILER_NUMBER_MAX_LENGTH } from './rules/gate';

// The gate clerk's transactions (spec 1 §3 gate-in form, trailer gate-in, dispatch, retag; §4; §5).
// Request shapes carry what the form sends, with lengths bounded so that a 2,000-character trailer
// number is refused by the schema; the spec's messages for empty or malformed fields come from the
// server's rules (contracts/src/rules/gate.ts), which the form also runs.

const Text = (maxLength: number) => Type.String({ maxLength });
const OptionalText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

// A request id chosen by the form per transaction: a second post with the same id (a double click,
// a retry after a lost answer) gets the first answer and creates nothing twice.
export const RequestId = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

// A task the gate generates or the clerk fills in: export-out loading and planning's tasks.
export const GateTaskInput = Type.Object(
  {
    containerNumber: Text(20),
    taskType: Text(40),
    deliveryMode: Type.Optional(Text(40)),
    fromLocation: OptionalText(60),
    toLocation: OptionalText(60),
    toLocationDetails: OptionalText(60),
    assignedToMachine: Type.Optional(Text(40)),
    onPriority: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type GateTaskInput = Static<typeof GateTaskInput>;

export const GateInContainer = Type.Object(
  {
    tagId: OptionalText(20),
    containerNumber: OptionalText(20),
    gateInPurpose: OptionalText(40),
    containerSize: OptionalText(20),
    containerType: OptionalText(20),
    igm: OptionalText(40),
    item: OptionalText(40),
    requestId: Type.Optional(RequestId),
    activityGroup: OptionalText(40),
    activity: OptionalText(60),
    // A slot name (area_row_column_height) when the clerk or planning chose one; none: the box
    // waits on its trailer until a machine grounds it.
    containerLocation: OptionalText(60),
  },
  { additionalProperties: false },
);
export type GateInContainer = Static<typeof GateInContainer>;

export const OutContainerDetail = Type.Object(
  { containerNumber: Text(20), activityGroup: OptionalText(40), activity: OptionalText(60) },
  { additionalProperties: false },
);
export type OutContainerDetail = Static<typeof OutContainerDetail>;

// Single (one container, 20 or 40 ft) or double (two 20 ft) offloading (spec 1 §2).
export const OffloadingMode = Type.Union([Type.Literal('single'), Type.Literal('double')]);
export type OffloadingMode = Static<typeof OffloadingMode>;

export const GateInForm = Type.Object(
  {
    requestId: RequestId,
    gateId: Type.Optional(Type.Integer({ minimum: 1 })),
    mode: OffloadingMode,
    container1Data: Type.Optional(GateInContainer),
    container2Data: Type.Optional(GateInContainer),
    trailerTag1: OptionalText(20),
    trailerNumber: OptionalText(TRAILER_NUMBER_MAX_LENGTH),
    skipValidation: Type.Optional(Type.Boolean()),
    // Set when the clerk accepted the 'Tag Expired' question (allowExpiredContainerTag on).
    allowExpiredTag: Type.Optional(Type.Boolean()),
    userName: OptionalText(60),
    gateOutWithExportContainer: Type.Optional(Type.Boolean()),
    outContainers: Type.Optional(Type.Array(Text(20), { maxItems: 2 })),
    outTrailerTag: OptionalText(20),
    outContainerDetails: Type.Optional(Type.Array(OutContainerDetail, { maxItems: 2 })),
    gateInTasks: Type.Optional(Type.Array(GateTaskInput, { maxItems: 8 })),
    planningGeneratedTasks: Type.Optional(Type.Array(GateTaskInput, { maxItems: 8 })),
  },
  { additionalProperties: false },
);
export type GateInForm = Static<typeof GateInForm>;

// A task as the gate answers and prints it, with where the box goes (its binning location).
export const GeneratedTask = Type.Object({
  taskId: Type.Integer(),
  containerNumber: Type.String(),
  taskType: Type.String(),
  deliveryMode: Nullable(Type.String()),
  fromLocation: Nullable(Type.String()),
  toLocation: Nullable(Type.String()),
  toLocationDetails: Nullable(Type.String()),
  assignedToMachine: Type.String(),
  generationDate: Type.Integer(),
});
export type GeneratedTask = Static<typeof GeneratedTask>;

export const GatedInContainer = Type.Object({
  containerId: Type.Integer(),
  containerNumber: Type.String(),
  tagId: Nullable(Type.String()),
  location: Nullable(Type.String()),
});
export type GatedInContainer = Static<typeof GatedInContainer>;

// `responsestatus` is 'success' or the text to show (spec 1 §8: the server's status is shown as
// the error). `invalidNumbers` asks the clerk's confirmation (retry with skipValidation);
// `expiredTag` the 'Tag Expired' question.
export const GateInResult = Type.Object({
  responsestatus: Type.String(),
  message: Type.Optional(Type.String()),
  invalidNumbers: Type.Optional(Type.Array(Type.String())),
  expiredTag: Type.Optional(Type.Object({ tag: Type.String(), allowed: Type.Boolean(), message: Type.String() })),
  visitId: Type.Optional(Type.Integer()),
  containers: Type.Array(GatedInContainer),
  tasks: Type.Array(GeneratedTask),
});
export type GateInResult = Static<typeof GateInResult>;

export const TrailerGateInForm = Type.Object(
  {
    requestId: RequestId,
    gateId: Type.Optional(Type.Integer({ minimum: 1 })),
    trailerNumber: OptionalText(TRAILER_NUMBER_MAX_LENGTH),
    trailerTag: OptionalText(20),
    gateInType: OptionalText(40),
    containerNumbers: Type.Optional(Type.Array(Text(20), { maxItems: 2 })),
    vehicleDetailId: Type.Optional(Type.Integer({ minimum: 1 })),
    chaId: Type.Optional(Type.Integer({ minimum: 1 })),
    activityGroup: OptionalText(40),
    gateInTasks: Type.Optional(Type.Array(GateTaskInput, { maxItems: 8 })),
    trailerType: OptionalText(20),
    userName: OptionalText(60),
    // The clerk answered yes to the Gate Count Alert (spec 1 §4): the gate-in goes ahead past the
    // agent's allowed count for the delivery type.
    exceedAllowedCount: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TrailerGateInForm = Static<typeof TrailerGateInForm>;

// `gateCountAlert` asks the clerk's confirmation (spec 1 §4, §8 'Gate Count Alert'): the agent's
// vehicles of this delivery type have reached the allowed count; nothing was written, and a retry
// with exceedAllowedCount goes ahead.
export const GateCountAlert = Type.Object({
  process: Type.String(),
  cha: Type.String(),
  allowedCount: Type.Integer(),
  gatedInCount: Type.Integer(),
  message: Type.String(),
});
export type GateCountAlert = Static<typeof GateCountAlert>;

export const TrailerGateInResult = Type.Object({
  responsestatus: Type.String(),
  message: Type.Optional(Type.String()),
  visitId: Type.Optional(Type.Integer()),
  tasks: Type.Array(GeneratedTask),
  gateCountAlert: Type.Optional(GateCountAlert),
});
export type TrailerGateInResult = Static<typeof TrailerGateInResult>;

// GET gate/dispatch (spec 1 §3 Dispatch); `dispatchTime` in ms.
export const DispatchQuery = Type.Object(
  {
    requestId: Type.Optional(RequestId),
    gateId: Type.Optional(Type.Integer({ minimum: 1 })),
    containerNumber: Type.Optional(Text(20)),
    containerSize: Type.Optional(Text(20)),
    exitProcess: Type.Optional(Text(40)),
    exitTag: Type.Optional(Text(20)),
    exitTrailerTag: Type.Optional(Text(20)),
    trailerNumber: Type.Optional(Text(TRAILER_NUMBER_MAX_LENGTH)),
    dispatchTime: Type.Optional(EpochMs),
    userName: Type.Optional(Text(60)),
    forceDispatch: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DispatchQuery = Static<typeof DispatchQuery>;

// `dispatched` false with `foundInErp` asks the clerk's confirmation; a retry with forceDispatch
// goes ahead (spec 1 §4 Dispatch).
export const DispatchResult = Type.Object({
  responsestatus: Type.String(),
  message: Type.Optional(Type.String()),
  dispatched: Type.Boolean(),
  foundInErp: Type.Boolean(),
  containerNumber: Type.Optional(Type.String()),
  previousLocation: Type.Optional(Nullable(Type.String())),
  // The ERP could not be asked (timeout, error, circuit open): the dispatch went ahead, and why.
  erpWarning: Type.Optional(Type.String()),
});
export type DispatchResult = Static<typeof DispatchResult>;

export const RetagForm = Type.Object(
  {
    requestId: Type.Optional(RequestId),
    // The gate whose reader read the new tag: that read is used, not offered again.
    gateId: Type.Optional(Type.Integer({ minimum: 1 })),
    containerNumber: OptionalText(20),
    oldTag: OptionalText(20),
    newTag: OptionalText(20),
    allowExpiredTag: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RetagForm = Static<typeof RetagForm>;

// A retag's answer: 'success', or the text to show; `expiredTag` asks the 'Tag Expired' question
// (retried with allowExpiredTag when the yard allows expired tags).
export const RetagResult = Type.Object({
  responsestatus: Type.String(),
  message: Type.Optional(Type.String()),
  expiredTag: Type.Optional(Type.Object({ tag: Type.String(), allowed: Type.Boolean(), message: Type.String() })),
});
export type RetagResult = Static<typeof RetagResult>;

export const GateTagQuery = Type.Object({ gateId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

// The latest unused read of a reader type at a gate (spec 1 §7): the tag, and for trailer tags the
// PLA card and trailer number of the mapping. Nulls when nothing was read.
export const GateTagAnswer = Type.Object({
  responseMap: Type.Object({
    tagid: Nullable(Type.String()),
    plaCard: Nullable(Type.String()),
    trailerNumber: Nullable(Type.String()),
    readAt: Nullable(Type.Integer()),
    readerId: Nullable(Type.Integer()),
  }),
});
export type GateTagAnswer = Static<typeof GateTagAnswer>;

export const TagValidQuery = Type.Object(
  { tagId: Text(20), containerNumber: Type.Optional(Text(20)) },
  { additionalProperties: false },
);
// `valid`: the tag may be bound now; `expired` with the spec's text; `boundTo` the container that
// holds it, if another.
export const TagValidAnswer = Type.Object({
  responseMap: Type.Object({
    valid: Type.Boolean(),
    expired: Type.Boolean(),
    allowExpired: Type.Boolean(),
    boundTo: Nullable(Type.String()),
    message: Nullable(Type.String()),
  }),
});
export type TagValidAnswer = Static<typeof TagValidAnswer>;

// A truck's visit: gate-in, each task done, gate-out (truck turn time).
export const TruckVisit = Type.Object({
  id: Type.Integer(),
  trailerNumber: Type.String(),
  trailerTagId: Nullable(Type.String()),
  gateInType: Type.String(),
  trailerType: Nullable(Type.String()),
  gateId: Nullable(Type.Integer()),
  containerNumbers: Type.Array(Type.String()),
  entryDate: Type.Integer(),
  outDate: Nullable(Type.Integer()),
  tasksDone: Type.Integer(),
  tasksPending: Type.Integer(),
  lastTaskDoneAt: Nullable(Type.Integer()),
});
export type TruckVisit = Static<typeof TruckVisit>;

export const TrucksInsideQuery = Type.Object(
  { gateId: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
export const TrucksInside = Type.Object({ visits: Type.Array(TruckVisit), now: Type.Integer() });
export type TrucksInside = Static<typeof TrucksInside>;
