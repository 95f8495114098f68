import { LIVE_MESSAGE_META, type LiveMessageType, type LiveTopicBase } from '../live';
import { hasRole, type PermissionFlag, type Principal } from './permissions';

// Each topic's permission and parameter: `gates` serves the gate and gate-reader screens, and
// `gate-visits` the gate screen's trucks inside; the OCR queue is per gate (only `ocr:<gate id>`
// is a topic), and so are a gate's camera frames (`cameras:<gate id>`); `inventory` may name an area.
// A topic whose permission is null is every signed-in user's (the master-data lists every form reads).
const TOPIC_TABLE: Record<
  LiveTopicBase,
  { permission: PermissionFlag | null; parameter: 'none' | 'optional' | RegExp; superadminOnly?: true }
> = {
  gates: { permission: 'gateVisible', parameter: 'none' },
  'device-logs': { permission: 'deviceLogsVisible', parameter: 'none' },
  machines: { permission: 'machinesVisible', parameter: 'none' },
  itvs: { permission: 'itvVisible', parameter: 'none' },
  inventory: { permission: 'inventoryVisible', parameter: 'optional' },
  containers: { permission: 'containersVisible', parameter: 'none' },
  ocr: { permission: 'gateVisible', parameter: /^[1-9]\d{0,9}$/ },
  cameras: { permission: 'gateVisible', parameter: /^[1-9]\d{0,9}$/ },
  'gate-visits': { permission: 'gateVisible', parameter: 'none' },
  trailers: { permission: 'trailersVisible', parameter: 'none' },
  // Tasks and ITV tasks (the tasks screen, the machine terminal), and the yard exceptions machine
  // events raise (issue 17).
  tasks: { permission: 'tasksVisible', parameter: 'none' },
  'yard-exceptions': { permission: 'tasksVisible', parameter: 'none' },
  // The machines screens' shifts and allocations (spec 2 §6, spec 3 §2).
  shifts: { permission: 'machinesVisible', parameter: 'none' },
  'machine-allocations': { permission: 'machinesVisible', parameter: 'none' },
  // The yard's location polygons: the machines' places (the Yard Locations page, the machine maps),
  // and master data every form reads (the yard zones, the task places: GET /rest/yard-locations and
  // /rest/yard-zones answer any signed-in user), so every signed-in user's.
  'yard-locations': { permission: null, parameter: 'none' },
  // Open alarms as they are raised and cleared, for the control room's displays (issue 18).
  alarms: { permission: 'dashboardVisible', parameter: 'none' },
  // The dashboard's widgets whose figures changed (spec 1 §2 Dashboard).
  dashboard: { permission: 'dashboardVisible', parameter: 'none' },
  // Plans and the planning engine's runs (issue 19).
  planning: { permission: 'planningVisible', parameter: 'none' },
  // CHA allocations and their gated-in counts (issue 20).
  cha: { permission: 'chaVehiclesVisible', parameter: 'none' },
  // A master-data list changed (issue 22): the lists are read by every screen's forms.
  'master-data': { permission: null, parameter: 'none' },
  // Archive runs: only a superadmin may archive (spec 3 §6), whatever the role's flags.
  archive: { permission: 'usersVisible', parameter: 'none', superadminOnly: true },
  // Batch files' jobs (issue 20): the containers screen's batch actions.
  batch: { permission: 'containersVisible', parameter: 'none' },
  // The gate-pass store (issue 16): the gate passes list and the dispatch lanes that verify them.
  'gate-passes': { permission: 'gateVisible', parameter: 'none' },
};

export interface ParsedLiveTopic {
  base: LiveTopicBase;
  parameter: string | null;
}

export function liveTopicBase(topic: string): string {
  return topic.split(':', 1)[0]!;
}

// The one parser of topic strings: null for anything that is not a topic.
export function parseLiveTopic(topic: string): ParsedLiveTopic | null {
  const colon = topic.indexOf(':');
  const base = colon < 0 ? topic : topic.slice(0, colon);
  const parameter = colon < 0 ? null : topic.slice(colon + 1);
  if (!Object.hasOwn(TOPIC_TABLE, base)) return null;
  const rule = TOPIC_TABLE[base as LiveTopicBase].parameter;
  if (rule === 'none' && parameter !== null) return null;
  if (rule === 'optional' && parameter === '') return null;
  if (rule instanceof RegExp && (parameter === null || !rule.test(parameter))) return null;
  return { base: base as LiveTopicBase, parameter };
}

// The permission a topic needs.
export function liveTopicPermission(base: LiveTopicBase): PermissionFlag | null {
  return TOPIC_TABLE[base].permission;
}

// The permission a message needs: that of the topic it is published on.
export function liveMessagePermission(type: LiveMessageType): PermissionFlag | null {
  return TOPIC_TABLE[LIVE_MESSAGE_META[type].topic].permission;
}

export function mayWatchTopic(principal: Principal, topic: string): boolean {
  const parsed = parseLiveTopic(topic);
  if (!parsed) return false;
  // A kiosk shows the public what the public calls answer, never the yard's live feeds (issue 21).
  if (hasRole(principal, 'kiosk')) return false;
  if (TOPIC_TABLE[parsed.base].superadminOnly) return hasRole(principal, 'superadmin');
  const permission = TOPIC_TABLE[parsed.base].permission;
  return permission === null || hasRole(principal, 'superadmin') || principal.permissions[permission];
}
