import { Type, type Static } from 'typebox';
import { GateTaskInput } from './gate-operations';

// Planning (issue 19; spec 2 §2 Planning screen, §3 Queued container / Plan, §4 Plan; spec 1 §3
// Planning container and params, §5 planning rules at gate-in; spec 3 §7 Planning).
//
// A queued container is one the depot expects and has not placed yet: an open pre-advice, or a
// container in the yard without a slot (it waits on its trailer). Planning gives it a slot; a
// saved plan reserves its slots in the yard model (the planned container holds its positions, so
// the gate, tasks and other plans cannot take them — the database's position key says so), and
// the container's gate-in lands it there.

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

// Where a queued container comes from.
export const QUEUED_SOURCES = ['preAdvice', 'yard'] as const;
export type QueuedSource = (typeof QUEUED_SOURCES)[number];

// The selector's ways to look for queued containers (spec 2 §2).
export const QUEUED_SEARCH_FIELDS = ['containerNumber', 'igmNumber', 'jobOrderNumber', 'liner'] as const;
export type QueuedSearchField = (typeof QUEUED_SEARCH_FIELDS)[number];

export const QueuedContainer = Type.Object({
  containerNumber: Type.String(),
  igmNumber: Nullable(Type.String()),
  jobOrderNumber: Nullable(Type.String()),
  liner: Nullable(Type.String()),
  category: Nullable(Type.String()),
  // The size as the master data names it ('20', '40', '45'); above 20 spans a merged pair.
  size: Type.String(),
  // The planned slot (area_row_column_height) and its cell, when it has one.
  slotFullName: Nullable(Type.String()),
  cellId: Nullable(Type.Integer()),
  planned: Type.Boolean(),
  // The order in which the plan expects the containers to arrive (1 first), when it has one.
  planningOrder: Nullable(Type.Integer()),
  // Why the engine chose this slot, or why it found none (shown as a tooltip / message).
  slotReason: Nullable(Type.String()),
  source: Type.Enum(QUEUED_SOURCES),
  // The expected arrival (pre-advice window start, epoch ms) or the gate-in of a yard container.
  expectedAt: Nullable(Type.Integer()),
  // The plan that holds its slot, when it is planned.
  planId: Nullable(Type.Integer()),
});
export type QueuedContainer = Static<typeof QueuedContainer>;

export const QueuedQuery = Type.Object(
  {
    searchBy: Type.Optional(Type.Enum(QUEUED_SEARCH_FIELDS)),
    // Part of the value searched by; none: every queued container.
    query: Type.Optional(Type.String({ maxLength: 60 })),
    // Planned ones too (the Edit Plan tab); unplanned only else.
    includePlanned: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type QueuedQuery = Static<typeof QueuedQuery>;

// Spec 2 §3: Plan: id, name, plannedContainers, searchedContainers.
export const Plan = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  plannedContainers: Type.Array(QueuedContainer),
  // The selector's search the plan was made from (shown again on Edit Plan).
  searchedContainers: Type.Array(Type.String()),
  // Made by a planner on /planning or by the engine.
  source: Type.Enum(['manual', 'engine'] as const),
  createdAt: Type.Integer(),
  createdBy: Nullable(Type.String()),
});
export type Plan = Static<typeof Plan>;

export const PlanNameParams = Type.Object({ name: Text(80) }, { additionalProperties: false });
export const PlanNameAvailable = Type.Object({
  available: Type.Boolean(),
  // 'Plan with name {name} already exist!' when taken.
  message: Nullable(Type.String()),
});
export type PlanNameAvailable = Static<typeof PlanNameAvailable>;

export const PlanAssignment = Type.Object(
  {
    containerNumber: Text(20),
    slotFullName: Text(60),
    // The engine's reason and expected rehandles, when the planner saves its proposal (auto-assign):
    // kept with the plan and shown again (QueuedContainer.slotReason).
    slotReason: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
    expectedRehandles: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
  },
  { additionalProperties: false },
);
export type PlanAssignment = Static<typeof PlanAssignment>;

// Save a plan (new without id, else replace its assignments). Save is refused with no assignment
// or an empty name (spec 2 §5); every slot is reserved in one transaction or none is.
export const PlanSaveBody = Type.Object(
  {
    id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    name: Text(80),
    assignments: Type.Array(PlanAssignment, { minItems: 1, maxItems: 5000 }),
    searchedContainers: Type.Optional(Type.Array(Type.String({ maxLength: 60 }), { maxItems: 5000 })),
  },
  { additionalProperties: false },
);
export type PlanSaveBody = Static<typeof PlanSaveBody>;

export const PlanSaved = Type.Object({ responsestatus: Type.String(), message: Type.String(), plan: Plan });
export type PlanSaved = Static<typeof PlanSaved>;

export const PlanDeleted = Type.Object({
  responsestatus: Type.String(),
  message: Type.String(),
  released: Type.Integer(),
});
export type PlanDeleted = Static<typeof PlanDeleted>;

// Spec 1 §3: a planning param has a data provider: CONTAINER_SIZE (its values are the sizes), or
// CUSTOM with allowedStrings. A param's values name slot groups: the cells where containers with
// that value may be planned.
export const PLANNING_DATA_PROVIDERS = ['CONTAINER_SIZE', 'CUSTOM'] as const;
export type PlanningDataProvider = (typeof PLANNING_DATA_PROVIDERS)[number];

export const PlanningParam = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  dataProvider: Type.Enum(PLANNING_DATA_PROVIDERS),
  allowedStrings: Type.Array(Type.String()),
  // Spec 1 §5: the container-size param is required.
  required: Type.Boolean(),
});
export type PlanningParam = Static<typeof PlanningParam>;

export const ParamIdParams = Type.Object({ paramId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

export const SlotGroup = Type.Object({
  value: Type.String(),
  areas: Type.Array(Type.String()),
  cells: Type.Array(Type.Object({ id: Type.Integer(), fullName: Type.String() })),
  // Free positions left in the group's cells (tiers under the areas' heights, unreserved).
  freeSlots: Type.Integer(),
});
export type SlotGroup = Static<typeof SlotGroup>;
export const SlotGroupData = Type.Object({ paramId: Type.Integer(), groups: Type.Array(SlotGroup) });
export type SlotGroupData = Static<typeof SlotGroupData>;

// Spec 1 §3: Planning container — what the gate (or an ERP) asks a slot for.
export const PlanningContainer = Type.Object(
  {
    containerNumber: Text(20),
    igm: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
    itemNumber: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
    containerSize: Text(10),
    params: Type.Optional(
      Type.Array(Type.Object({ paramId: Type.Integer({ minimum: 1 }), value: Type.String({ maxLength: 60 }) }), {
        maxItems: 20,
      }),
    ),
  },
  { additionalProperties: false },
);
export type PlanningContainer = Static<typeof PlanningContainer>;

export const PlanningContainersBody = Type.Object(
  { containers: Type.Array(PlanningContainer, { minItems: 1, maxItems: 200 }) },
  { additionalProperties: false },
);
export type PlanningContainersBody = Static<typeof PlanningContainersBody>;

export const SlotSuggestion = Type.Object({
  containerNumber: Type.String(),
  // Null when no slot fits (slotReason says why).
  slotFullName: Nullable(Type.String()),
  slotReason: Type.String(),
  // The engine's expected rehandles for this box at its departure (0 = it comes out unblocked).
  expectedRehandles: Type.Number(),
  // Planning-generated tasks (spec 1 §9): default Offloading with Loaded, to the slot.
  tasks: Type.Array(GateTaskInput),
});
export type SlotSuggestion = Static<typeof SlotSuggestion>;
export const SlotSuggestions = Type.Object({ suggestions: Type.Array(SlotSuggestion) });
export type SlotSuggestions = Static<typeof SlotSuggestions>;

// The engine's run over queued containers (POST /rest/enterprise/planning/engine/plan): a worker
// job; its progress comes over the websocket and from GET planning-engine/{jobId}.
export const EnginePlanBody = Type.Object(
  {
    // The queued containers to plan; none: every unplanned queued container.
    containerNumbers: Type.Optional(Type.Array(Text(20), { maxItems: 5000 })),
    // The plan the result is saved as (made unique with a suffix when none is given).
    planName: Type.Optional(Text(80)),
    // Apply: reserve the slots as a plan in one transaction. Else only propose (auto-assign on the
    // screen shows the proposal and the planner saves it).
    apply: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type EnginePlanBody = Static<typeof EnginePlanBody>;

export const ENGINE_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'rolledBack'] as const;
export type EngineJobStatus = (typeof ENGINE_JOB_STATUSES)[number];

export const EnginePlacement = Type.Object({
  containerNumber: Type.String(),
  slotFullName: Type.String(),
  expectedRehandles: Type.Number(),
  slotReason: Type.String(),
});
export type EnginePlacement = Static<typeof EnginePlacement>;

export const EngineJob = Type.Object({
  jobId: Type.String(),
  status: Type.Enum(ENGINE_JOB_STATUSES),
  // 0 … 1.
  progress: Type.Number(),
  planId: Nullable(Type.Integer()),
  placements: Type.Array(EnginePlacement),
  unplaced: Type.Array(Type.Object({ containerNumber: Type.String(), reason: Type.String() })),
  error: Nullable(Type.String()),
  startedAt: Nullable(Type.Integer()),
  finishedAt: Nullable(Type.Integer()),
});
export type EngineJob = Static<typeof EngineJob>;
export const EngineJobParams = Type.Object({ jobId: Text(80) }, { additionalProperties: false });

export const PlanRollbackBody = Type.Object({ planId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

// Dig-out (POST planning-engine/dispatch): the order of relocations that retrieves the given
// containers from the yard with the fewest moves the engine finds.
export const DigOutBody = Type.Object(
  { containerNumbers: Type.Array(Text(20), { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
export type DigOutBody = Static<typeof DigOutBody>;

export const DigOutStep = Type.Object({
  kind: Type.Enum(['relocate', 'retrieve'] as const),
  containerNumber: Type.String(),
  from: Type.String(),
  // The slot a relocated box goes to; null for a retrieval (the box leaves the stack).
  to: Nullable(Type.String()),
});
export type DigOutStep = Static<typeof DigOutStep>;
export const DigOutPlan = Type.Object({
  steps: Type.Array(DigOutStep),
  relocations: Type.Integer(),
  // Containers asked for that are not in the yard (not found, or without a slot).
  notInYard: Type.Array(Type.String()),
});
export type DigOutPlan = Static<typeof DigOutPlan>;
