import { Type, type Static } from 'typebox';

export const NamedItem = Type.Object({ id: Type.Integer(), name: Type.String() });
export type NamedItem = Static<typeof NamedItem>;

export const LinerInfo = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  color: Type.String(),
  prefixes: Type.Array(Type.String()),
});
export type LinerInfo = Static<typeof LinerInfo>;

export const ContainerSize = Type.Object({ id: Type.Integer(), name: Type.String(), lengthFeet: Type.Integer() });
export type ContainerSize = Static<typeof ContainerSize>;

export const ContainerType = Type.Object({ id: Type.Integer(), name: Type.String(), isoGroup: Type.String() });
export type ContainerType = Static<typeof ContainerType>;

export const Customer = Type.Object({ id: Type.Integer(), name: Type.String(), code: Type.String() });
export type Customer = Static<typeof Customer>;

export const ActivityGroup = Type.Object({ id: Type.Integer(), name: Type.String() });
export type ActivityGroup = Static<typeof ActivityGroup>;

export const Activity = Type.Object({
  id: Type.Integer(),
  activityId: Type.Integer(),
  activityName: Type.String(),
  activityGroup: ActivityGroup,
});
export type Activity = Static<typeof Activity>;

export const ActivitiesQuery = Type.Object({ activityGroup: Type.Optional(Type.String({ maxLength: 100 })) });

// ---------------------------------------------------------------------------------------------
// Master-data maintenance (issue 22): the lists the spec only reads (spec 1 §7 "Master data lists",
// spec 3 §3 "Container prefix table", spec 3 §7 "Master data (GET)") are kept on /master-data.
// A list is named by the path segment of its GET call.
// ---------------------------------------------------------------------------------------------

export const MASTER_LIST_KEYS = [
  'liner-infos',
  'container-processes',
  'container-sizes',
  'container-types',
  'categories',
  'customers',
  'cargo-types',
  'delivery-modes',
  'activity-groups',
  'activities',
  'reader-types',
  'machine-types',
  'machine-statuses',
  'task-types',
] as const;
export const MasterListKey = Type.Enum(MASTER_LIST_KEYS);
export type MasterListKey = (typeof MASTER_LIST_KEYS)[number];

// The container lengths a size may have (the table's check `container_sizes_length`, migration 0000).
export const CONTAINER_LENGTHS = [10, 20, 30, 40, 45, 48, 53] as const;

const itemName = Type.String({ minLength: 1, maxLength: 100 });
const itemCode = Type.String({ minLength: 1, maxLength: 30 });
const namedInput = <const K extends MasterListKey>(list: K) =>
  Type.Object({ list: Type.Literal(list), name: itemName }, { additionalProperties: false });

// An owner-code prefix: the ISO 6346 owner code and its category letter (U, J or Z).
export const OWNER_PREFIX_PATTERN = '^[A-Z]{3}[UJZ]$';
export const LINER_COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';

// What a save sends: the list it is in and the fields of an item of that list.
export const MasterItemInput = Type.Union([
  Type.Object(
    {
      list: Type.Literal('liner-infos'),
      code: itemCode,
      name: itemName,
      color: Type.String({ pattern: LINER_COLOR_PATTERN }),
      prefixes: Type.Array(Type.String({ pattern: OWNER_PREFIX_PATTERN }), { maxItems: 100 }),
    },
    { additionalProperties: false },
  ),
  namedInput('container-processes'),
  Type.Object(
    {
      list: Type.Literal('container-sizes'),
      name: itemName,
      lengthFeet: Type.Enum(CONTAINER_LENGTHS),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { list: Type.Literal('container-types'), name: itemName, isoGroup: Type.String({ minLength: 1, maxLength: 10 }) },
    { additionalProperties: false },
  ),
  namedInput('categories'),
  Type.Object({ list: Type.Literal('customers'), code: itemCode, name: itemName }, { additionalProperties: false }),
  namedInput('cargo-types'),
  namedInput('delivery-modes'),
  namedInput('activity-groups'),
  Type.Object(
    { list: Type.Literal('activities'), activityGroupId: Type.Integer({ minimum: 1 }), name: itemName },
    { additionalProperties: false },
  ),
  namedInput('reader-types'),
  namedInput('machine-types'),
  namedInput('machine-statuses'),
  namedInput('task-types'),
]);
export type MasterItemInput = Static<typeof MasterItemInput>;
export type MasterItemInputOf<K extends MasterListKey> = Extract<MasterItemInput, { list: K }>;

export const MasterItemParams = Type.Object({ list: MasterListKey, id: Type.Integer({ minimum: 1 }) });
export type MasterItemParams = Static<typeof MasterItemParams>;

export const MasterItemSaved = Type.Object({ id: Type.Integer(), message: Type.String() });
export type MasterItemSaved = Static<typeof MasterItemSaved>;
export const MasterItemDeleted = Type.Object({ id: Type.Integer(), message: Type.String() });
export type MasterItemDeleted = Static<typeof MasterItemDeleted>;
