import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { DeviceLogEntry, DeviceLogType } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { insertJsonRowsReturning } from '../../db/bulk-insert';
import { deviceLogs } from './device-logs.table';

export type NewDeviceLog = {
  deviceId: string;
  type: DeviceLogType;
  message: string;
  topic: string | null;
  messageId: string | null;
};

export type DeviceLogRow = typeof deviceLogs.$inferSelect;

const LOG_COLUMNS = { device_id: 'text', type: 'text', message: 'text', topic: 'text', message_id: 'text' };

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
  // One statement per batch; a redelivered message (same device, id and type) is skipped, not returned.
  async insert(db: Database, rows: NewDeviceLog[]): Promise<DeviceLogRow[]> {
    type Returned = Omit<DeviceLogRow, 'id' | 'receivedAt'> & { id: number | string; receivedAt: number };
    const inserted = await insertJsonRowsReturning<Returned>(
      db,
      'device_logs',
      LOG_COLUMNS,
      rows.map((row) => ({
        device_id: row.deviceId,
        type: row.type,
        message: row.message,
        topic: row.topic,
        message_id: row.messageId,
      })),
      ['device_id', 'message_id', 'type'],
      `id, device_id as "deviceId", type, message, topic, message_id as "messageId",
        (extract(epoch from received_at) * 1000)::float8 as "receivedAt"`,
    );
    return inserted.map((row) => ({ ...row, id: Number(row.id), receivedAt: new Date(row.receivedAt) }));
  },

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
