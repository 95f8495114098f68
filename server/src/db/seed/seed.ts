import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { ACTIVITY_GROUPS } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { hashPassword } from '../../modules/auth';
import * as schema from '../schema';
import {
  ACTIVITIES,
  CHA_EQUIPMENTS,
  CONTAINER_SIZES,
  CONTAINER_TYPES,
  DEMO_USER_ROLE_NAMES,
  LINERS,
  NAMED_LIST_VALUES,
  SYSTEM_ROLE_NAMES,
} from './reference-data';
import {
  DEMO_AREAS,
  DEMO_CHA_AGENTS,
  DEMO_CUSTOMERS,
  DEMO_SLOT_GROUPS,
  DEMO_YARD_LOCATIONS,
  demoCorners,
  demoYardLocationCoordinates,
} from './demo-yard';

export const DEMO_PASSWORD = 'demo';

const named = (values: readonly string[]) => values.map((name, sortOrder) => ({ name, sortOrder }));

// Reference data every yard needs; idempotent (existing rows are left as they are, and the
// master-data lists are seeded only into a database that never had them).
export async function seedReferenceData(db: Database) {
  await db.transaction(async (tx) => {
    await tx
      .insert(schema.roles)
      .values(SYSTEM_ROLE_NAMES.map((name) => ({ name, adminCreated: false })))
      .onConflictDoNothing();
    // The master-data lists are seeded once per database: after that they are the administrators'
    // (/master-data, issue 22), and an item they deleted or renamed stays so across restarts.
    const [state] = await tx
      .select({ seeded: schema.masterDataState.referenceSeeded })
      .from(schema.masterDataState)
      .where(eq(schema.masterDataState.id, 1));
    if (!state?.seeded) await seedMasterLists(tx);
    await tx.insert(schema.chaEquipments).values(named(CHA_EQUIPMENTS)).onConflictDoNothing();
  });
}

async function seedMasterLists(tx: Database) {
  const lists = [
    [schema.containerProcesses, NAMED_LIST_VALUES.containerProcesses],
    [schema.categories, NAMED_LIST_VALUES.categories],
    [schema.cargoTypes, NAMED_LIST_VALUES.cargoTypes],
    [schema.deliveryModes, NAMED_LIST_VALUES.deliveryModes],
    [schema.readerTypes, NAMED_LIST_VALUES.readerTypes],
    [schema.machineTypes, NAMED_LIST_VALUES.machineTypes],
    [schema.machineStatuses, NAMED_LIST_VALUES.machineStatuses],
    [schema.taskTypes, NAMED_LIST_VALUES.taskTypes],
    [schema.activityGroups, NAMED_LIST_VALUES.activityGroups],
  ] as const;
  for (const [table, values] of lists) await tx.insert(table).values(named(values)).onConflictDoNothing();

  const groups = await tx.select().from(schema.activityGroups);
  const activityRows = groups.flatMap((group) =>
    (ACTIVITIES[group.name] ?? []).map((name, sortOrder) => ({ activityGroupId: group.id, name, sortOrder })),
  );
  if (activityRows.length) await tx.insert(schema.activities).values(activityRows).onConflictDoNothing();

  await tx
    .insert(schema.containerSizes)
    .values(CONTAINER_SIZES.map((size, sortOrder) => ({ ...size, sortOrder })))
    .onConflictDoNothing();
  await tx
    .insert(schema.containerTypes)
    .values(CONTAINER_TYPES.map((type, sortOrder) => ({ ...type, sortOrder })))
    .onConflictDoNothing();

  for (const liner of LINERS) {
    await tx
      .insert(schema.linerInfos)
      .values({ code: liner.code, name: liner.name, color: liner.color })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ id: schema.linerInfos.id })
      .from(schema.linerInfos)
      .where(eq(schema.linerInfos.code, liner.code));
    await tx
      .insert(schema.linerPrefixes)
      .values(liner.prefixes.map((prefix) => ({ prefix, linerId: row!.id })))
      .onConflictDoNothing();
  }
  await tx.update(schema.masterDataState).set({ referenceSeeded: true }).where(eq(schema.masterDataState.id, 1));
}

async function roleIds(db: Database) {
  const rows = await db.select().from(schema.roles);
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}

// The demo depot, its customers and one user per role (password "demo"); only into an empty yard.
export async function seedDemo(db: Database, yardCenter: { latitude: number; longitude: number }) {
  const [{ areas } = { areas: 0 }] = await db.select({ areas: sql<number>`count(*)::int` }).from(schema.yardAreas);
  const [{ users } = { users: 0 }] = await db.select({ users: sql<number>`count(*)::int` }).from(schema.users);
  const [{ locations } = { locations: 0 }] = await db
    .select({ locations: sql<number>`count(*)::int` })
    .from(schema.yardLocations);
  const passwordHashes =
    users === 0 ? await Promise.all(DEMO_USER_ROLE_NAMES.map(() => hashPassword(DEMO_PASSWORD))) : [];
  await db.transaction(async (tx) => {
    if (areas === 0) {
      for (const [index, area] of DEMO_AREAS.entries()) {
        const [areaRow] = await tx
          .insert(schema.yardAreas)
          .values({ name: area.name, sortOrder: index, maxHeight: area.maxHeight, ...demoCorners(index, yardCenter) })
          .returning();
        const rows = await tx
          .insert(schema.yardRows)
          .values(
            Array.from({ length: area.rows }, (_, i) => ({ areaId: areaRow!.id, index: i + 1, name: String(i + 1) })),
          )
          .returning();
        const columns = await tx
          .insert(schema.yardColumns)
          .values(
            Array.from({ length: area.columns }, (_, i) => ({
              areaId: areaRow!.id,
              index: i + 1,
              name: String(i + 1),
              merged: area.mergedStarts.includes(i + 1),
            })),
          )
          .returning();
        await tx.insert(schema.yardCells).values(
          rows.flatMap((row) =>
            columns.map((column) => ({
              areaId: areaRow!.id,
              rowId: row.id,
              columnId: column.id,
              name: column.name,
              fullName: `${area.name}_${row.name}_${column.name}`,
            })),
          ),
        );
      }
      await tx.insert(schema.customers).values(DEMO_CUSTOMERS).onConflictDoNothing();
      await seedDemoSlotGroups(tx);
    }
    await seedDemoChaAgents(tx);
    if (locations === 0)
      await tx.insert(schema.yardLocations).values(
        DEMO_YARD_LOCATIONS.map((location) => ({
          name: location.name,
          type: location.type,
          ...demoYardLocationCoordinates(location.metres, yardCenter),
        })),
      );
    if (users === 0) {
      const ids = await roleIds(tx);
      await tx.insert(schema.users).values(
        DEMO_USER_ROLE_NAMES.map((name, i) => ({
          username: name,
          passwordHash: passwordHashes[i]!,
          roleId: ids.get(name)!,
          email: `${name}@demo.openyard.local`,
        })),
      );
    }
  });
}

// The demo's planning param and the cells of its values (slot groups, issue 19).
async function seedDemoSlotGroups(db: Database) {
  const [param] = await db
    .insert(schema.planningParams)
    .values({
      name: DEMO_SLOT_GROUPS.name,
      dataProvider: 'CUSTOM',
      allowedStrings: [...DEMO_SLOT_GROUPS.allowedStrings],
    })
    .onConflictDoNothing()
    .returning();
  if (!param) return;
  const cells = await db
    .select({ id: schema.yardCells.id, fullName: schema.yardCells.fullName })
    .from(schema.yardCells);
  const idOf = new Map(cells.map((cell) => [cell.fullName, cell.id]));
  const rows = DEMO_SLOT_GROUPS.cells.flatMap((group) =>
    group.rows.flatMap((row) =>
      group.columns.flatMap((column) => {
        const cellId = idOf.get(`${group.area}_${row}_${column}`);
        return cellId === undefined ? [] : [{ paramId: param.id, value: group.value, cellId }];
      }),
    ),
  );
  if (rows.length) await db.insert(schema.planningSlotGroupCells).values(rows);
}

// The demo's customs house agents with their current allocations (only when there are none).
async function seedDemoChaAgents(tx: Database) {
  const [{ agents } = { agents: 0 }] = await tx.select({ agents: sql<number>`count(*)::int` }).from(schema.chaAgents);
  if (agents > 0) return;
  const vehicleTypes = await tx
    .select({ id: schema.activities.id, name: schema.activities.name })
    .from(schema.activities)
    .innerJoin(schema.activityGroups, eq(schema.activityGroups.id, schema.activities.activityGroupId))
    .where(eq(schema.activityGroups.name, ACTIVITY_GROUPS.vehicle));
  const typeIds = new Map(vehicleTypes.map((type) => [type.name, type.id]));
  const equipmentIds = new Map(
    (await tx.select().from(schema.chaEquipments)).map((equipment) => [equipment.name, equipment.id]),
  );
  for (const agent of DEMO_CHA_AGENTS) {
    const [agentRow] = await tx
      .insert(schema.chaAgents)
      .values({ name: agent.name, registrationNumber: agent.registrationNumber, contacts: agent.contacts })
      .returning();
    const [allocation] = await tx
      .insert(schema.chaAllocations)
      .values({ agentId: agentRow!.id, createdBy: 'demo', updatedBy: 'demo' })
      .returning();
    await tx.insert(schema.chaVehicleDetails).values(
      Object.entries(agent.allowed).map(([type, [allowedCount, allowed20, allowed40]]) => ({
        allocationId: allocation!.id,
        activityId: typeIds.get(type)!,
        allowedCount,
        allowed20,
        allowed40,
      })),
    );
    if (agent.equipments.length)
      await tx
        .insert(schema.chaAllocationEquipments)
        .values(
          agent.equipments.map((name) => ({ allocationId: allocation!.id, equipmentId: equipmentIds.get(name)! })),
        );
  }
}

// Without the demo, a new database gets one superadmin with a random password, written once to a
// file only its owner can read. The log says where the file is, never the password: logs are
// shipped, kept and read by more people than the machine's owner.
export async function seedInitialSuperadmin(
  db: Database,
  dataDir: string,
  log: (message: string) => void,
): Promise<{ file: string } | null> {
  const [{ users } = { users: 0 }] = await db.select({ users: sql<number>`count(*)::int` }).from(schema.users);
  if (users > 0) return null;
  const password = randomBytes(12).toString('base64url');
  const ids = await roleIds(db);
  await db
    .insert(schema.users)
    .values({ username: 'superadmin', passwordHash: await hashPassword(password), roleId: ids.get('superadmin')! });
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, 'initial-credentials.txt');
  await writeFile(file, `username: superadmin\npassword: ${password}\n`, { mode: 0o600 });
  log(
    `Created the first user "superadmin"; its password is in ${file} (readable by this account only). Change it after logging in and delete the file.`,
  );
  return { file };
}
