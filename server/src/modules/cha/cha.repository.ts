import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVITY_GROUPS, type AllowedDelivery, type ChaAgent, type ChaAllocation } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { activities, activityGroups } from '../../db/schema';
import { chaAgents, chaAllocationEquipments, chaAllocations, chaEquipments, chaVehicleDetails } from './cha.table';

export type ChaAgentRow = typeof chaAgents.$inferSelect;
export type ChaAllocationRow = typeof chaAllocations.$inferSelect;

export const toChaAgent = (row: ChaAgentRow): ChaAgent => ({
  id: row.id,
  name: row.name,
  registrationNumber: row.registrationNumber,
  contacts: row.contacts,
});

export interface DetailRow {
  id: number;
  allocationId: number;
  activityId: number;
  activityName: string;
  activityGroupId: number;
  activityGroupName: string;
  allowedCount: number;
  allowed20: number;
  allowed40: number;
  gatedInCount: number;
}

export const toAllowedDelivery = (row: DetailRow): AllowedDelivery => ({
  id: row.id,
  deliveryType: { activityId: row.activityId, activityName: row.activityName },
  allowedCount: row.allowedCount,
  allowed20: row.allowed20,
  allowed40: row.allowed40,
  gatedInCount: row.gatedInCount,
});

export function toChaAllocation(
  row: ChaAllocationRow,
  details: readonly DetailRow[],
  equipments: readonly { id: number; name: string }[],
): ChaAllocation {
  return {
    id: row.id,
    createDate: row.createdAt.getTime(),
    agent: { id: row.agentId },
    equipments: [...equipments],
    allowedDeliveries: Object.fromEntries(details.map((detail) => [detail.activityName, toAllowedDelivery(detail)])),
  };
}

const detailColumns = {
  id: chaVehicleDetails.id,
  allocationId: chaVehicleDetails.allocationId,
  activityId: chaVehicleDetails.activityId,
  activityName: activities.name,
  activityGroupId: activityGroups.id,
  activityGroupName: activityGroups.name,
  allowedCount: chaVehicleDetails.allowedCount,
  allowed20: chaVehicleDetails.allowed20,
  allowed40: chaVehicleDetails.allowed40,
  gatedInCount: chaVehicleDetails.gatedInCount,
};

// The agent's current allocation: its latest (by id, the order allocations were made in).
const currentAllocationId = (agentId: unknown) =>
  sql`(select ca.id from ${chaAllocations} ca where ca.agent_id = ${agentId} order by ca.id desc limit 1)`;

// A delivery type by name, any case: an activity of the VEHICLE GATE-IN group (spec 1 §9).
const isVehicleActivityNamed = (name: string) =>
  and(
    sql`lower(${activities.name}) = lower(${name})`,
    sql`lower(${activityGroups.name}) = lower(${ACTIVITY_GROUPS.vehicle})`,
  );

export const chaRepository = {
  // Agents whose name or registration number holds the text (any case), by name.
  search: (db: Database, text: string, limit: number) => {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    return db
      .select()
      .from(chaAgents)
      .where(
        text
          ? sql`lower(${chaAgents.name}) like ${pattern} or lower(${chaAgents.registrationNumber}) like ${pattern}`
          : undefined,
      )
      .orderBy(sql`lower(${chaAgents.name})`, asc(chaAgents.id))
      .limit(limit);
  },

  agent: async (db: Database, id: number) => (await db.select().from(chaAgents).where(eq(chaAgents.id, id)))[0],

  insertAgent: async (db: Database, values: typeof chaAgents.$inferInsert) =>
    (await db.insert(chaAgents).values(values).returning())[0]!,

  updateContacts: async (db: Database, id: number, contacts: string[]) =>
    (await db.update(chaAgents).set({ contacts }).where(eq(chaAgents.id, id)).returning())[0],

  equipments: (db: Database) =>
    db
      .select({ id: chaEquipments.id, name: chaEquipments.name })
      .from(chaEquipments)
      .orderBy(asc(chaEquipments.sortOrder), asc(chaEquipments.name)),

  existingEquipmentIds: async (db: Database, ids: readonly number[]) =>
    ids.length
      ? (
          await db
            .select({ id: chaEquipments.id })
            .from(chaEquipments)
            .where(inArray(chaEquipments.id, [...ids]))
        ).map((row) => row.id)
      : [],

  currentAllocation: async (db: Database, agentId: number) =>
    (
      await db
        .select()
        .from(chaAllocations)
        .where(eq(chaAllocations.agentId, agentId))
        .orderBy(desc(chaAllocations.id))
        .limit(1)
    )[0],

  allocation: async (db: Database, agentId: number, allocationId: number) =>
    (
      await db
        .select()
        .from(chaAllocations)
        .where(and(eq(chaAllocations.id, allocationId), eq(chaAllocations.agentId, agentId)))
    )[0],

  // The allocation row, locked: two saves of one allocation go one after the other.
  lockAllocation: async (db: Database, agentId: number, allocationId: number) =>
    (
      await db
        .select()
        .from(chaAllocations)
        .where(and(eq(chaAllocations.id, allocationId), eq(chaAllocations.agentId, agentId)))
        .for('update')
    )[0],

  details: (db: Database, allocationId: number): Promise<DetailRow[]> =>
    db
      .select(detailColumns)
      .from(chaVehicleDetails)
      .innerJoin(activities, eq(activities.id, chaVehicleDetails.activityId))
      .innerJoin(activityGroups, eq(activityGroups.id, activities.activityGroupId))
      .where(eq(chaVehicleDetails.allocationId, allocationId))
      .orderBy(asc(activities.sortOrder), asc(activities.id)),

  allocationEquipments: (db: Database, allocationId: number) =>
    db
      .select({ id: chaEquipments.id, name: chaEquipments.name })
      .from(chaAllocationEquipments)
      .innerJoin(chaEquipments, eq(chaEquipments.id, chaAllocationEquipments.equipmentId))
      .where(eq(chaAllocationEquipments.allocationId, allocationId))
      .orderBy(asc(chaEquipments.sortOrder), asc(chaEquipments.name)),

  insertAllocation: async (db: Database, agentId: number, by: string) =>
    (await db.insert(chaAllocations).values({ agentId, createdBy: by, updatedBy: by }).returning())[0]!,

  touchAllocation: (db: Database, allocationId: number, by: string) =>
    db
      .update(chaAllocations)
      .set({ updatedAt: sql`now()`, updatedBy: by })
      .where(eq(chaAllocations.id, allocationId)),

  replaceEquipments: async (db: Database, allocationId: number, equipmentIds: readonly number[]) => {
    await db.delete(chaAllocationEquipments).where(eq(chaAllocationEquipments.allocationId, allocationId));
    if (equipmentIds.length)
      await db
        .insert(chaAllocationEquipments)
        .values(equipmentIds.map((equipmentId) => ({ allocationId, equipmentId })));
  },

  // Sets the figures of each delivery type; a type already there keeps its gated-in count.
  upsertDetails: async (
    db: Database,
    allocationId: number,
    rows: readonly { activityId: number; allowedCount: number; allowed20: number; allowed40: number }[],
  ) => {
    if (!rows.length) return;
    await db
      .insert(chaVehicleDetails)
      .values(rows.map((row) => ({ allocationId, ...row })))
      .onConflictDoUpdate({
        target: [chaVehicleDetails.allocationId, chaVehicleDetails.activityId],
        set: {
          allowedCount: sql`excluded.allowed_count`,
          allowed20: sql`excluded.allowed20`,
          allowed40: sql`excluded.allowed40`,
        },
      });
  },

  // The delivery types (VEHICLE GATE-IN activities) among these ids.
  vehicleActivities: async (db: Database, ids: readonly number[]) =>
    ids.length
      ? db
          .select({ id: activities.id, name: activities.name })
          .from(activities)
          .innerJoin(activityGroups, eq(activityGroups.id, activities.activityGroupId))
          .where(
            and(
              inArray(activities.id, [...ids]),
              sql`lower(${activityGroups.name}) = lower(${ACTIVITY_GROUPS.vehicle})`,
            ),
          )
      : [],

  // Master data chas/activity/{x}: the agents whose current allocation has the delivery type.
  agentsForActivity: (db: Database, activityName: string) =>
    db
      .select({ agent: chaAgents })
      .from(chaAgents)
      .innerJoin(chaVehicleDetails, eq(chaVehicleDetails.allocationId, currentAllocationId(chaAgents.id)))
      .innerJoin(activities, eq(activities.id, chaVehicleDetails.activityId))
      .innerJoin(activityGroups, eq(activityGroups.id, activities.activityGroupId))
      .where(isVehicleActivityNamed(activityName))
      .orderBy(sql`lower(${chaAgents.name})`, asc(chaAgents.id)),

  // Master data cha/{id}/activity/{x}: the agent's vehicle detail of the delivery type in its
  // current allocation.
  vehicleDetail: async (db: Database, agentId: number, activityName: string): Promise<DetailRow | undefined> =>
    (
      await db
        .select(detailColumns)
        .from(chaVehicleDetails)
        .innerJoin(activities, eq(activities.id, chaVehicleDetails.activityId))
        .innerJoin(activityGroups, eq(activityGroups.id, activities.activityGroupId))
        .where(
          and(eq(chaVehicleDetails.allocationId, currentAllocationId(agentId)), isVehicleActivityNamed(activityName)),
        )
    )[0],

  // A vehicle detail with its agent, as the trailer gate-in counts it.
  detailForGateIn: async (db: Database, id: number) =>
    (
      await db
        .select({ ...detailColumns, agentId: chaAgents.id, agentName: chaAgents.name })
        .from(chaVehicleDetails)
        .innerJoin(activities, eq(activities.id, chaVehicleDetails.activityId))
        .innerJoin(activityGroups, eq(activityGroups.id, activities.activityGroupId))
        .innerJoin(chaAllocations, eq(chaAllocations.id, chaVehicleDetails.allocationId))
        .innerJoin(chaAgents, eq(chaAgents.id, chaAllocations.agentId))
        .where(eq(chaVehicleDetails.id, id))
    )[0],

  // One more vehicle gated in, in the gate-in's transaction. The condition is evaluated on the row
  // as it stands once the update holds its lock (PostgreSQL re-reads a row a concurrent update
  // changed before applying the WHERE), so concurrent gate-ins never take the count past the
  // allowed count unless the clerk confirmed the Gate Count Alert; no row: the count is full.
  countGateIn: async (db: Database, id: number, beyondAllowed: boolean) =>
    (
      await db
        .update(chaVehicleDetails)
        .set({ gatedInCount: sql`${chaVehicleDetails.gatedInCount} + 1` })
        .where(
          and(
            eq(chaVehicleDetails.id, id),
            beyondAllowed ? undefined : sql`${chaVehicleDetails.gatedInCount} < ${chaVehicleDetails.allowedCount}`,
          ),
        )
        .returning({ gatedInCount: chaVehicleDetails.gatedInCount, allowedCount: chaVehicleDetails.allowedCount })
    )[0],
};
