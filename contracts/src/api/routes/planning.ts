import { Type } from 'typebox';
import { IdParams } from '../../common';
import {
  DigOutBody,
  DigOutPlan,
  EngineJob,
  EngineJobParams,
  EnginePlanBody,
  ParamIdParams,
  Plan,
  PlanDeleted,
  PlanNameAvailable,
  PlanNameParams,
  PlanningContainersBody,
  PlanningParam,
  PlanRollbackBody,
  PlanSaveBody,
  PlanSaved,
  QueuedContainer,
  QueuedQuery,
  SlotGroupData,
  SlotSuggestions,
} from '../../planning';
import { defineRoute } from '../route';

// Planning (spec 3 §7 Planning; spec 2 §6: on planning admin includes operator, superadmin is
// separate). The whole screen needs FEATURE_PLANNING; auto-assign (the engine), save and delete of
// plans are enterprise-only (spec 2 §6, the locked-feature modal otherwise). The gate asks for
// slot suggestions at gate-in, so its users may call `suggest` without seeing the planning screen.
const planners = ['superadmin', 'admin', 'operator'] as const;
const read = { flag: 'planningVisible' } as const;
const write = { flag: 'planningVisible', roles: planners, write: true, screen: '/planning' } as const;
const gate = { flag: ['gateVisible', 'planningVisible'] } as const;
const tags = ['planning'];

export const planning = {
  nameAvailable: defineRoute({
    method: 'GET',
    path: '/rest/planning/available/:name',
    params: PlanNameParams,
    response: PlanNameAvailable,
    access: read,
    feature: 'planningEngineEnabled',
    tags,
  }),
  queued: defineRoute({
    method: 'GET',
    path: '/rest/planning/queued',
    query: QueuedQuery,
    response: Type.Array(QueuedContainer),
    access: read,
    feature: 'planningEngineEnabled',
    tags,
  }),
  plans: defineRoute({
    method: 'GET',
    path: '/rest/planning/plans',
    response: Type.Array(Plan),
    access: read,
    feature: 'planningEngineEnabled',
    tags,
  }),
  suggest: defineRoute({
    method: 'POST',
    path: '/rest/planning/suggest',
    body: PlanningContainersBody,
    response: SlotSuggestions,
    access: gate,
    feature: 'planningEngineEnabled',
    tags,
    summary: 'A slot and the planning-generated tasks for each container at gate-in',
  }),
  save: defineRoute({
    method: 'POST',
    path: '/rest/planning/save',
    body: PlanSaveBody,
    response: PlanSaved,
    access: write,
    feature: 'enterpriseVersion',
    tags,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/rest/planning/:id',
    params: IdParams,
    response: PlanDeleted,
    access: write,
    feature: 'enterpriseVersion',
    tags,
  }),
  params: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/planning/params',
    response: Type.Array(PlanningParam),
    access: gate,
    feature: 'planningEngineEnabled',
    tags,
  }),
  slotGroups: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/planning/slot-groups/data/:paramId',
    params: ParamIdParams,
    response: SlotGroupData,
    access: read,
    feature: 'planningEngineEnabled',
    tags,
  }),
  enginePlan: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/planning/engine/plan',
    body: EnginePlanBody,
    response: EngineJob,
    status: 202,
    access: write,
    feature: 'enterpriseVersion',
    tags,
    summary: 'Queue the planning engine over queued containers (a worker job; progress on the websocket)',
  }),
  engineJob: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/planning-engine/:jobId',
    params: EngineJobParams,
    response: EngineJob,
    access: read,
    feature: 'planningEngineEnabled',
    tags,
  }),
  binLocations: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/planning-engine/bin-locations',
    body: PlanningContainersBody,
    response: SlotSuggestions,
    access: read,
    feature: 'planningEngineEnabled',
    tags,
    summary: 'The slots the engine would give these containers now (nothing is reserved)',
  }),
  rollback: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/planning-engine/rollback',
    body: PlanRollbackBody,
    response: PlanDeleted,
    access: write,
    feature: 'enterpriseVersion',
    tags,
    summary: 'Release the reservations of a plan that no container has used yet',
  }),
  dispatch: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/planning-engine/dispatch',
    body: DigOutBody,
    response: DigOutPlan,
    access: read,
    feature: 'planningEngineEnabled',
    tags,
    summary: 'Dig-out: the relocations that retrieve these containers with the fewest moves',
  }),
} as const;
