import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { DeviceLogEntry, DeviceLogType } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { deviceLogs } from './device-logs.table';

export type NewDeviceLog = {
  deviceId: string;
  type: DeviceLogType;
  message: string;
  topic: string | null;
  messageId: string | null;
  receivedAt?: Date;
};

export function toDeviceLogEntry(row: typeof deviceLogs.$inferSelect): DeviceLogEntry {
  return {
    id: row.id,
    deviceId: row.deviceId,
    type: row.type as DeviceLogType,
    message: row.message,
    topic: row.topic,
    receivedAt: row.receivedAt.getTime(),
  };
}

export const deviceLogsRepository = {
  // A redelivered message is logged once: only new rows come back.
  insert: (db: Database, rows: NewDeviceLog[]) =>
    rows.length ? db.insert(deviceLogs).values(rows).onConflictDoNothing().returning() : Promise.resolve([]),

  async page(
    db: Database,
    options: { deviceId: string | null; type: DeviceLogType | null; offset: number; limit: number },
  ) {
    const conditions: SQL[] = [];
    if (options.deviceId) conditions.push(eq(deviceLogs.deviceId, options.deviceId));
    if (options.type) conditions.push(eq(deviceLogs.type, options.type));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(deviceLogs)
        .where(where)
        .orderBy(desc(deviceLogs.id))
        .offset(options.offset)
        .limit(options.limit),
      db.select({ value: count() }).from(deviceLogs).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  async deviceIds(db: Database) {
    const rows = await db
      .selectDistinct({ deviceId: deviceLogs.deviceId })
      .from(deviceLogs)
      .orderBy(deviceLogs.deviceId);
    return rows.map((row) => row.deviceId);
  },

  async deleteBefore(db: Database, before: Date) {
    const deleted = await db
      .delete(deviceLogs)
      .where(lt(deviceLogs.receivedAt, before))
      .returning({ id: deviceLogs.id });
    return deleted.length;
  },
};
