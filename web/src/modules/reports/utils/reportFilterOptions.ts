import {
  CONTAINER_GATE_IN_PURPOSES,
  REPORT_ALL,
  REPORT_ALL_ID,
  TRAILER_CLASSES,
  TRAILER_GATE_IN_TYPES,
  type ReportFilter,
} from '@openyard/contracts';

export interface FilterOption {
  value: string;
  label: string;
}

export const REPORT_FILTER_LABELS: Readonly<Record<ReportFilter, string>> = {
  processId: 'Process',
  sizeId: 'Size',
  areaId: 'Area',
  liner: 'Liner',
  machineName: 'Machine',
  trailerType: 'Trailer type',
  gateInType: 'Gate-in type',
};

// Options of an id filter: All (-1, spec 2 §9) first, then the items by name.
export function idOptionsOf(items: readonly { id: number; name: string }[] | undefined): FilterOption[] {
  return [
    { value: String(REPORT_ALL_ID), label: REPORT_ALL },
    ...[...(items ?? [])]
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }))
      .map((item) => ({ value: String(item.id), label: item.name })),
  ];
}

// Options of a text filter: All first when the report takes it (the machine filter only for 3.2 and
// 3.3), then the names.
export function textOptionsOf(names: readonly string[], withAll = true): FilterOption[] {
  const sorted = [...new Set(names)].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  return [
    ...(withAll ? [{ value: REPORT_ALL, label: REPORT_ALL }] : []),
    ...sorted.map((name) => ({ value: name, label: name })),
  ];
}

// A trailer is a Drop or a Pickup (spec 1 §9); a visit's gate-in type is a vehicle gate-in type or
// a container gate-in's purpose (what the trailer report's rows hold).
export const TRAILER_TYPE_NAMES: readonly string[] = TRAILER_CLASSES;
export const GATE_IN_TYPE_NAMES: readonly string[] = [
  ...new Set<string>([...TRAILER_GATE_IN_TYPES, ...CONTAINER_GATE_IN_PURPOSES]),
];
