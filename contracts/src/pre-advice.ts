import { Type, type Static } from 'typebox';
import { FileField } from './api/multipart';
import { TRAILER_NUMBER_MAX_LENGTH } from './rules/gate';

// Pre-advices (issue 16): the gate-ins the depot has been told to expect — a container number,
// when it should come, the liner, the process, size and type, and the trailer when known — entered
// by hand, uploaded as a sheet, or (later) handed over by the ERP. An IN gate's near-miss resolver
// ranks its OCR reads against the open ones; a pre-advice is used (closed) by the gate-in of its
// container, in the gate-in's transaction. A container has at most one open pre-advice.

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const OptionalText = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

// Where a pre-advice came from: the /pre-advice screen, a sheet uploaded there, or the ERP.
export const PRE_ADVICE_SOURCES = ['manual', 'upload', 'erp'] as const;
export type PreAdviceSource = (typeof PRE_ADVICE_SOURCES)[number];
export const PreAdviceSourceSchema = Type.Enum(PRE_ADVICE_SOURCES);

// Times are epoch milliseconds. The window runs from `expectedFrom` to `expectedTo`, both
// included; master data (liner, process, category, size, type) is named as its lists name it.
export const PreAdvice = Type.Object({
  id: Type.Integer(),
  containerNumber: Type.String(),
  expectedFrom: Type.Integer(),
  expectedTo: Type.Integer(),
  liner: Nullable(Type.String()),
  process: Nullable(Type.String()),
  category: Nullable(Type.String()),
  containerSize: Type.String(),
  containerType: Nullable(Type.String()),
  trailerNumber: Nullable(Type.String()),
  // The manifest (IGM) and its item, and the depot's job order: what planners look queued
  // containers up by (spec 2 §2 Planning screen; issue 19).
  igm: Nullable(Type.String()),
  item: Nullable(Type.String()),
  jobOrderNumber: Nullable(Type.String()),
  source: PreAdviceSourceSchema,
  createdAt: Type.Integer(),
  createdBy: Nullable(Type.String()),
  // Set by the gate-in of the container; a used pre-advice is no longer expected.
  usedAt: Nullable(Type.Integer()),
});
export type PreAdvice = Static<typeof PreAdvice>;

// Add or edit a pre-advice. The number must pass the ISO 6346 check. Without `expectedTo` the
// window ends with the yard day of `expectedFrom`. Without a liner, the liner of the number's owner
// code (the liner prefixes) is taken, when there is one.
export const PreAdviceInput = Type.Object(
  {
    containerNumber: Type.String({ minLength: 1, maxLength: 20 }),
    expectedFrom: Type.Integer({ minimum: 0 }),
    expectedTo: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
    liner: OptionalText(120),
    process: OptionalText(60),
    category: OptionalText(60),
    containerSize: Type.String({ minLength: 1, maxLength: 10 }),
    containerType: OptionalText(60),
    trailerNumber: OptionalText(TRAILER_NUMBER_MAX_LENGTH),
    // Left out (undefined): an edit keeps what the pre-advice has (a form that does not show them).
    igm: OptionalText(40),
    item: OptionalText(40),
    jobOrderNumber: OptionalText(40),
  },
  { additionalProperties: false },
);
export type PreAdviceInput = Static<typeof PreAdviceInput>;

export const PreAdvicesQuery = Type.Object(
  {
    // Part of a container number or trailer number.
    searchText: Type.Optional(Type.String({ maxLength: 40 })),
    // Used pre-advices too (the screen shows them with their gate-in time); open ones only else.
    includeUsed: Type.Optional(Type.Boolean()),
    skip: Type.Optional(Type.Integer({ minimum: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);
export type PreAdvicesQuery = Static<typeof PreAdvicesQuery>;
export const PreAdvicesPage = Type.Object({ entities: Type.Array(PreAdvice), totalCount: Type.Integer() });
export type PreAdvicesPage = Static<typeof PreAdvicesPage>;

export const PreAdviceSaved = Type.Object({
  responsestatus: Type.String(),
  message: Type.String(),
  preAdvice: PreAdvice,
});
export type PreAdviceSaved = Static<typeof PreAdviceSaved>;

export const PreAdviceUploadBody = Type.Object({
  file: FileField,
  user: Type.Optional(Type.String({ maxLength: 60 })),
});
export type PreAdviceUploadBody = Static<typeof PreAdviceUploadBody>;

// The columns of a pre-advice sheet, by header (case, spaces and punctuation ignored). Dates are
// epoch milliseconds, ISO, or DD-MM-YYYY / DD/MM/YYYY; a day alone in `expectedTo` is that whole day.
export const PRE_ADVICE_UPLOAD_COLUMNS = {
  containerNumber: ['containernumber', 'container', 'containerno', 'number'],
  expectedFrom: ['expectedfrom', 'expecteddate', 'expected', 'date', 'eta', 'from'],
  expectedTo: ['expectedto', 'to', 'until', 'windowend'],
  liner: ['liner', 'line', 'shippingline'],
  process: ['process', 'gateinpurpose', 'purpose'],
  category: ['category'],
  containerSize: ['containersize', 'size'],
  containerType: ['containertype', 'type'],
  trailerNumber: ['trailernumber', 'trailer', 'truck', 'vehicle'],
  igm: ['igm', 'igmnumber', 'igmno'],
  item: ['item', 'itemnumber', 'itemno'],
  jobOrderNumber: ['jobordernumber', 'joborder', 'joborderno', 'jobno'],
} as const;
