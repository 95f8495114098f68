import {
  hasRole,
  KIOSK_START_PATH,
  WALL_PATH,
  type PermissionFlag,
  type Principal,
  type SystemRole,
} from './permissions';

export interface FeatureFlags {
  enterpriseVersion: boolean;
  planningEngineEnabled: boolean;
  smartGateEnabled: boolean;
  smartTransportEnabled: boolean;
  chaVehicleEnabled: boolean;
}

export interface MenuEntry {
  key: string;
  label: string;
  path: string;
  // Other paths on which this entry shows as active (planning is active on configure).
  alsoActiveOn?: readonly string[];
  flag?: PermissionFlag;
  // Shown only to these roles, whatever their flags (the role-permission screen says so).
  roles?: readonly SystemRole[];
  visible?: (principal: Principal, features: FeatureFlags) => boolean;
}

// The side menu of spec 3 §2 with the visibility rules of spec 2 §6 and spec 3 §6.
export const MENU_ENTRIES: readonly MenuEntry[] = [
  // The wall display (issue 18) is the dashboard's full-screen sibling: whoever sees the dashboard
  // may open it (a display's role sees it and nothing to change).
  { key: 'dashboard', label: 'Dashboard', path: '/dashboard', alsoActiveOn: [WALL_PATH], flag: 'dashboardVisible' },
  // The task dashboard (spec 3 §2: machine movements and tasks by period or by shift) is the tasks'
  // figures: it opens for whoever sees Tasks.
  { key: 'tasks', label: 'Tasks', path: '/tasks', alsoActiveOn: ['/task-dashboard'], flag: 'tasksVisible' },
  {
    key: 'inventory',
    label: 'Inventory',
    path: '/inventory',
    flag: 'inventoryVisible',
    roles: ['superadmin'],
  },
  { key: 'containers', label: 'Containers', path: '/containers', flag: 'containersVisible' },
  {
    key: 'planning',
    label: 'Planning',
    path: '/planning',
    alsoActiveOn: ['/configure'],
    flag: 'planningVisible',
    visible: (_principal, features) => features.planningEngineEnabled,
  },
  // Shifts and allocations are the machines' screens (spec 3 §2 "machines (also active on
  // allocations)"; spec 2 §6 puts shifts with them): they open for whoever sees Machines.
  {
    key: 'machines',
    label: 'Machines',
    path: '/machines',
    alsoActiveOn: ['/allocations', '/shifts'],
    flag: 'machinesVisible',
  },
  // Yard Locations page (spec 3 §2): the polygons of the yard's zones and task places, drawn on the
  // map by the admins; the machines' places, so it needs Machines too.
  {
    key: 'yardLocations',
    label: 'Yard Locations',
    path: '/yard-locations',
    flag: 'machinesVisible',
    roles: ['admin', 'superadmin'],
  },
  { key: 'trailers', label: 'Trailers', path: '/trailers', flag: 'trailersVisible' },
  { key: 'itv', label: 'ITV', path: '/itvs', flag: 'itvVisible' },
  // /pre-advice is opened from /gate and /igate: the gate-ins every IN gate expects (issue 16), not one
  // of the spec's menu entries.
  { key: 'gate', label: 'Gate', path: '/gate', alsoActiveOn: ['/pre-advice'], flag: 'gateVisible' },
  {
    key: 'smartGate',
    label: 'Smart Gate',
    path: '/igate',
    // /gate-passes is opened from /igateout (it is not one of the spec's menu entries).
    alsoActiveOn: ['/igateout', '/gate-passes'],
    flag: 'gateVisible',
    visible: (_principal, features) => features.smartGateEnabled,
  },
  {
    key: 'smartTransport',
    label: 'Smart Transport',
    path: '/smart-transport',
    visible: (_principal, features) => features.smartTransportEnabled,
  },
  {
    key: 'users',
    label: 'Users',
    path: '/users',
    flag: 'usersVisible',
    roles: ['admin', 'superadmin'],
  },
  // Gate-reader administration is the superadmin's (spec 1 §6); the route is in spec 1 §2.
  {
    key: 'gateReaders',
    label: 'Gate Readers',
    path: '/gate-readers',
    flag: 'gateVisible',
    roles: ['superadmin'],
  },
  { key: 'reports', label: 'Reports', path: '/reports', flag: 'reportsVisible' },
  { key: 'deviceLogs', label: 'Device Logs', path: '/device-logs', flag: 'deviceLogsVisible' },
  {
    key: 'configuration',
    label: 'Configuration',
    path: '/configure',
    roles: ['superadmin'],
  },
  // The lists the spec only reads (liners with their colours and owner prefixes, sizes, types, ...),
  // kept by the administrators (issue 22); the calls' access says the same.
  {
    key: 'masterData',
    label: 'Master Data',
    path: '/master-data',
    roles: ['superadmin', 'admin'],
  },
  {
    key: 'chaVehicles',
    label: 'CHA Vehicles',
    path: '/cha-vehicles',
    flag: 'chaVehiclesVisible',
    visible: (_principal, features) => features.chaVehicleEnabled,
  },
];

export function visibleMenuEntries(principal: Principal, features: FeatureFlags): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => {
    if (entry.flag && !principal.permissions[entry.flag] && !hasRole(principal, 'superadmin')) return false;
    if (entry.roles && !hasRole(principal, ...entry.roles)) return false;
    return entry.visible ? entry.visible(principal, features) : true;
  });
}

// Where the Smart Gate link goes (spec 3 §2): /igateout when every gate the user works is an OUT
// gate, else /igate (the IN screen, which also shows 'No Gate Configured' to a user with none).
export function smartGatePath(gateTypes: readonly string[]): '/igate' | '/igateout' {
  return gateTypes.length > 0 && gateTypes.every((type) => type === 'OUT') ? '/igateout' : '/igate';
}

// The navigation bar is hidden when not logged in and on these paths (spec 3 §2), and on a
// machine's terminal (issue 17: the whole screen is the cab's), and on the wall display (issue 18:
// no header either; the web routes it outside the app's shell).
const NAVIGATION_HIDDEN_SUFFIXES = ['start', 'kiosk', 'status', 'kiosk-task', 'igate', 'igateout'];
const NAVIGATION_HIDDEN_PREFIXES = ['/terminal/'];
export function isNavigationHidden(path: string): boolean {
  const trimmed = path.replace(/\/+$/, '');
  return (
    trimmed === WALL_PATH ||
    NAVIGATION_HIDDEN_SUFFIXES.some((suffix) => trimmed.endsWith(suffix)) ||
    NAVIGATION_HIDDEN_PREFIXES.some((prefix) => trimmed.startsWith(prefix))
  );
}

// The public kiosk's and mobile search's pages (spec 1 §2, spec 2 §2), no login.
export const KIOSK_PATHS = {
  start: KIOSK_START_PATH,
  locate: '/kiosk',
  status: '/status',
  tasks: '/kiosk-task',
} as const;
export const MOBILE_SEARCH_PATHS = { search: '/mobile-search', view: '/mobile-search-view' } as const;

export const PUBLIC_PATHS: readonly string[] = [
  ...Object.values(KIOSK_PATHS),
  ...Object.values(MOBILE_SEARCH_PATHS),
  '/403',
];
// A container's status link (issue 21, beyond the spec): /track/<token>, public like the kiosk's
// pages; its QR code is printed on the gate-in slip.
export const STATUS_LINK_PATH = '/track';
export function statusLinkPath(token: string): string {
  return `${STATUS_LINK_PATH}/${encodeURIComponent(token)}`;
}

export function isPublicPath(path: string): boolean {
  const trimmed = path.replace(/\/+$/, '') || '/';
  return PUBLIC_PATHS.includes(trimmed) || trimmed.startsWith(`${STATUS_LINK_PATH}/`);
}
