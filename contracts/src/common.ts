import { Type, type Static } from 'typebox';

export const Id = Type.Integer({ minimum: 1 });
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

// Users, roles, trailers and PLA cards page with a 1-based start index: skip = (page-1)*size+1.
export const OneBasedPageQuery = Type.Object({
  skip: Type.Optional(Type.Integer({ minimum: 0, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 15 })),
});
export type OneBasedPageQuery = Static<typeof OneBasedPageQuery>;

export const ErrorResponse = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.Optional(Type.String()),
  correlationId: Type.Optional(Type.String()),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

// The spec's replies carry a status string (`responsestatus`) and optional text.
export const StatusResponse = Type.Object({
  responsestatus: Type.String(),
  message: Type.Optional(Type.String()),
});
export type StatusResponse = Static<typeof StatusResponse>;

// Exports return a path to download; the file name is its last segment (spec 3 §7).
export const ExportQuery = Type.Object({
  startIndex: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('xls')], { default: 'xlsx' })),
});
export type ExportQuery = Static<typeof ExportQuery>;
export const ExportResponse = Type.Object({ filePath: Type.String() });
export type ExportResponse = Static<typeof ExportResponse>;
