// Reference lists every yard starts with, seeded once (seed.ts): then admins keep them on
// /master-data. Seeding never overwrites a row.
export const SYSTEM_ROLE_NAMES = [
  'superadmin',
  'admin',
  'operator',
  'manager',
  'gatein',
  'gateout',
  'kiosk',
  'display',
];
// The demo's users, one per role a person signs in with: a display or a kiosk signs in with a token.
export const DEMO_USER_ROLE_NAMES = SYSTEM_ROLE_NAMES.filter((name) => name !== 'display' && name !== 'kiosk');

export const NAMED_LIST_VALUES = {
  containerProcesses: ['Import', 'Export', 'Empty', 'Transhipment', 'LCL', 'Domestic'],
  categories: ['General', 'Reefer', 'Hazardous', 'Over-dimension', 'Tank'],
  cargoTypes: ['General Cargo', 'Hazardous (IMDG)', 'Perishable', 'Bulk', 'Liquid', 'Machinery'],
  deliveryModes: ['Export Out', 'Empty Out', 'Labour', 'ForkLift', 'Crane', 'Manual', 'Loaded', 'Crane de-stuff'],
  readerTypes: ['GATEIN', 'GATEOUT', 'TRAILER'],
  machineTypes: ['Reach-Stacker', 'Fork-Lift', 'Rubber Tyre Gantry', 'Empty Handler'],
  machineStatuses: ['Working', 'Idle', 'Break-Down', 'Maintenance'],
  taskTypes: [
    'Export Loading',
    'Empty Loading',
    'Empty Placement',
    'Weighbridge',
    'LCL Placement',
    'Grounding',
    'Offloading',
    'Examination',
    'Others',
  ],
  activityGroups: ['CONTAINER GATE-IN', 'VEHICLE GATE-IN'],
} as const;

export const ACTIVITIES: Record<string, readonly string[]> = {
  'CONTAINER GATE-IN': ['Import', 'Export', 'Empty Return', 'Transhipment'],
  'VEHICLE GATE-IN': ['Import', 'Loaded Delivery', 'De-stuff Delivery', 'Empty Delivery'],
};

// What a CHA allocation may give an agent besides vehicles (spec 3 §7 cha/equipments).
export const CHA_EQUIPMENTS = ['Forklift', 'Hydra Crane', 'Reach Stacker', 'Labour Gang', 'Weighbridge Slot'];

export const CONTAINER_SIZES = [
  { name: '20', lengthFeet: 20 },
  { name: '40', lengthFeet: 40 },
  { name: '45', lengthFeet: 45 },
];

// ISO 6346 size-type groups: G general, R reefer, U open top, P platform, T tank.
export const CONTAINER_TYPES = [
  { name: 'Dry (GP)', isoGroup: 'G' },
  { name: 'High Cube', isoGroup: 'G' },
  { name: 'Reefer', isoGroup: 'R' },
  { name: 'Open Top', isoGroup: 'U' },
  { name: 'Flat Rack', isoGroup: 'P' },
  { name: 'Tank', isoGroup: 'T' },
];

// Owner codes (with category U) of the major lines and lessors, each line in a colour that stays
// distinguishable on the dark wall display.
export const LINERS: { code: string; name: string; color: string; prefixes: string[] }[] = [
  { code: 'MAERSK', name: 'Maersk', color: '#42B0D5', prefixes: ['MAEU', 'MSKU', 'MRKU', 'MRSU', 'SEAU'] },
  { code: 'MSC', name: 'MSC', color: '#F5D130', prefixes: ['MSCU', 'MEDU', 'MSDU', 'MSMU'] },
  { code: 'CMACGM', name: 'CMA CGM', color: '#E2231A', prefixes: ['CMAU', 'CGMU', 'ECMU'] },
  { code: 'APL', name: 'APL', color: '#B35C1E', prefixes: ['APLU', 'APZU', 'APHU'] },
  { code: 'COSCO', name: 'COSCO Shipping', color: '#2F6FD6', prefixes: ['CBHU', 'CCLU', 'CSNU', 'CSLU', 'COSU'] },
  { code: 'OOCL', name: 'OOCL', color: '#7FA8D9', prefixes: ['OOLU', 'OOCU'] },
  { code: 'HAPAG', name: 'Hapag-Lloyd', color: '#F28C28', prefixes: ['HLXU', 'HLBU', 'HAMU', 'UACU'] },
  { code: 'ONE', name: 'Ocean Network Express', color: '#E5007E', prefixes: ['ONEU', 'NYKU', 'MOLU', 'KKFU'] },
  { code: 'EVERGREEN', name: 'Evergreen', color: '#2E9E4F', prefixes: ['EGHU', 'EISU', 'EMCU', 'EGSU'] },
  { code: 'HMM', name: 'HMM', color: '#1D4E9E', prefixes: ['HDMU', 'HMMU'] },
  { code: 'YANGMING', name: 'Yang Ming', color: '#C9A227', prefixes: ['YMLU', 'YMMU'] },
  { code: 'ZIM', name: 'ZIM', color: '#8E9AAF', prefixes: ['ZIMU', 'ZCSU'] },
  { code: 'PIL', name: 'Pacific International Lines', color: '#A4161A', prefixes: ['PCIU', 'PILU'] },
  { code: 'WANHAI', name: 'Wan Hai Lines', color: '#7B4FA0', prefixes: ['WHLU', 'WHSU'] },
  { code: 'HAMBURGSUD', name: 'Hamburg Süd', color: '#D64550', prefixes: ['SUDU'] },
  { code: 'MATSON', name: 'Matson', color: '#4FB3A9', prefixes: ['MATU'] },
  { code: 'KMTC', name: 'KMTC', color: '#5C7CFA', prefixes: ['KMTU'] },
  { code: 'TRITON', name: 'Triton (lessor)', color: '#A0A0A0', prefixes: ['TRIU', 'TCNU', 'TRLU'] },
];
