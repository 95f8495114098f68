import { Type, type Static } from 'typebox';
import { TypedText } from './common';
import { PublicContainerLocation } from './inventory';

// The public kiosks and mobile search (spec 2 §2 Kiosk start page, locate, status, tasks, Mobile
// search; §3 Kiosk task; issue 21) and the container status links printed on the gate-in slip.
// Public answers carry the fewest fields a driver needs: no customer, no RFID tag, no internal id.
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

// Kiosk tasks (spec 2 §3): one row of the kiosk's task list. assignedToMachine is always ALL and
// the container number is cut to 11 characters on save (spec 2 §5, §9): the server does both, so
// neither is sent. No container id either: the server finds the active container by its number.
export const KioskTaskInput = Type.Object(
  {
    // Up to 20 as typed; the first 11 characters are saved.
    containerNumber: TypedText({ minLength: 1, maxLength: 20 }),
    taskType: TypedText({ minLength: 1, maxLength: 40 }),
    deliveryMode: TypedText({ minLength: 1, maxLength: 40 }),
    fromLocation: TypedText({ minLength: 1, maxLength: 60 }),
    toLocation: TypedText({ minLength: 1, maxLength: 60 }),
  },
  { additionalProperties: false },
);
export type KioskTaskInput = Static<typeof KioskTaskInput>;

// The most rows one kiosk save takes: the containers of one IGM item, as the kiosk lists them.
export const KIOSK_TASKS_MAX = 50;
export const KioskTasksBody = Type.Array(KioskTaskInput, { minItems: 1, maxItems: KIOSK_TASKS_MAX });
export type KioskTasksBody = Static<typeof KioskTasksBody>;

// The summary the kiosk shows and prints after a save (spec 2 §4): what was asked, when; nothing
// of the yard's staff (no machine, no user, no task id).
export const KioskTaskSummary = Type.Object({
  containerNumber: Type.String(),
  taskType: Type.String(),
  deliveryMode: Nullable(Type.String()),
  fromLocation: Nullable(Type.String()),
  toLocation: Nullable(Type.String()),
  generationDate: Type.Integer(),
});
export type KioskTaskSummary = Static<typeof KioskTaskSummary>;
export const KioskTasksSaved = Type.Object({ responsestatus: Type.String(), tasks: Type.Array(KioskTaskSummary) });
export type KioskTasksSaved = Static<typeof KioskTasksSaved>;

// What a kiosk task row chooses from (spec 2 §3: task types, delivery modes and yard locations
// each have a name); the task type narrows the modes and locations (contracts/src/rules/task-types).
export const KioskTaskChoices = Type.Object({
  taskTypes: Type.Array(Type.String()),
  deliveryModes: Type.Array(Type.String()),
  locations: Type.Array(Type.String()),
});
export type KioskTaskChoices = Static<typeof KioskTaskChoices>;

// Search by IGM item (spec 2 §2 Kiosk tasks): IGM:ITEM, one item only (spec 2 §5).
export const KioskIgmQuery = Type.Object({ igmItem: TypedText({ minLength: 1, maxLength: 81 }) });
export type KioskIgmQuery = Static<typeof KioskIgmQuery>;
export const KioskIgmContainers = Type.Object({
  containers: Type.Array(Type.Object({ containerNumber: Type.String(), sizeName: Type.String() })),
});
export type KioskIgmContainers = Static<typeof KioskIgmContainers>;

// A container status link (issue 21, beyond the spec): 128 random bits, base64url, the only key of
// the public answer; staff issue it for a visit and may revoke it.
export const STATUS_LINK_TOKEN_PATTERN = '^[A-Za-z0-9_-]{22}$';
export const StatusLinkParams = Type.Object({
  token: Type.String({ minLength: 22, maxLength: 22, pattern: STATUS_LINK_TOKEN_PATTERN }),
});
export type StatusLinkParams = Static<typeof StatusLinkParams>;
export const StatusLinkIssue = Type.Object(
  { containerId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type StatusLinkIssue = Static<typeof StatusLinkIssue>;
export const StatusLink = Type.Object({
  token: Type.String(),
  containerId: Type.Integer(),
  containerNumber: Type.String(),
  createdAt: Type.Integer(),
  createdBy: Nullable(Type.String()),
  revokedAt: Nullable(Type.Integer()),
});
export type StatusLink = Static<typeof StatusLink>;

// What a status link shows a driver without a login: the container, its state and where it
// stands (its slot and its place on the yard map), nothing else.
export const ContainerTrack = Type.Object({
  containerNumber: Type.String(),
  sizeName: Type.String(),
  status: Type.Union([Type.Literal('In yard'), Type.Literal('Dispatched')]),
  gateInDate: Type.Integer(),
  dispatchDate: Nullable(Type.Integer()),
  location: Nullable(PublicContainerLocation),
});
export type ContainerTrack = Static<typeof ContainerTrack>;
