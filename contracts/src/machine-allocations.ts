import { Type, type Static } from 'typebox';

// A machine allocated to a yard area for a period of a day (spec 2 §3): the machine and the area
// by id and name, the period as instants (ms). `version` counts the allocation's changes: a save
// names the version it changed, so that two planners cannot both win (DESIGN §5).
export const MachineAllocation = Type.Object({
  id: Type.Integer(),
  machine: Type.String(),
  machineId: Type.Integer(),
  area: Type.String(),
  areaId: Type.Integer(),
  fromTime: Type.Integer(),
  toTime: Type.Integer(),
  version: Type.Integer(),
});
export type MachineAllocation = Static<typeof MachineAllocation>;

// GET /rest/machine-allocation/{day}: the day as the yard's YYYY-MM-DD, or as a timestamp (ms, the
// spec's "day timestamp", spec 2 §7) of any instant of it.
export const MachineAllocationDayParams = Type.Object({
  day: Type.String({ pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2}|-?[0-9]{1,15})$' }),
});
export type MachineAllocationDayParams = Static<typeof MachineAllocationDayParams>;

// A day's allocations with the day's bounds in the yard's zone: from its first instant to the next
// day's (23 or 25 hours across a daylight-saving change).
export const MachineAllocationsDay = Type.Object({
  day: Type.String(),
  dayStart: Type.Integer(),
  dayEnd: Type.Integer(),
  allocations: Type.Array(MachineAllocation),
});
export type MachineAllocationsDay = Static<typeof MachineAllocationsDay>;

export const MachineAllocationInput = Type.Object(
  {
    // An allocation to change (its version as the screen saw it); none: a new one.
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    version: Type.Optional(Type.Integer({ minimum: 0 })),
    machineId: Type.Integer({ minimum: 1 }),
    fromTime: Type.Integer(),
    toTime: Type.Integer(),
  },
  { additionalProperties: false },
);
export type MachineAllocationInput = Static<typeof MachineAllocationInput>;

export const MACHINE_ALLOCATIONS_PER_SAVE = 200;

// POST /rest/machine-allocation: one area's allocations, new or changed (spec 2 §5: "with several
// areas, one save is made per area"); an allocation moved to this area from another is in it.
export const MachineAllocationSave = Type.Object(
  {
    areaId: Type.Integer({ minimum: 1 }),
    allocations: Type.Array(MachineAllocationInput, { minItems: 1, maxItems: MACHINE_ALLOCATIONS_PER_SAVE }),
  },
  { additionalProperties: false },
);
export type MachineAllocationSave = Static<typeof MachineAllocationSave>;

export const MachineAllocationsSaved = Type.Object({
  responsestatus: Type.String(),
  message: Type.String(),
  allocations: Type.Array(MachineAllocation),
});
export type MachineAllocationsSaved = Static<typeof MachineAllocationsSaved>;
