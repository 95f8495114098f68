import { REPORT_TYPES, type ReportType } from '@openyard/contracts';

// The spec's numbering groups the reports (spec 2 §9): 1 gate, 2 containers, 3 machines, 4
// trailers, 5 alarms. The screen lists them under these headings.
const SECTION_NAMES: Readonly<Record<string, string>> = {
  '1': 'Gate',
  '2': 'Containers',
  '3': 'Machines',
  '4': 'Trailers',
  '5': 'Alarms',
};

export interface ReportGroup {
  section: string;
  label: string;
  types: ReportType[];
}

export function reportGroupsOf(types: readonly ReportType[] = REPORT_TYPES): ReportGroup[] {
  const groups: ReportGroup[] = [];
  for (const type of types) {
    const section = type.id.split('.')[0]!;
    let group = groups.find((candidate) => candidate.section === section);
    if (!group) {
      group = { section, label: SECTION_NAMES[section] ?? section, types: [] };
      groups.push(group);
    }
    group.types.push(type);
  }
  return groups;
}
