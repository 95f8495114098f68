import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const deviceLogs = pgTable(
  'device_logs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    deviceId: text().notNull(),
    type: text().notNull(),
    message: text().notNull(),
    topic: text(),
    messageId: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('device_logs_device_idx').on(table.deviceId, table.id),
    index('device_logs_received_idx').on(table.receivedAt),
    uniqueIndex('device_logs_device_message_unique')
      .on(table.deviceId, table.messageId, table.type)
      .where(sql`${table.messageId} is not null`),
    check('device_logs_type', sql`${table.type} in ('RF_OK', 'RFNOK', 'TAG_DATA', 'REJECTED', 'CLOCK_OFF')`),
  ],
);
