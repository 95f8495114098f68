import { Type, type Static } from 'typebox';
import { FileField } from './api/multipart';
import { ExportQuery, OneBasedPageQuery } from './common';
import { TRAILER_NUMBER_MAX_LENGTH } from './rules/gate';

// Trailers, PLA cards and permanent trailers (spec 3 §2–§5, §7). A trailer row is one visit of a
// truck's trailer: gated in (entryDate), dispatched (outDate). The same rows are the gate's truck
// visits (contracts/src/gate-operations.ts TruckVisit).
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const Trailer = Type.Object({
  id: Type.Integer(),
  trailerTagId: Nullable(Type.String()),
  trailerTagId1: Nullable(Type.String()),
  trailerTagId2: Nullable(Type.String()),
  plaCard1: Nullable(Type.String()),
  plaCard2: Nullable(Type.String()),
  trailerNumber: Type.String(),
  entryDate: Type.Integer(),
  outDate: Nullable(Type.Integer()),
  containerNumber: Nullable(Type.String()),
  trailerType: Nullable(Type.String()),
  type: Type.String(),
  dispatchMode: Nullable(Type.String()),
});
export type Trailer = Static<typeof Trailer>;

export const TrailersQuery = Type.Object({
  ...OneBasedPageQuery.properties,
  searchText: Type.Optional(Type.String({ maxLength: 200 })),
  includeDispatched: Type.Optional(Type.Boolean({ default: false })),
});
export type TrailersQuery = Static<typeof TrailersQuery>;
export const TrailersPage = Type.Object({ entities: Type.Array(Trailer), totalCount: Type.Integer() });
export type TrailersPage = Static<typeof TrailersPage>;

// The export writes the list as the screen shows it: its search and include-dispatched switch.
export const TrailersExportQuery = Type.Object({
  ...ExportQuery.properties,
  searchText: Type.Optional(Type.String({ maxLength: 200 })),
  includeDispatched: Type.Optional(Type.Boolean({ default: false })),
});
export type TrailersExportQuery = Static<typeof TrailersExportQuery>;

export const TrailerInput = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    trailerNumber: Type.Optional(Type.String({ maxLength: TRAILER_NUMBER_MAX_LENGTH })),
    trailerTagId: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
    trailerType: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
    type: Type.Optional(Type.String({ maxLength: 40 })),
    containerNumber: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type TrailerInput = Static<typeof TrailerInput>;

// Saves answer status 'TRSuccess' (spec 3 §7) or the text to show.
// The id is the saved row's (a new one's, for the screen to select it).
export const TrailerSaved = Type.Object({
  status: Type.String(),
  message: Type.Optional(Type.String()),
  id: Type.Optional(Type.Integer()),
});
export type TrailerSaved = Static<typeof TrailerSaved>;

export const TrailerDispatchQuery = Type.Object(
  {
    trailerTagId: Type.Optional(Type.String({ maxLength: 20 })),
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    userName: Type.Optional(Type.String({ maxLength: 60 })),
    dispatchMode: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type TrailerDispatchQuery = Static<typeof TrailerDispatchQuery>;

export const PlaCard = Type.Object({
  id: Type.Integer(),
  trailerTagNumber: Type.String(),
  plaCardNumber: Type.String(),
});
export type PlaCard = Static<typeof PlaCard>;
export const PlaCardInput = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    trailerTagNumber: Type.Optional(Type.String({ maxLength: 20 })),
    plaCardNumber: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type PlaCardInput = Static<typeof PlaCardInput>;
export const PlaCardsQuery = Type.Object({
  ...OneBasedPageQuery.properties,
  searchText: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PlaCardsQuery = Static<typeof PlaCardsQuery>;
export const PlaCardsPage = Type.Object({ plaCards: Type.Array(PlaCard), totalCount: Type.Integer() });
export type PlaCardsPage = Static<typeof PlaCardsPage>;

export const PermanentTrailer = Type.Object({
  id: Type.Integer(),
  trailerNumber: Type.String(),
  trailerTag: Type.String(),
  trailerType: Nullable(Type.String()),
  transporter: Nullable(Type.String()),
});
export type PermanentTrailer = Static<typeof PermanentTrailer>;
export const PermanentTrailerInput = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    trailerNumber: Type.Optional(Type.String({ maxLength: TRAILER_NUMBER_MAX_LENGTH })),
    trailerTag: Type.Optional(Type.String({ maxLength: 20 })),
    trailerType: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
    transporter: Type.Optional(Type.Union([Type.String({ maxLength: 80 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type PermanentTrailerInput = Static<typeof PermanentTrailerInput>;
export const PermanentTrailersPage = Type.Object({
  permanentTrailers: Type.Array(PermanentTrailer),
  totalCount: Type.Integer(),
});
export type PermanentTrailersPage = Static<typeof PermanentTrailersPage>;

// An upload's answer: one result per data row of the file (row numbers as in the sheet, header
// = row 1); a file with any refused row changes nothing.
export const UploadRowResult = Type.Object({
  row: Type.Integer(),
  status: Type.String(),
  message: Type.Optional(Type.String()),
});
export const UploadResult = Type.Object({
  responsestatus: Type.String(),
  saved: Type.Integer(),
  rows: Type.Array(UploadRowResult),
});
export type UploadResult = Static<typeof UploadResult>;
export type UploadRowResult = Static<typeof UploadRowResult>;

// A row's outcome: saved, already there as it is (nothing to save), refused with its reason, or
// good but not saved because another row of the file was refused.
export const UPLOAD_ROW_STATUSES = {
  saved: 'Saved',
  unchanged: 'Unchanged',
  refused: 'Refused',
  notSaved: 'Not saved',
} as const;
// An upload's answer: 'success' when every row is saved or unchanged, else 'failed' (nothing saved).
export const UPLOAD_STATUSES = { success: 'success', failed: 'failed' } as const;
// The most data rows an upload takes (a mapping list, not a data dump).
export const UPLOAD_MAX_ROWS = 5000;

// The upload of a PLA-card or permanent-trailer sheet (spec 3 §7): multipart fields `file` (xlsx
// or csv with a header row) and `user` (who uploads, as the spec's clients send it; the server
// records the session's user).
export const TrailerUploadBody = Type.Object({
  file: FileField,
  user: Type.Optional(Type.String({ maxLength: 60 })),
});
export type TrailerUploadBody = Static<typeof TrailerUploadBody>;

// The columns of the upload sheets, by header (case, spaces and punctuation ignored).
export const PLA_CARD_UPLOAD_COLUMNS = {
  trailerTagNumber: ['trailertagnumber', 'trailertag', 'tag', 'tagnumber'],
  plaCardNumber: ['placardnumber', 'placard', 'card'],
} as const;
export const PERMANENT_TRAILER_UPLOAD_COLUMNS = {
  trailerNumber: ['trailernumber', 'trailer', 'number'],
  trailerTag: ['trailertag', 'trailertagnumber', 'tag'],
  trailerType: ['trailertype', 'type'],
  transporter: ['transporter'],
} as const;
