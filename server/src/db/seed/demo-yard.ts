// The demo depot: five blocks with 4-5 tiers, 4,800 slot positions, 40 ft sections as merged pairs.
export interface DemoArea {
  name: string;
  rows: number;
  columns: number;
  maxHeight: number;
  // First columns of merged 40 ft pairs.
  mergedStarts: number[];
}

const pairs = (from: number, to: number) => Array.from({ length: (to - from + 1) / 2 }, (_, i) => from + 2 * i);

export const DEMO_AREAS: DemoArea[] = [
  { name: 'A', rows: 8, columns: 30, maxHeight: 5, mergedStarts: pairs(19, 30) },
  { name: 'B', rows: 8, columns: 30, maxHeight: 5, mergedStarts: pairs(1, 14) },
  { name: 'C', rows: 6, columns: 24, maxHeight: 4, mergedStarts: [] },
  { name: 'D', rows: 6, columns: 16, maxHeight: 4, mergedStarts: pairs(1, 16) },
  { name: 'E', rows: 8, columns: 36, maxHeight: 5, mergedStarts: pairs(25, 36) },
];

// A planning param of the demo's own (spec 1 §3 CUSTOM with allowedStrings, issue 19): reefers go
// to the rows with power points (E rows 1-2, 20 ft columns), hazardous cargo to the segregated row
// at the end of block C.
export const DEMO_SLOT_GROUPS = {
  name: 'Cargo class',
  allowedStrings: ['Reefer', 'Hazardous'],
  cells: [
    { value: 'Reefer', area: 'E', rows: [1, 2], columns: Array.from({ length: 24 }, (_, i) => i + 1) },
    { value: 'Hazardous', area: 'C', rows: [6], columns: Array.from({ length: 24 }, (_, i) => i + 1) },
  ],
} as const;

export const DEMO_CUSTOMERS = [
  { code: 'KAE', name: 'Konkan Agro Exports' },
  { code: 'WIT', name: 'Western India Textiles' },
  { code: 'DSC', name: 'Deccan Steel Components' },
  { code: 'SPF', name: 'Sahyadri Pharma' },
  { code: 'MCL', name: 'Malabar Coir Limited' },
  { code: 'GAE', name: 'Gujarat Auto Engineering' },
];

// Customs house agents the demo depot works for, each with a current allocation of vehicles per
// delivery type (allowed, of which 20 ft, 40 ft) and the equipments it was given.
export const DEMO_CHA_AGENTS: {
  name: string;
  registrationNumber: string;
  contacts: string[];
  allowed: Record<string, [number, number, number]>;
  equipments: string[];
}[] = [
  {
    name: 'Bharat Clearing Agency',
    registrationNumber: 'CHA-MUM-0147',
    contacts: ['+91 98200 41127', 'ops@bharatclearing.example'],
    allowed: {
      Import: [12, 6, 4],
      'Loaded Delivery': [8, 4, 4],
      'De-stuff Delivery': [4, 2, 1],
      'Empty Delivery': [6, 3, 3],
    },
    equipments: ['Forklift', 'Labour Gang'],
  },
  {
    name: 'Coastal Customs Brokers',
    registrationNumber: 'CHA-NSA-0311',
    contacts: ['+91 98670 22814'],
    allowed: { Import: [6, 3, 3], 'Loaded Delivery': [10, 5, 5], 'Empty Delivery': [2, 1, 1] },
    equipments: ['Hydra Crane'],
  },
  {
    name: 'Jawahar Shipping & Clearing',
    registrationNumber: 'CHA-JNP-0928',
    contacts: ['+91 22 2724 0099', 'desk@jawaharshipping.example'],
    allowed: { Import: [3, 1, 1], 'De-stuff Delivery': [5, 3, 2] },
    equipments: ['Reach Stacker', 'Weighbridge Slot'],
  },
  {
    name: 'Konkan Logistics Services',
    registrationNumber: 'CHA-MUM-0562',
    contacts: [],
    allowed: { 'Loaded Delivery': [4, 2, 2] },
    equipments: [],
  },
];

// Corner coordinates clockwise from row 1 / column 1, laid out around the yard centre.
export function demoCorners(index: number, center: { latitude: number; longitude: number }) {
  const metresPerDegreeLatitude = 111_320;
  const metresPerDegreeLongitude = 111_320 * Math.cos((center.latitude * Math.PI) / 180);
  const north = center.latitude + ((index - 2) * 70) / metresPerDegreeLatitude;
  const south = north - 45 / metresPerDegreeLatitude;
  const west = center.longitude - 110 / metresPerDegreeLongitude;
  const east = center.longitude + 110 / metresPerDegreeLongitude;
  return { lat1: north, long1: west, lat2: north, long2: east, lat3: south, long3: east, lat4: south, long4: west };
}
