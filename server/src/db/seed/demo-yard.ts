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

// The demo's yard locations (spec 3 §3), drawn in metres east and north of the yard centre around
// the blocks of demoCorners (220 m wide, 45 m deep, every 70 m from 140 m south to 140 m north):
// two yard zones over the blocks (the southern one an L, so the machines' zones are not all
// rectangles) and the places the task types send containers to (spec 3 §5: Export Zone, Chasis,
// LCL, Weighbridge, and the import and examination grounds), east and west of the blocks. They are
// the demo's only yard zones and task places (docs/yard-locations.md: the polygons are the one list).
export const DEMO_YARD_LOCATIONS: {
  name: string;
  type: 'YARD_ZONE' | 'TASK_TO_LOCATION';
  metres: [number, number][];
}[] = [
  {
    name: 'North Stacks',
    type: 'YARD_ZONE',
    metres: [
      [-125, -50],
      [125, -50],
      [125, 145],
      [-125, 145],
    ],
  },
  {
    name: 'South Stacks',
    type: 'YARD_ZONE',
    metres: [
      [-125, -190],
      [125, -190],
      [125, -120],
      [20, -120],
      [20, -55],
      [-125, -55],
    ],
  },
  {
    name: 'Export Zone',
    type: 'TASK_TO_LOCATION',
    metres: [
      [135, 60],
      [200, 60],
      [200, 145],
      [135, 145],
    ],
  },
  {
    name: 'Chasis 1',
    type: 'TASK_TO_LOCATION',
    metres: [
      [135, 5],
      [165, 5],
      [165, 50],
      [135, 50],
    ],
  },
  {
    name: 'Chasis 2',
    type: 'TASK_TO_LOCATION',
    metres: [
      [170, 5],
      [200, 5],
      [200, 50],
      [170, 50],
    ],
  },
  {
    name: 'LCL Shed',
    type: 'TASK_TO_LOCATION',
    metres: [
      [135, -110],
      [200, -110],
      [200, -20],
      [170, -5],
      [135, -20],
    ],
  },
  {
    name: 'Import Zone',
    type: 'TASK_TO_LOCATION',
    metres: [
      [-200, 60],
      [-135, 60],
      [-135, 145],
      [-200, 145],
    ],
  },
  {
    name: 'Examination Zone',
    type: 'TASK_TO_LOCATION',
    metres: [
      [-200, -150],
      [-135, -150],
      [-135, -80],
      [-200, -80],
    ],
  },
  {
    name: 'Weighbridge',
    type: 'TASK_TO_LOCATION',
    metres: [
      [-200, -60],
      [-140, -60],
      [-140, -25],
      [-200, -25],
    ],
  },
];

// A demo yard location's corners on the map, around the yard centre.
export function demoYardLocationCoordinates(
  metres: [number, number][],
  center: { latitude: number; longitude: number },
) {
  const metresPerDegreeLatitude = 111_320;
  const metresPerDegreeLongitude = 111_320 * Math.cos((center.latitude * Math.PI) / 180);
  return {
    latitudes: metres.map(([, north]) => center.latitude + north / metresPerDegreeLatitude),
    longitudes: metres.map(([east]) => center.longitude + east / metresPerDegreeLongitude),
  };
}
