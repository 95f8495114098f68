import { Type, type Static } from 'typebox';
import { PAGE_SIZES } from './rules/paging';

export const Id = Type.Integer({ minimum: 1 });
// An instant in milliseconds since 1970 of a yard day (up to the last one, 9999-12-30): a request's
// epoch-millisecond filter beyond it is refused by its schema, not by `new Date` or PostgreSQL.
export const EPOCH_MS_MAX = Date.UTC(9999, 11, 30) - 1;
export const EpochMs = Type.Integer({ minimum: 0, maximum: EPOCH_MS_MAX });
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

// Users, roles, trailers and PLA cards page with a 1-based start index: skip = (page-1)*size+1.
export const OneBasedPageQuery = Type.Object({
  skip: Type.Optional(Type.Integer({ minimum: 0, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: PAGE_SIZES.users })),
});
export type OneBasedPageQuery = Static<typeof OneBasedPageQuery>;

export const ErrorResponse = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.Optional(Type.String()),
  correlationId: Type.Optional(Type.String()),
  // The request field the message is about (a refused value), e.g. 'email'.
  field: Type.Optional(Type.String()),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

// The spec's replies carry a status string (`responsestatus`) and optional text.
export const StatusResponse = Type.Object({
  responsestatus: Type.String(),
  message: Type.Optional(Type.String()),
});
export type StatusResponse = Static<typeof StatusResponse>;

// The direction of a server-sorted list; `sortOrder` as the spec's task list names it (spec 3 §7).
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SortOrderSchema = Type.Enum(SORT_ORDERS);

// The format an export is written in, as the caller asks (spec 3 §9). The spec's clients send xls
// (spec 2 §9): an Excel workbook, written as .xlsx, which every Excel since 2007 opens; csv is text.
export const ExportFormat = Type.Union([Type.Literal('xlsx'), Type.Literal('xls'), Type.Literal('csv')], {
  default: 'xlsx',
});
export type ExportFormat = Static<typeof ExportFormat>;

// A yard day as an <input type="date"> writes it (rules/yard-time.ts: the day is the yard's, TIME_ZONE).
// Text a person typed, without control characters (a NUL cannot be stored or compared by the
// database): what the public calls take (issue 21), refused at the door rather than deep inside.
export const TYPED_TEXT_PATTERN = '^[^\\u0000-\\u001f\\u007f]*$';
export const TypedText = (options: { minLength?: number; maxLength: number }) =>
  Type.String({ ...options, pattern: TYPED_TEXT_PATTERN });

export const YardDayText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

// Exports return a path to download; the file name is its last segment (spec 3 §7).
export const ExportQuery = Type.Object({
  startIndex: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  format: Type.Optional(ExportFormat),
});
export type ExportQuery = Static<typeof ExportQuery>;
export const ExportResponse = Type.Object({ filePath: Type.String() });
export type ExportResponse = Static<typeof ExportResponse>;

// DELETE with comma-joined ids (spec 2 §7: shifts, allocations, ITVs): `?ids=3,7,9`.
export const IdListQuery = Type.Object({
  ids: Type.String({ pattern: '^\\s*[1-9][0-9]{0,8}(\\s*,\\s*[1-9][0-9]{0,8})*\\s*$', maxLength: 2000 }),
});
export type IdListQuery = Static<typeof IdListQuery>;

// The answer of a delete by ids: "success", the notice, and the ids that were deleted (ids no
// longer there are left out).
export const IdsDeleted = Type.Object({
  responsestatus: Type.String(),
  message: Type.String(),
  deletedIds: Type.Array(Type.Integer()),
});
export type IdsDeleted = Static<typeof IdsDeleted>;

// The ids of an IdListQuery, each once, in the order given.
export function idsOf(query: IdListQuery): number[] {
  return [...new Set(query.ids.split(',').map((id) => Number(id.trim())))];
}
