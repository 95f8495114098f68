import { Type, type Static } from 'typebox';
import { TypedText } from './common';
import { GeoCorner } from './yard';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

// The inventory container of spec 2 §3, with where it stands as numbers for the grid: rowIndex,
// columnIndex (the first column of a 40 ft pair) and tier (1 at the ground). `size` is 20 or 40
// (anything longer than 20 ft fills two slots).
export const InventoryContainer = Type.Object({
  containerId: Type.Integer(),
  number: Type.String(),
  igmNumber: Nullable(Type.String()),
  itemNumber: Nullable(Type.String()),
  size: Type.Integer(),
  sizeName: Type.String(),
  liner: Nullable(Type.String()),
  linerColor: Nullable(Type.String()),
  process: Nullable(Type.String()),
  containerType: Nullable(Type.String()),
  category: Nullable(Type.String()),
  customer: Nullable(Type.String()),
  cargoType: Nullable(Type.String()),
  hazardous: Type.Boolean(),
  addeddate: Type.Integer(),
  lastMovedDate: Nullable(Type.Integer()),
  planned: Type.Boolean(),
  dispatched: Type.Boolean(),
  location: Nullable(Type.String()),
  fullName: Nullable(Type.String()),
  area: Nullable(Type.String()),
  stackIndex: Nullable(Type.String()),
  rowIndex: Nullable(Type.Integer()),
  columnIndex: Nullable(Type.Integer()),
  tier: Nullable(Type.Integer()),
});
export type InventoryContainer = Static<typeof InventoryContainer>;

export const AreaContainersQuery = Type.Object({ includePlanned: Type.Optional(Type.Boolean({ default: false })) });
export type AreaContainersQuery = Static<typeof AreaContainersQuery>;

// Occupancy per area: floor(100 x filled / total), filled counting slot positions (a 40 ft box
// fills two), with the count of containers per liner for the area's pie.
export const AreaOccupancy = Type.Object({
  area: Type.String(),
  areaId: Type.Integer(),
  totalSlots: Type.Integer(),
  filledSlots: Type.Integer(),
  occupancy: Type.Integer(),
  containers20: Type.Integer(),
  containers40: Type.Integer(),
  byLiner: Type.Array(
    Type.Object({ liner: Nullable(Type.String()), linerColor: Nullable(Type.String()), count: Type.Integer() }),
  ),
});
export type AreaOccupancy = Static<typeof AreaOccupancy>;

// The inventory snapshot. With lastUpdated (the `lastUpdated` of an earlier answer) it holds only
// what changed since: `full` is false and every container that moved, changed or left the yard
// since then is in `containers` (one that left has no location). `version` grows with every change.
export const InventoryLoadQuery = Type.Object({
  lastUpdated: Type.Optional(Type.Integer({ minimum: 0 })),
  includePlanned: Type.Optional(Type.Boolean({ default: false })),
});
export type InventoryLoadQuery = Static<typeof InventoryLoadQuery>;

export const InventorySnapshot = Type.Object({
  lastUpdated: Type.Integer(),
  version: Type.Integer(),
  full: Type.Boolean(),
  containers: Type.Array(InventoryContainer),
  areas: Type.Array(AreaOccupancy),
});
export type InventorySnapshot = Static<typeof InventorySnapshot>;

export const AreaParams = Type.Object({ area: Type.String({ minLength: 1, maxLength: 60 }) });
export const IgmParams = Type.Object({ igm: Type.String({ minLength: 1, maxLength: 80 }) });

export const ContainerLocation = Type.Object({
  containerId: Type.Integer(),
  containerNumber: Type.String(),
  size: Type.Integer(),
  location: Nullable(Type.String()),
  fullName: Nullable(Type.String()),
  area: Nullable(Type.String()),
  row: Nullable(Type.String()),
  column: Nullable(Type.String()),
  stackIndex: Nullable(Type.String()),
  // The middle of the slot on the map, when the area is geo-referenced (bulk location).
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
});
export type ContainerLocation = Static<typeof ContainerLocation>;

// Where a container stands, as the public pages see it (the kiosk, mobile search, a status link;
// issue 21): the same place without the container's internal id, which counts out the yard's
// visits to anyone who asks for the next one.
export const PublicContainerLocation = Type.Omit(ContainerLocation, ['containerId']);
export type PublicContainerLocation = Static<typeof PublicContainerLocation>;

// The pages that ask for the yard map (spec 2 §7 "medium Kiosk or Mobile"; Web: the containers
// screen). Only these are taken: the answer echoes the medium, and a public call echoes nothing
// a caller made up.
export const YARD_MAP_MEDIUMS = ['Kiosk', 'Mobile', 'Web'] as const;
export type YardMapMedium = (typeof YARD_MAP_MEDIUMS)[number];

// Container locations for the yard map (spec 1 §7, spec 2 §7): up to 10 container numbers joined
// by commas, or one IGM item (IGM:ITEM); medium names the page (Kiosk, Mobile, the web's own).
export const YardMapQuery = Type.Object({
  containerNumbers: TypedText({ maxLength: 400 }),
  medium: Type.Optional(Type.Enum(YARD_MAP_MEDIUMS)),
});
export type YardMapQuery = Static<typeof YardMapQuery>;

export const YardMapResponse = Type.Object({
  responsestatus: Type.String(),
  medium: Nullable(Type.Enum(YARD_MAP_MEDIUMS)),
  containers: Type.Array(PublicContainerLocation),
  notFound: Type.Array(Type.String()),
});
export type YardMapResponse = Static<typeof YardMapResponse>;

// Spec 1 §3 / spec 2 §3. previousLocation is the location the client saw: if the container has
// moved since, the update is refused. locationUpdatedBy is taken from the session, not the body.
export const LocationUpdateItem = Type.Object({
  containerId: Type.Integer({ minimum: 0 }),
  number: Type.String({ maxLength: 20 }),
  size: Type.Optional(Nullable(Type.Union([Type.Integer(), Type.String({ maxLength: 10 })]))),
  previousLocation: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
  newLocation: Type.String({ maxLength: 60 }),
  locationUpdatedBy: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
});
export type LocationUpdateItem = Static<typeof LocationUpdateItem>;

export const LocationUpdateBody = Type.Array(LocationUpdateItem, { maxItems: 500 });
export type LocationUpdateBody = Static<typeof LocationUpdateBody>;

export const LocationUpdateResult = Type.Object({
  responsestatus: Type.String(),
  message: Type.String(),
  containers: Type.Array(InventoryContainer),
});
export type LocationUpdateResult = Static<typeof LocationUpdateResult>;

// An area by name (or by id as a number).
const AreaKey = Type.Union([Type.String({ minLength: 1, maxLength: 60 }), Type.Integer({ minimum: 1 })]);

// Spec 2 §3 slot operations; columns are column indices (cellNames[].index of the layout).
export const SplitAreaModel = Type.Object({
  fromArea: AreaKey,
  fromCol: Type.Integer({ minimum: 1 }),
  toCol: Type.Integer({ minimum: 1 }),
  startColumnLabel: Type.Optional(Nullable(Type.Union([Type.Integer({ minimum: 1 }), Type.String({ maxLength: 10 })]))),
  adjustFurtherColumns: Type.Optional(Type.Boolean()),
  newAreaName: Type.String({ maxLength: 60 }),
});
export type SplitAreaModel = Static<typeof SplitAreaModel>;

export const SlotsModel = Type.Object({
  area: AreaKey,
  fromCol: Type.Integer({ minimum: 1 }),
  toCol: Type.Integer({ minimum: 1 }),
  adjustFurtherColumns: Type.Optional(Type.Boolean()),
});
export type SlotsModel = Static<typeof SlotsModel>;

const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });

export const BulkLocationModel = Type.Object({
  areaName: Type.String({ minLength: 1, maxLength: 60 }),
  lat1: Latitude,
  long1: Longitude,
  lat2: Latitude,
  long2: Longitude,
  lat3: Latitude,
  long3: Longitude,
  lat4: Latitude,
  long4: Longitude,
});
export type BulkLocationModel = Static<typeof BulkLocationModel>;

export const YardOperationResult = Type.Object({
  responsestatus: Type.String(),
  message: Type.String(),
  // Containers whose slot name changed (a split area renames the slots it moves).
  movedContainers: Type.Optional(Type.Integer()),
  corners: Type.Optional(Type.Array(GeoCorner)),
});
export type YardOperationResult = Static<typeof YardOperationResult>;

// The inventory grid's compact snapshot (GET /rest/yard/grid): what the grid needs to draw every
// container of the yard, as one array per field (entry i of every array is container i), with
// liners and IGM items as lists the containers point into (-1: none). A 15,000-box yard is a few
// hundred kilobytes instead of megabytes; details of one box come from /rest/yard/container/{n}.
// `version` is the inventory version it shows (live slot messages with a higher one are newer);
// the answer carries it as ETag too, so a client that has it gets 304.
export const InventoryGrid = Type.Object({
  version: Type.Integer(),
  lastUpdated: Type.Integer(),
  liners: Type.Array(Type.Object({ name: Type.String(), color: Nullable(Type.String()) })),
  // 'IGM:ITEM', or the IGM alone when the container has no item.
  igmItems: Type.Array(Type.String()),
  containerIds: Type.Array(Type.Integer()),
  numbers: Type.Array(Type.String()),
  areaIds: Type.Array(Type.Integer()),
  rowIndexes: Type.Array(Type.Integer()),
  columnIndexes: Type.Array(Type.Integer()),
  tiers: Type.Array(Type.Integer()),
  // 20 or 40 (anything longer than 20 ft fills two slots).
  sizes: Type.Array(Type.Integer()),
  linerIndexes: Type.Array(Type.Integer()),
  igmItemIndexes: Type.Array(Type.Integer()),
  // 1 when the slot is planned, not yet taken.
  planned: Type.Array(Type.Integer()),
});
export type InventoryGrid = Static<typeof InventoryGrid>;

// 'IGM:ITEM' of a container, or the IGM alone; null without an IGM.
export function igmItemKey(igm: string | null | undefined, item: string | null | undefined): string | null {
  const igmText = igm?.trim();
  if (!igmText) return null;
  const itemText = item?.trim();
  return itemText ? `${igmText}:${itemText}` : igmText;
}
