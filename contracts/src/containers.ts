import { Type, type Static } from 'typebox';
import { EpochMs, ExportFormat, SortOrderSchema, TypedText } from './common';
import { PAGE_SIZES } from './rules/paging';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

// Where a container's every location change came from (DESIGN §5). `planning` is a plan's
// reservation of a slot for a container not yet in the yard (issue 19): no box moved, so the
// counts of moves leave it out.
export const MOVEMENT_SOURCES = ['manual', 'gate', 'machine', 'import', 'planning'] as const;
export type MovementSource = (typeof MOVEMENT_SOURCES)[number];
export const MovementSourceSchema = Type.Union([
  Type.Literal('manual'),
  Type.Literal('gate'),
  Type.Literal('machine'),
  Type.Literal('import'),
  Type.Literal('planning'),
]);

// The container entity of spec 1 §3 with the inventory fields of spec 2 §3. Times are epoch ms.
// `location` is the slot name (area_row_column_height), `fullName` its cell (area_row_column) and
// `stackIndex` its height name; all three are null when the container is not in the yard.
export const Container = Type.Object({
  id: Type.Integer(),
  containerNumber: Type.String(),
  sizeName: Type.String(),
  size: Type.Integer(),
  containerType: Nullable(Type.String()),
  process: Nullable(Type.String()),
  category: Nullable(Type.String()),
  liner: Nullable(Type.String()),
  linerCode: Nullable(Type.String()),
  linerColor: Nullable(Type.String()),
  customer: Nullable(Type.String()),
  cargoType: Nullable(Type.String()),
  hazardous: Type.Boolean(),
  rfidTagId: Nullable(Type.String()),
  igm: Nullable(Type.String()),
  item: Nullable(Type.String()),
  movementAlert: Type.Boolean(),
  planned: Type.Boolean(),
  addeddate: Type.Integer(),
  dispatchDate: Nullable(Type.Integer()),
  dispatched: Type.Boolean(),
  location: Nullable(Type.String()),
  fullName: Nullable(Type.String()),
  area: Nullable(Type.String()),
  stackIndex: Nullable(Type.String()),
  lastMovedDate: Nullable(Type.Integer()),
  locationUpdatedBy: Nullable(Type.String()),
});
export type Container = Static<typeof Container>;

export const ContainersPage = Type.Object({ entities: Type.Array(Container), totalCount: Type.Integer() });
export type ContainersPage = Static<typeof ContainersPage>;

// The columns the containers list sorts by across all its pages, named as the Container's fields
// (the spec's task list names its sort `sortBy`/`sortOrder`, spec 3 §7). Without sortBy the list is
// newest gate-in first, as the spec's clients expect; a sorted list breaks ties by id.
export const CONTAINER_SORT_FIELDS = [
  'containerNumber',
  'size',
  'containerType',
  'liner',
  'process',
  'customer',
  'igm',
  'location',
  'addeddate',
  'lastMovedDate',
  'dispatched',
] as const;
export type ContainerSortField = (typeof CONTAINER_SORT_FIELDS)[number];
const ContainerSort = {
  sortBy: Type.Optional(Type.Enum(CONTAINER_SORT_FIELDS)),
  sortOrder: Type.Optional(SortOrderSchema),
};

// Spec 1 §7: skip is 1-based ((page-1)*size+1); several search texts are joined with '&*'; every
// text must match (number, IGM, item, tag, liner, customer, process, type, size or area). The
// dates bound the gate-in date. `medium` names the calling client and changes nothing.
export const ContainersQuery = Type.Object({
  skip: Type.Optional(Type.Integer({ minimum: 0, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: PAGE_SIZES.containers })),
  searchText: Type.Optional(Type.String({ maxLength: 500 })),
  medium: Type.Optional(Type.String({ maxLength: 40 })),
  fromDate: Type.Optional(EpochMs),
  toDate: Type.Optional(EpochMs),
  ...ContainerSort,
});
export type ContainersQuery = Static<typeof ContainersQuery>;

// Export report (spec 1 §7): skip/limit from the export dialog's page range, the list's filters,
// whether only containers in the yard are wanted, and the list's order. Returns a file path.
export const ContainersExportQuery = Type.Object({
  skip: Type.Optional(Type.Integer({ minimum: 0, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  format: Type.Optional(ExportFormat),
  searchText: Type.Optional(Type.String({ maxLength: 500 })),
  inYardContainersOnly: Type.Optional(Type.Boolean({ default: true })),
  fromDate: Type.Optional(EpochMs),
  toDate: Type.Optional(EpochMs),
  ...ContainerSort,
});
export type ContainersExportQuery = Static<typeof ContainersExportQuery>;

const Text = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

// Add (no id) or edit (id) a container. Master data is named as the lists name it; the liner
// follows from the owner code. Without skipValidation the number must pass the ISO 6346 check;
// with it, 11 letters and digits are enough (the user confirmed "Do you still want to update
// container?"). A location is taken only when a container is added (an import); moves go
// through the location update.
export const ContainerInput = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    containerNumber: Type.String({ minLength: 1, maxLength: 20 }),
    sizeName: Type.Optional(Type.String({ maxLength: 10 })),
    size: Type.Optional(Type.Integer({ minimum: 10, maximum: 53 })),
    containerType: Text(60),
    process: Text(60),
    category: Text(60),
    customer: Text(120),
    cargoType: Text(60),
    hazardous: Type.Optional(Type.Boolean()),
    rfidTagId: Text(40),
    igm: Text(40),
    item: Text(40),
    movementAlert: Type.Optional(Type.Boolean()),
    planned: Type.Optional(Type.Boolean()),
    addeddate: Type.Optional(EpochMs),
    location: Text(60),
    skipValidation: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ContainerInput = Static<typeof ContainerInput>;

// responsestatus is 'success', or 'Invalid container number...' (a warning the user may override
// by sending skipValidation) with the detail in message.
export const ContainerSaved = Type.Object({
  responsestatus: Type.String(),
  message: Type.Optional(Type.String()),
  container: Type.Optional(Container),
});
export type ContainerSaved = Static<typeof ContainerSaved>;

// A container by its number, or by its id when the parameter is all digits.
export const ContainerKeyParams = Type.Object({ n: Type.String({ minLength: 1, maxLength: 20 }) });

export const Movement = Type.Object({
  id: Type.Integer(),
  containerId: Type.Integer(),
  containerNumber: Type.String(),
  fromLocation: Nullable(Type.String()),
  toLocation: Nullable(Type.String()),
  source: MovementSourceSchema,
  movedBy: Nullable(Type.String()),
  device: Nullable(Type.String()),
  movedAt: Type.Integer(),
});
export type Movement = Static<typeof Movement>;

export const MovementsPage = Type.Object({ entities: Type.Array(Movement), totalCount: Type.Integer() });
export type MovementsPage = Static<typeof MovementsPage>;

export const AutocompleteQuery = Type.Object({
  query: Type.String({ maxLength: 40 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
  // Dispatched containers are left out unless asked for.
  includeDispatched: Type.Optional(Type.Boolean({ default: false })),
});
export type AutocompleteQuery = Static<typeof AutocompleteQuery>;

export const ContainerSuggestion = Type.Object({
  id: Type.Integer(),
  containerNumber: Type.String(),
  sizeName: Type.String(),
  igm: Nullable(Type.String()),
  item: Nullable(Type.String()),
  location: Nullable(Type.String()),
  dispatched: Type.Boolean(),
});
export type ContainerSuggestion = Static<typeof ContainerSuggestion>;

export const MovementAlertUpdate = Type.Object(
  {
    containerIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000 }),
    movementAlert: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type MovementAlertUpdate = Static<typeof MovementAlertUpdate>;

// Kiosk status (spec 2 §3): by IGM and item number.
export const ContainerStatusQuery = Type.Object({
  igmNumber: TypedText({ maxLength: 40 }),
  itemNumber: TypedText({ maxLength: 40 }),
});
export type ContainerStatusQuery = Static<typeof ContainerStatusQuery>;

export const ContainerStatus = Type.Object({
  containerNumber: Type.String(),
  sizeName: Type.String(),
  igmNumber: Nullable(Type.String()),
  itemNumber: Nullable(Type.String()),
  status: Type.Union([Type.Literal('In yard'), Type.Literal('Dispatched')]),
  location: Nullable(Type.String()),
  gateInDate: Type.Integer(),
  dispatchDate: Nullable(Type.Integer()),
});
export type ContainerStatus = Static<typeof ContainerStatus>;

export const ContainerStatusResponse = Type.Object({
  responsestatus: Type.String(),
  responseMap: Type.Object({ containerStatusList: Type.Array(ContainerStatus) }),
});
export type ContainerStatusResponse = Static<typeof ContainerStatusResponse>;
