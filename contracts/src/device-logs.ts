import { Type, type Static } from 'typebox';
import { PAGE_SIZES } from './rules/paging';

// Device log entry types: the three of the spec's filter, plus the reasons ingest refuses a message
// and a device clock not believed (the message was stored at its arrival time instead).
export const DEVICE_LOG_TYPES = ['RF_OK', 'RFNOK', 'TAG_DATA', 'REJECTED', 'CLOCK_OFF'] as const;
export type DeviceLogType = (typeof DEVICE_LOG_TYPES)[number];
export const DEVICE_LOG_FILTERS = ['All', 'RF_OK', 'RFNOK', 'TAG_DATA'] as const;

export const DeviceLogEntry = Type.Object({
  id: Type.Integer(),
  deviceId: Type.String(),
  type: Type.Union([
    Type.Literal('RF_OK'),
    Type.Literal('RFNOK'),
    Type.Literal('TAG_DATA'),
    Type.Literal('REJECTED'),
    Type.Literal('CLOCK_OFF'),
  ]),
  message: Type.String(),
  topic: Type.Union([Type.String(), Type.Null()]),
  receivedAt: Type.Integer(),
});
export type DeviceLogEntry = Static<typeof DeviceLogEntry>;

// skip is the 1-based start of the page, (page-1)*size+1, as every list of spec 1 pages (§9).
export const DeviceLogQuery = Type.Object({
  skip: Type.Optional(Type.Integer({ minimum: 0, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: PAGE_SIZES.deviceLogs })),
  filterString: Type.Optional(
    Type.Union([Type.Literal('All'), Type.Literal('RF_OK'), Type.Literal('RFNOK'), Type.Literal('TAG_DATA')]),
  ),
});
export type DeviceLogQuery = Static<typeof DeviceLogQuery>;

export const DeviceLogPage = Type.Object({ entities: Type.Array(DeviceLogEntry), totalCount: Type.Integer() });
export type DeviceLogPage = Static<typeof DeviceLogPage>;
