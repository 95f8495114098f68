import { ownerPrefixesOf, type MasterItem, type MasterItemInput, type MasterListKey } from '@openyard/contracts';

// The editor's form: every field of every list as text (a list uses the fields its description
// names, MASTER_LISTS), turned into the save's input of that list.
export interface MasterItemFormValues {
  code: string;
  name: string;
  color: string;
  prefixes: string;
  lengthFeet: string;
  isoGroup: string;
  activityGroupId: string;
}

export const NEW_LINER_COLOR = '#1E88E5';

export function formValuesOf(item: MasterItem | null): MasterItemFormValues {
  return {
    code: item?.code ?? '',
    name: item?.name ?? '',
    color: item?.color ?? NEW_LINER_COLOR,
    prefixes: (item?.prefixes ?? []).join(', '),
    lengthFeet: item?.lengthFeet === undefined ? '' : String(item.lengthFeet),
    isoGroup: item?.isoGroup ?? '',
    activityGroupId: item?.activityGroupId === undefined ? '' : String(item.activityGroupId),
  };
}

export function masterItemInputOf(list: MasterListKey, values: MasterItemFormValues): MasterItemInput {
  const name = values.name;
  switch (list) {
    case 'liner-infos':
      return {
        list,
        code: values.code,
        name,
        color: values.color.toUpperCase(),
        prefixes: ownerPrefixesOf(values.prefixes),
      };
    case 'container-sizes':
      return { list, name, lengthFeet: Number(values.lengthFeet) as 20 };
    case 'container-types':
      return { list, name, isoGroup: values.isoGroup };
    case 'customers':
      return { list, code: values.code, name };
    case 'activities':
      return { list, name, activityGroupId: Number(values.activityGroupId) };
    default:
      return { list, name };
  }
}
