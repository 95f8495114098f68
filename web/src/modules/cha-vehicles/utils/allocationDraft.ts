import {
  consistentDelivery,
  type Activity,
  type ChaAllocation,
  type ChaAllocationInput,
  type DeliveryFigure,
  type DeliveryFigures,
} from '@openyard/contracts';

// The allocation form: one row per delivery type (spec 1 §3 allowedDeliveries), its figures and
// what has gated in, and the equipments chosen.
export interface DeliveryRow extends DeliveryFigures {
  activityId: number;
  name: string;
  gatedInCount: number;
}

export interface AllocationDraft {
  rows: DeliveryRow[];
  equipmentIds: string[];
}

// Every delivery type, with the allocation's figures where it has them (zero elsewhere).
export function draftOf(allocation: ChaAllocation | null | undefined, types: readonly Activity[]): AllocationDraft {
  return {
    rows: types.map((type) => {
      const entry = allocation?.allowedDeliveries[type.activityName];
      return {
        activityId: type.activityId,
        name: type.activityName,
        allowedCount: entry?.allowedCount ?? 0,
        allowed20: entry?.allowed20 ?? 0,
        allowed40: entry?.allowed40 ?? 0,
        gatedInCount: entry?.gatedInCount ?? 0,
      };
    }),
    equipmentIds: (allocation?.equipments ?? []).map((equipment) => String(equipment.id)),
  };
}

// One figure changed: the row is made consistent again (spec 1 §5), the others stay as they are.
export function withFigure(draft: AllocationDraft, activityId: number, figure: DeliveryFigure, value: number) {
  return {
    ...draft,
    rows: draft.rows.map((row) =>
      row.activityId === activityId ? { ...row, ...consistentDelivery({ ...row, [figure]: value }, figure) } : row,
    ),
  };
}

// What a save sends: every delivery type, keyed by its name.
export function inputOf(draft: AllocationDraft): ChaAllocationInput {
  return {
    equipments: draft.equipmentIds.map((id) => ({ id: Number(id) })),
    allowedDeliveries: Object.fromEntries(
      draft.rows.map((row) => [
        row.name,
        {
          deliveryType: { activityId: row.activityId },
          allowedCount: row.allowedCount,
          allowed20: row.allowed20,
          allowed40: row.allowed40,
        },
      ]),
    ),
  };
}
