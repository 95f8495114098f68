import { and, asc, count, eq, gte, isNull, lte, not, sql } from 'drizzle-orm';
import type { DashboardLayout, InventoryGrouping } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import {
  containerPositions,
  containerProcesses,
  containers,
  customers,
  inventoryState,
  linerInfos,
  linerPrefixes,
  machines,
  masterDataState,
  tasks,
  trailers,
  yardAreas,
  yardColumns,
  yardRows,
} from '../../db/schema';
import { dashboardLayouts, dashboardRollupState, dashboardYardDays } from './dashboard.table';

const toInt = (value: unknown) => Number(value ?? 0);

// What the figures of the yard as it stands depend on: the inventory version (every change of
// containers and positions), the layout version (areas, rows, columns) and the master-data version
// (the names of customers, processes, liners).
const masterVersion = sql<string>`(select ${masterDataState.version}::text from ${masterDataState} where ${masterDataState.id} = 1)`;

export const dashboardRepository = {
  async stateVersion(db: Database): Promise<string> {
    const [row] = await db
      .select({ version: inventoryState.version, layoutVersion: inventoryState.layoutVersion, masterVersion })
      .from(inventoryState)
      .where(eq(inventoryState.id, 1));
    return row ? `${row.version}:${row.layoutVersion}:${row.masterVersion}` : '';
  },

  async rollupZone(db: Database): Promise<string | null> {
    const [row] = await db
      .select({ timeZone: dashboardRollupState.timeZone })
      .from(dashboardRollupState)
      .where(eq(dashboardRollupState.id, 1));
    return row?.timeZone ?? null;
  },

  // Counts the rollup again from the whole history, in this zone (migrations 0021, 0025): minutes on
  // years of a large depot, once, so without the connections' statement timeout.
  async cutRollups(db: Database, timeZone: string) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`select dashboard_rollups_cut(${timeZone})`);
      // The reports' day counts are cut in the same zone (reports.table.ts).
      await tx.execute(sql`select report_days_cut(${timeZone})`);
    });
  },

  // Per area, in the layout's order: its capacity (rows × columns × height), the slot positions
  // taken and the containers on them (a 40 ft box takes two positions).
  async areas(db: Database) {
    const taken = db
      .select({
        areaId: containerPositions.areaId,
        positions: count().as('positions'),
        containers: sql<number>`count(distinct ${containerPositions.containerId})`.as('containers'),
      })
      .from(containerPositions)
      // A plan's reservations hold positions but are no containers in the yard (issue 19).
      .innerJoin(containers, and(eq(containers.id, containerPositions.containerId), not(containers.planned)))
      .groupBy(containerPositions.areaId)
      .as('taken');
    const rows = await db
      .select({
        area: yardAreas.name,
        capacity: sql<number>`${yardAreas.maxHeight}
          * (select count(*) from ${yardRows} where ${yardRows.areaId} = ${yardAreas.id})
          * (select count(*) from ${yardColumns} where ${yardColumns.areaId} = ${yardAreas.id})`,
        positions: taken.positions,
        containers: taken.containers,
      })
      .from(yardAreas)
      .leftJoin(taken, eq(taken.areaId, yardAreas.id))
      .orderBy(asc(yardAreas.sortOrder), asc(yardAreas.name));
    return rows.map((row) => ({
      area: row.area,
      capacity: toInt(row.capacity),
      positions: toInt(row.positions),
      containers: toInt(row.containers),
    }));
  },

  // Containers in the yard (gated in, neither dispatched nor voided) by customer, liner or process;
  // null names those without one.
  async inventoryBy(db: Database, groupBy: InventoryGrouping) {
    const active = and(isNull(containers.dispatchedAt), isNull(containers.voidedAt), not(containers.planned));
    const counted = { containers: count() };
    const rows =
      groupBy === 'customer'
        ? await db
            .select({ name: customers.name, ...counted })
            .from(containers)
            .leftJoin(customers, eq(customers.id, containers.customerId))
            .where(active)
            .groupBy(customers.name)
        : groupBy === 'process'
          ? await db
              .select({ name: containerProcesses.name, ...counted })
              .from(containers)
              .leftJoin(containerProcesses, eq(containerProcesses.id, containers.processId))
              .where(active)
              .groupBy(containerProcesses.name)
          : await db
              .select({ name: linerInfos.name, ...counted })
              .from(containers)
              .leftJoin(linerPrefixes, eq(linerPrefixes.prefix, sql`left(${containers.containerNumber}, 4)`))
              .leftJoin(linerInfos, eq(linerInfos.id, linerPrefixes.linerId))
              .where(active)
              .groupBy(linerInfos.name);
    return rows.map((row) => ({ name: row.name, containers: toInt(row.containers) }));
  },

  // Containers in the yard by their age in yard days on `today` (gated in today: 0).
  async ages(db: Database, today: string, timeZone: string) {
    const age = sql<number>`(${today}::date - (${containers.gateInAt} at time zone ${timeZone})::date)`;
    const rows = await db
      .select({ days: age, containers: count() })
      .from(containers)
      .where(and(isNull(containers.dispatchedAt), isNull(containers.voidedAt), not(containers.planned)))
      // By position: the expression's parameters are bound twice otherwise, and differ to the planner.
      .groupBy(sql`1`);
    return rows.map((row) => ({ days: toInt(row.days), containers: toInt(row.containers) }));
  },

  // The rollup's yard days from..to (inclusive) that have any count.
  async yardDays(db: Database, from: string, to: string) {
    return db
      .select({
        day: sql<string>`${dashboardYardDays.day}::text`,
        gateIns: dashboardYardDays.gateIns,
        gateOuts: dashboardYardDays.gateOuts,
        machineMoves: dashboardYardDays.machineMoves,
        manualMoves: dashboardYardDays.manualMoves,
      })
      .from(dashboardYardDays)
      .where(and(gte(dashboardYardDays.day, from), lte(dashboardYardDays.day, to)))
      .orderBy(asc(dashboardYardDays.day));
  },

  // The same by month (YYYY-MM).
  async yardMonths(db: Database, from: string, to: string) {
    const month = sql<string>`to_char(${dashboardYardDays.day}, 'YYYY-MM')`;
    const rows = await db
      .select({
        month,
        gateIns: sql<number>`sum(${dashboardYardDays.gateIns})`,
        gateOuts: sql<number>`sum(${dashboardYardDays.gateOuts})`,
        machineMoves: sql<number>`sum(${dashboardYardDays.machineMoves})`,
        manualMoves: sql<number>`sum(${dashboardYardDays.manualMoves})`,
      })
      .from(dashboardYardDays)
      .where(and(gte(dashboardYardDays.day, from), lte(dashboardYardDays.day, to)))
      .groupBy(month);
    return rows.map((row) => ({
      month: row.month,
      gateIns: toInt(row.gateIns),
      gateOuts: toInt(row.gateOuts),
      machineMoves: toInt(row.machineMoves),
      manualMoves: toInt(row.manualMoves),
    }));
  },

  // Open tasks per assigned machine (as written: 'ALL' for any machine), on the open tasks' index.
  async openTasksByMachine(db: Database) {
    const rows = await db
      .select({ machine: tasks.assignedToMachine, openTasks: count() })
      .from(tasks)
      .where(isNull(tasks.completedAt))
      .groupBy(tasks.assignedToMachine);
    return rows.map((row) => ({ machine: row.machine, openTasks: toInt(row.openTasks) }));
  },

  machineNames: (db: Database) =>
    db.select({ name: machines.machineName }).from(machines).orderBy(asc(machines.machineName)),

  // Trailers inside the yard by trailer type, visit type and gate-in kind; those in before
  // `overdueBefore` have overstayed.
  async trailerGroups(db: Database, overdueBefore: Date) {
    const rows = await db
      .select({
        trailerType: trailers.trailerType,
        trailerGateInType: trailers.type,
        gateInType: trailers.activityGroup,
        count: count(),
        tatViolated: sql<number>`count(*) filter (where ${trailers.entryAt} < ${overdueBefore.toISOString()}::timestamptz)`,
      })
      .from(trailers)
      .where(isNull(trailers.outAt))
      .groupBy(trailers.trailerType, trailers.type, trailers.activityGroup)
      .orderBy(sql`count(*) desc`, asc(trailers.type));
    return rows.map((row) => ({ ...row, count: toInt(row.count), tatViolated: toInt(row.tatViolated) }));
  },

  // Trailers inside the yard, longest inside first, with how many there are.
  async trailersInside(db: Database, offset: number, limit: number) {
    return db
      .select({
        id: trailers.id,
        trailerNumber: trailers.trailerNumber,
        trailerType: trailers.trailerType,
        trailerGateInType: trailers.type,
        gateInType: trailers.activityGroup,
        entryAt: trailers.entryAt,
        containerNumbers: trailers.containerNumbers,
        totalCount: sql<number>`count(*) over ()`,
      })
      .from(trailers)
      .where(isNull(trailers.outAt))
      .orderBy(asc(trailers.entryAt), asc(trailers.id))
      .offset(offset)
      .limit(limit);
  },

  async insideCount(db: Database) {
    const [row] = await db.select({ total: count() }).from(trailers).where(isNull(trailers.outAt));
    return toInt(row?.total);
  },

  async layout(db: Database, userId: number): Promise<DashboardLayout | null> {
    const [row] = await db
      .select({ layout: dashboardLayouts.layout })
      .from(dashboardLayouts)
      .where(eq(dashboardLayouts.userId, userId));
    return row?.layout ?? null;
  },

  async saveLayout(db: Database, userId: number, layout: DashboardLayout) {
    await db
      .insert(dashboardLayouts)
      .values({ userId, layout })
      .onConflictDoUpdate({ target: dashboardLayouts.userId, set: { layout, updatedAt: new Date() } });
  },
};
