import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Alarm, AlarmKind, AlarmSeverity, AlarmSourceKind } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { containers, gateReaders, machines, yardExceptions } from '../../db/schema';
import { alarms } from './alarms.table';

export type AlarmRow = typeof alarms.$inferSelect;

export interface AlarmKey {
  kind: AlarmKind;
  sourceKind: AlarmSourceKind;
  sourceId: number;
}

export interface NewAlarm extends AlarmKey {
  severity: AlarmSeverity;
  sourceName: string;
  message: string;
  raisedAt: Date;
  // The domain event that raised it: a second delivery of that event raises nothing.
  raisedEventId: string | null;
}

export function toAlarm(row: AlarmRow): Alarm {
  return {
    id: row.id,
    kind: row.kind as AlarmKind,
    severity: row.severity as AlarmSeverity,
    sourceKind: row.sourceKind as AlarmSourceKind,
    sourceId: row.sourceId,
    sourceName: row.sourceName,
    message: row.message,
    raisedAt: row.raisedAt.getTime(),
    clearedAt: row.clearedAt?.getTime() ?? null,
  };
}

export const alarmsRepository = {
  // Null when one of its kind is open for the source already, or the event raised it before.
  async raise(db: Database, alarm: NewAlarm): Promise<AlarmRow | null> {
    const [row] = await db.insert(alarms).values(alarm).onConflictDoNothing().returning();
    return row ?? null;
  },

  // Clears the open alarm of the key, never before it was raised.
  async clear(db: Database, key: AlarmKey, at: Date): Promise<AlarmRow[]> {
    return db
      .update(alarms)
      .set({ clearedAt: sql`greatest(${alarms.raisedAt}, ${at.toISOString()}::timestamptz)` })
      .where(
        and(
          eq(alarms.kind, key.kind),
          eq(alarms.sourceKind, key.sourceKind),
          eq(alarms.sourceId, key.sourceId),
          isNull(alarms.clearedAt),
        ),
      )
      .returning();
  },

  openKeys: (db: Database): Promise<AlarmKey[]> =>
    db
      .select({ kind: alarms.kind, sourceKind: alarms.sourceKind, sourceId: alarms.sourceId })
      .from(alarms)
      .where(isNull(alarms.clearedAt)) as Promise<AlarmKey[]>,

  async openPage(db: Database, offset: number, limit: number) {
    const [rows, counts] = await Promise.all([
      db
        .select()
        .from(alarms)
        .where(isNull(alarms.clearedAt))
        .orderBy(desc(alarms.raisedAt), desc(alarms.id))
        .offset(offset)
        .limit(limit),
      db
        .select({ severity: alarms.severity, value: count() })
        .from(alarms)
        .where(isNull(alarms.clearedAt))
        .groupBy(alarms.severity),
    ]);
    const bySeverity: Record<AlarmSeverity, number> = { critical: 0, warning: 0 };
    for (const { severity, value } of counts) bySeverity[severity as AlarmSeverity] += value;
    return { rows, total: counts.reduce((sum, { value }) => sum + value, 0), bySeverity };
  },

  async machineName(db: Database, id: number): Promise<string | null> {
    const [row] = await db.select({ name: machines.machineName }).from(machines).where(eq(machines.id, id));
    return row?.name ?? null;
  },

  async readerName(db: Database, id: number): Promise<string | null> {
    const [row] = await db.select({ name: gateReaders.name }).from(gateReaders).where(eq(gateReaders.id, id));
    return row?.name ?? null;
  },

  // What the alarms of a state should be now (the recorder's reconciliation after a gap): machines
  // broken down, readers NOK, yard exceptions unresolved.
  brokenDownMachines: (db: Database) =>
    db
      .select({ id: machines.id, name: machines.machineName, since: machines.lastDataReceived })
      .from(machines)
      .where(sql`lower(${machines.machineStatus}) = 'break-down'`),
  downReaders: (db: Database) =>
    db
      .select({ id: gateReaders.id, name: gateReaders.name, since: gateReaders.statusLastReceived })
      .from(gateReaders)
      .where(eq(gateReaders.healthStatus, 'NOK')),
  unresolvedExceptions: (db: Database) =>
    db
      .select({
        id: yardExceptions.id,
        message: yardExceptions.message,
        since: yardExceptions.occurredAt,
        machine: machines.machineName,
      })
      .from(yardExceptions)
      .leftJoin(machines, eq(machines.id, yardExceptions.machineId))
      .where(isNull(yardExceptions.resolvedAt)),

  async movementAlert(db: Database, containerId: number): Promise<boolean> {
    const [row] = await db
      .select({ alert: containers.movementAlert })
      .from(containers)
      .where(eq(containers.id, containerId));
    return row?.alert ?? false;
  },
};
