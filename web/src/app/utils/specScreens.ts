import { terminalMachineOf } from '../../modules/tasks/utils/terminalPath';

// The screens of the spec's route lists (spec 1 §2, spec 2 §2), by path, so that a path this build
// does not route yet is named on the page that says so instead of "not found".
export const SPEC_SCREEN_NAMES: Readonly<Record<string, string>> = {
  '/start': 'Kiosk start page',
  '/kiosk': 'Kiosk',
  '/status': 'Kiosk status',
  '/kiosk-task': 'Kiosk tasks',
  '/mobile-search': 'Mobile search',
  '/mobile-search-view': 'Mobile search view',
  '/igate': 'Smart Gate',
  '/igateout': 'Smart Gate (out)',
  '/gate-passes': 'Gate passes',
  '/dashboard': 'Dashboard',
  '/inventory': 'Inventory',
  '/containers': 'Containers',
  '/configure': 'Configuration',
  '/planning': 'Planning',
  '/tasks': 'Tasks',
  '/task-dashboard': 'Task dashboard',
  '/machines': 'Machines',
  '/gate-readers': 'Gate Readers',
  '/shifts': 'Machine shifts',
  '/yard-locations': 'Yard locations',
  // Spec 1 §2 names /allocations "CHA allocation"; spec 2 §2 and spec 3 §2 (machines "also active on
  // allocations") make it the machine allocation screen, as built. CHA allocations are per agent on
  // /cha-vehicles (spec 1 §2 "CHA vehicles screen: ... per-agent allocation").
  '/allocations': 'Machine allocation',
  '/trailers': 'Trailers',
  '/itvs': 'ITV',
  '/gate': 'Gate',
  '/users': 'Users',
  '/reports': 'Reports',
  '/device-logs': 'Device Logs',
  '/cha-vehicles': 'CHA Vehicles',
  '/smart-transport': 'Smart Transport',
  '/pre-advice': 'Pre-advice',
  // Beyond the spec (issue 18).
  '/wall': 'Wall display',
  // Beyond the spec's screens: the lists it only reads, kept (issue 22).
  '/master-data': 'Master data',
};

// The spec's enterprise paths (spec 2 §2; /enterprise/login from spec 3 §2) open the same screens.
export const ENTERPRISE_ALIASES: Readonly<Record<string, string>> = {
  '/enterprise/login': '/login',
  '/enterprise/dashboard': '/dashboard',
  '/enterprise/dashboard/lists/tasks': '/tasks',
  '/enterprise/dashboard/lists/machines': '/machines',
  '/enterprise/dashboard/lists/trailers': '/trailers',
  '/enterprise/containers/inventory': '/inventory',
  '/enterprise/containers/lists': '/containers',
  '/enterprise/planning': '/planning',
  '/enterprise/gate': '/igate',
  '/enterprise/reports': '/reports',
  '/enterprise/users': '/users',
};

export function specScreenName(path: string): string | null {
  const trimmed = path.replace(/\/+$/, '') || '/';
  // A machine's terminal (issue 17, beyond the spec's lists) is named after its machine.
  const machine = terminalMachineOf(trimmed);
  if (machine) return `Terminal ${machine}`;
  return SPEC_SCREEN_NAMES[ENTERPRISE_ALIASES[trimmed] ?? trimmed] ?? null;
}
