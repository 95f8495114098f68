import type {
  Activity,
  ContainerSize,
  ContainerType,
  Customer,
  LinerInfo,
  MasterItemInput,
  MasterListKey,
  NamedItem,
} from '../master-data';
import { LINER_COLOR_PATTERN, OWNER_PREFIX_PATTERN } from '../master-data';
import { messages } from '../messages';

// The lists of master-data maintenance (issue 22) described once: the web's one editor draws its
// table and form from this, and the server checks a save with `masterItemProblem` before the
// database's keys have their word. The reading calls stay those of the call catalogue (spec 3 §7
// "Master data (GET)"), named here by their route in the `masterData` group.

export type MasterFieldKey = 'code' | 'name' | 'color' | 'prefixes' | 'lengthFeet' | 'isoGroup' | 'activityGroupId';

// The route of the `masterData` group that reads a list whole.
export type MasterReadRoute =
  | 'linerInfos'
  | 'containerProcesses'
  | 'containerSizes'
  | 'containerTypes'
  | 'categories'
  | 'customers'
  | 'cargoTypes'
  | 'deliveryModes'
  | 'activityGroups'
  | 'activities'
  | 'readerTypes'
  | 'machineTypes'
  | 'machineStatuses'
  | 'taskTypes';

export interface MasterListDescription {
  key: MasterListKey;
  // The list's name (a tab of the screen) and one item's.
  label: string;
  noun: string;
  read: MasterReadRoute;
  // The fields of an item, in the form's order; the first is the table's key column.
  fields: readonly MasterFieldKey[];
  // What uses the items: an item in use is not deleted (and, where others name it by its text, not
  // renamed either: `renameGuarded`).
  usedBy: string;
  renameGuarded: boolean;
}

export const MASTER_FIELD_LABELS: Record<MasterFieldKey, string> = {
  code: 'Code',
  name: 'Name',
  color: 'Colour',
  prefixes: 'Owner prefixes',
  lengthFeet: 'Length (ft)',
  isoGroup: 'ISO group',
  activityGroupId: 'Activity group',
};

const named = (
  key: MasterListKey,
  label: string,
  noun: string,
  read: MasterReadRoute,
  usedBy: string,
  renameGuarded: boolean,
): MasterListDescription => ({ key, label, noun, read, fields: ['name'], usedBy, renameGuarded });

export const MASTER_LISTS: readonly MasterListDescription[] = [
  {
    key: 'liner-infos',
    label: 'Liners',
    noun: 'Liner',
    read: 'linerInfos',
    fields: ['code', 'name', 'color', 'prefixes'],
    usedBy: 'containers or pre-advices',
    renameGuarded: false,
  },
  named('container-processes', 'Processes', 'Process', 'containerProcesses', 'containers or pre-advices', false),
  {
    key: 'container-sizes',
    label: 'Sizes',
    noun: 'Size',
    read: 'containerSizes',
    fields: ['name', 'lengthFeet'],
    usedBy: 'containers or pre-advices',
    renameGuarded: false,
  },
  {
    key: 'container-types',
    label: 'Types',
    noun: 'Type',
    read: 'containerTypes',
    fields: ['name', 'isoGroup'],
    usedBy: 'containers or pre-advices',
    renameGuarded: false,
  },
  named('categories', 'Categories', 'Category', 'categories', 'containers or pre-advices', false),
  {
    key: 'customers',
    label: 'Customers',
    noun: 'Customer',
    read: 'customers',
    fields: ['code', 'name'],
    usedBy: 'containers',
    renameGuarded: false,
  },
  named('cargo-types', 'Cargo types', 'Cargo type', 'cargoTypes', 'containers or yard rules', true),
  named('delivery-modes', 'Delivery modes', 'Delivery mode', 'deliveryModes', 'tasks', true),
  named('activity-groups', 'Activity groups', 'Activity group', 'activityGroups', 'activities', false),
  {
    key: 'activities',
    label: 'Activities',
    noun: 'Activity',
    read: 'activities',
    fields: ['activityGroupId', 'name'],
    usedBy: 'CHA allocations',
    renameGuarded: false,
  },
  named('reader-types', 'Reader types', 'Reader type', 'readerTypes', 'gate readers', true),
  named('machine-types', 'Machine types', 'Machine type', 'machineTypes', 'machines', true),
  named('machine-statuses', 'Machine statuses', 'Machine status', 'machineStatuses', 'machines', true),
  named('task-types', 'Task types', 'Task type', 'taskTypes', 'tasks', true),
];

export function masterListOf(key: MasterListKey): MasterListDescription {
  return MASTER_LISTS.find((list) => list.key === key)!;
}

// One item of any list, as the editor shows and edits it.
export interface MasterItem {
  id: number;
  name: string;
  code?: string;
  color?: string;
  prefixes?: string[];
  lengthFeet?: number;
  isoGroup?: string;
  activityGroupId?: number;
  activityGroup?: string;
}

type ReadItem = NamedItem | LinerInfo | ContainerSize | ContainerType | Customer | Activity;

// An item as its list's GET call answers it → the editor's item (activities are answered with the
// names the gate screens read: activityName and their group).
export function masterItemOf(row: ReadItem): MasterItem {
  if ('activityName' in row)
    return {
      id: row.id,
      name: row.activityName,
      activityGroupId: row.activityGroup.id,
      activityGroup: row.activityGroup.name,
    };
  return { ...row, ...('prefixes' in row ? { prefixes: [...row.prefixes] } : {}) };
}

const ownerPrefix = new RegExp(OWNER_PREFIX_PATTERN);
const linerColor = new RegExp(LINER_COLOR_PATTERN);

// Owner prefixes as a person types them ("mscu, MEDU  msdu") → the list, upper case, in order.
export function ownerPrefixesOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((prefix) => prefix.trim().toUpperCase())
    .filter(Boolean);
}

// The checks of a save both sides make before the database's keys (names after trimming; the
// schema's patterns again, with words a person reads): the field and the message, or null.
export function masterItemProblem(input: MasterItemInput): { field: MasterFieldKey; message: string } | null {
  if ('code' in input && !input.code.trim()) return { field: 'code', message: messages.masterItemCodeRequired };
  if (!input.name.trim()) return { field: 'name', message: messages.masterItemNameRequired };
  if (input.list === 'liner-infos') {
    if (!linerColor.test(input.color)) return { field: 'color', message: messages.linerColorFormat };
    const seen = new Set<string>();
    for (const prefix of input.prefixes) {
      if (!ownerPrefix.test(prefix)) return { field: 'prefixes', message: messages.ownerPrefixFormat };
      if (seen.has(prefix)) return { field: 'prefixes', message: messages.ownerPrefixTwice(prefix) };
      seen.add(prefix);
    }
  }
  return null;
}

// A save's input with its texts trimmed (codes in capitals, as the seeded lists have them).
export function trimmedMasterItem(input: MasterItemInput): MasterItemInput {
  const trimmed = { ...input, name: input.name.trim() };
  if ('code' in trimmed) trimmed.code = trimmed.code.trim().toUpperCase();
  if ('isoGroup' in trimmed) trimmed.isoGroup = trimmed.isoGroup.trim().toUpperCase();
  return trimmed;
}

// The reading calls whose answers a change of a list changes: its own, the plain liner names of a
// liner change, and the activities (answered with their group's name) of a group change.
export function masterReadRoutesOf(list: MasterListKey): readonly (MasterReadRoute | 'liners')[] {
  const own = masterListOf(list).read;
  if (list === 'liner-infos') return [own, 'liners'];
  if (list === 'activity-groups') return [own, 'activities'];
  return [own];
}
