import type { HttpMethod } from './route';

// The calls the specification names with their method and path, copied from its call lists (the
// specification is not part of the repository): spec 3 §7 "The calls it makes" (the whole call
// catalogue), spec 1 §7 (Startup, File uploads, gate images) and spec 2 §7 (its only call with a
// path). Paths as the spec writes them, `{x}` for a parameter; a call the spec gives without a
// method is listed as the GET it reads as. `spec-catalogue.test.ts` checks that the route
// catalogue declares each (and `server/src/lib/routes.int.test.ts` that the server answers each).

export interface SpecCall {
  method: HttpMethod;
  path: string;
  // Where the spec lists it.
  where: string;
}

const calls = (where: string, methods: readonly HttpMethod[], ...paths: string[]): SpecCall[] =>
  paths.flatMap((path) => methods.map((method) => ({ method, path, where })));
const get = (where: string, ...paths: string[]) => calls(where, ['GET'], ...paths);
const post = (where: string, ...paths: string[]) => calls(where, ['POST'], ...paths);
const put = (where: string, ...paths: string[]) => calls(where, ['PUT'], ...paths);
const del = (where: string, ...paths: string[]) => calls(where, ['DELETE'], ...paths);

const s3 = (section: string) => `spec 3 §7 ${section}`;
const REPORTS = [
  'gate-in',
  'gate-out',
  'expired-tags',
  'inventory',
  'container-movements',
  'location-not-updated',
  'dwell-time',
  'offloading-locations',
  'machine-movements-summary',
  'machine-movements-detailed',
  'machine-breakdown',
  'machine-working-status',
  'trailers',
  'alarm',
];
const REPORT_LISTS = [...REPORTS, 'loaded-trailer'];

export const SPEC_CALLS: readonly SpecCall[] = [
  // spec 3 §7
  ...get(s3('Session and users'), '/rest/user', '/rest/health', '/rest/user/logout', '/rest/roles/{x}'),
  ...get(s3('Session and users'), '/rest/enterprise/users/me'),
  ...post(s3('Session and users'), '/rest/enterprise/users/changePassword'),
  ...calls(s3('Session and users'), ['GET', 'POST', 'PUT'], '/rest/enterprise/users'),
  ...del(s3('Session and users'), '/rest/enterprise/users/{id}'),
  ...get(s3('Session and users'), '/rest/enterprise/users/export', '/rest/enterprise/archive'),
  ...calls(s3('Roles'), ['GET', 'POST', 'PUT'], '/rest/enterprise/roles'),
  ...del(s3('Roles'), '/rest/enterprise/roles/{id}'),
  ...calls(s3('Roles'), ['GET', 'PUT'], '/rest/enterprise/roles/permissions'),
  ...get(s3('Tasks'), '/rest/tasks', '/rest/tasks/{id}', '/rest/tasks/task-types', '/rest/tasks/find'),
  ...post(s3('Tasks'), '/rest/tasks'),
  ...del(s3('Tasks'), '/rest/tasks'),
  ...put(s3('Tasks'), '/rest/tasks/complete'),
  ...post(s3('Tasks'), '/rest/tasks/transfer'),
  ...get(s3('Tasks'), '/rest/tasks/machine-locations'),
  ...post(s3('Tasks'), '/rest/tasks/exportXls'),
  ...get(s3('Tasks'), '/rest/tasks/download'),
  ...post(s3('Tasks'), '/rest/tasks/upload'),
  ...calls(s3('ITV tasks and ITVs'), ['GET', 'POST', 'DELETE'], '/rest/tasks/itv-tasks'),
  ...get(s3('ITV tasks and ITVs'), '/rest/tasks/itv-tasks/{id}', '/rest/tasks/itv-tasks/itv-task-types'),
  ...calls(s3('ITV tasks and ITVs'), ['GET', 'POST', 'PUT', 'DELETE'], '/rest/enterprise/itvs'),
  ...get(s3('Machine allocation'), '/rest/machine-allocation/{day}'),
  ...calls(s3('Machine allocation'), ['POST', 'DELETE'], '/rest/machine-allocation'),
  ...calls(s3('Trailers'), ['GET', 'POST', 'PUT'], '/rest/enterprise/trailers'),
  ...del(s3('Trailers'), '/rest/enterprise/trailers/{id}'),
  ...get(s3('Trailers'), '/rest/enterprise/trailers/dispatch', '/rest/enterprise/trailers/export'),
  ...calls(s3('Trailers'), ['GET', 'POST', 'PUT'], '/rest/enterprise/trailers/pla-cards'),
  ...del(s3('Trailers'), '/rest/enterprise/trailers/pla-cards/{id}'),
  ...post(s3('Trailers'), '/rest/enterprise/trailers/pla-cards/upload'),
  ...calls(s3('Trailers'), ['GET', 'POST', 'PUT'], '/rest/enterprise/trailers/permanent'),
  ...del(s3('Trailers'), '/rest/enterprise/trailers/permanent/{id}'),
  ...post(s3('Trailers'), '/rest/enterprise/trailers/permanent/upload'),
  ...calls(s3('Yard locations'), ['GET', 'POST'], '/rest/enterprise/yard-locations'),
  ...calls(s3('Yard locations'), ['PUT', 'DELETE'], '/rest/enterprise/yard-locations/{id}'),
  ...get(s3('Dashboard'), '/rest/dashboard/machines', '/rest/dashboard/exportXls'),
  ...get(s3('Reports'), ...REPORTS.map((report) => `/rest/enterprise/reports/${report}/export`)),
  ...get(s3('Reports'), ...REPORT_LISTS.map((report) => `/rest/enterprise/reports/${report}`)),
  ...calls(s3('Containers'), ['GET', 'PUT'], '/rest/enterprise/containers'),
  ...calls(s3('Containers'), ['GET', 'DELETE'], '/rest/enterprise/containers/{n}'),
  ...get(
    s3('Containers'),
    ...[
      'all',
      'gate-pass',
      'tag-valid',
      'yard-map',
      'movements/{n}',
      'export',
      'autocomplete',
      'autocomplete-object',
      'autocomplete-igm',
      'status',
      'sync-with-erp',
    ].map((path) => `/rest/enterprise/containers/${path}`),
  ),
  ...put(s3('Containers'), '/rest/enterprise/containers/update-movement-alert'),
  ...get(
    s3('Enterprise dashboard'),
    ...[
      'area-containers',
      'empty-slots',
      'process-containers',
      'age-wise-containers',
      'gate-in-report',
      'gate-in-report/{id}',
      'monthly-movements',
      'yard-trailers',
      'yard-trailers-detailed',
    ].map((path) => `/rest/enterprise-dashboard/${path}`),
  ),
  ...calls(s3('Machines, shifts, device logs'), ['GET', 'POST'], '/rest/enterprise/machines'),
  ...post(s3('Machines, shifts, device logs'), '/rest/enterprise/machines/yard-map'),
  ...calls(s3('Machines, shifts, device logs'), ['GET', 'POST', 'PUT', 'DELETE'], '/rest/enterprise/shifts'),
  ...get(s3('Machines, shifts, device logs'), '/rest/enterprise/devicelogs/{x}'),
  ...calls(s3('Gate'), ['GET', 'POST'], '/rest/enterprise/gate'),
  ...calls(s3('Gate'), ['GET', 'PUT', 'DELETE'], '/rest/enterprise/gate/{id}'),
  ...get(s3('Gate'), '/rest/enterprise/gate/unused-readers'),
  ...calls(s3('Gate'), ['GET', 'POST'], '/rest/enterprise/gate/reader'),
  ...calls(s3('Gate'), ['PUT', 'DELETE'], '/rest/enterprise/gate/reader/{id}'),
  ...calls(s3('Gate'), ['PUT', 'DELETE'], '/rest/enterprise/gate/{gate}/reader/{reader}'),
  ...get(
    s3('Gate'),
    ...['queued', 'entry-tag', 'exit-tag', 'trailer-tag', 'exit-trailer-tag'].map(
      (path) => `/rest/enterprise/gate/${path}`,
    ),
  ),
  ...post(
    s3('Gate'),
    ...['containers', 'trailer', 'ocr-diff', 'igate-dispatch', 'retag'].map((path) => `/rest/enterprise/gate/${path}`),
  ),
  ...get(s3('Gate'), '/rest/enterprise/gate/dispatch', '/rest/enterprise/gate/scanning-dispatch'),
  ...get(s3('Gate'), '/rest/enterprise/gate/ipcam/capture', '/rest/enterprise/gate/ocr/next'),
  ...put(s3('Gate'), '/rest/enterprise/gate/ocr/ack', '/rest/enterprise/gate/ocr/clear'),
  ...get(
    s3('Gate'),
    ...[
      'ocr/count',
      'igate-dispatch-report',
      'igate-dispatch-report/export',
      'igate-in-report',
      'igate-in-report/export',
    ].map((path) => `/rest/enterprise/gate/${path}`),
  ),
  ...get(s3('Planning'), '/rest/enterprise/planning-engine/{x}'),
  ...post(
    s3('Planning'),
    ...['bin-locations', 'rollback', 'dispatch'].map((path) => `/rest/enterprise/planning-engine/${path}`),
  ),
  ...get(s3('Planning'), '/rest/enterprise/planning/params', '/rest/enterprise/planning/slot-groups/data/{paramId}'),
  ...post(s3('Planning'), '/rest/enterprise/planning/engine/plan'),
  ...get(s3('Planning'), '/rest/planning/available/{name}', '/rest/planning/queued', '/rest/planning/plans'),
  ...post(s3('Planning'), '/rest/planning/suggest', '/rest/planning/save'),
  ...del(s3('Planning'), '/rest/planning/{id}'),
  ...get(
    s3('CHA'),
    ...['delivery-types', 'search', '{id}', '{id}/allocation', 'equipments'].map(
      (path) => `/rest/enterprise/cha/${path}`,
    ),
  ),
  ...post(s3('CHA'), '/rest/enterprise/cha/{id}/allocation'),
  ...put(s3('CHA'), '/rest/enterprise/cha/{id}/allocation/{allocId}', '/rest/enterprise/cha/{id}/contacts'),
  ...get(s3('Configuration'), '/rest/configuration/load'),
  ...post(s3('Configuration'), '/rest/configuration'),
  ...del(s3('Configuration'), '/rest/configuration/{id}'),
  ...get(
    s3('Master data (GET)'),
    ...[
      'liner-infos',
      'container-processes',
      'container-sizes',
      'container-types',
      'liners',
      'categories',
      'customers',
      'chas/activity/{x}',
      'cha/{id}/activity/{x}',
      'delivery-modes',
      'yard-locations',
      'yard-zones',
      'shifts',
      'cargo-types',
      'machine-types',
      'machine-statuses',
      'roles',
      'deviceIds',
      'activity-groups',
      'activities',
      'reader-types',
    ].map((path) => `/rest/${path}`),
  ),
  ...get(
    s3('Yard inventory'),
    ...['containers', 'containers/{area}', 'igm-containers/{igm}', 'load', 'container/{n}', 'location/{n}'].map(
      (path) => `/rest/yard/${path}`,
    ),
  ),
  ...post(
    s3('Yard inventory'),
    ...['updateLocation', 'merge-slots', 'split-slots', 'split-area', 'bulk-location'].map(
      (path) => `/rest/yard/${path}`,
    ),
  ),
  ...get(s3('Surveys'), '/rest/surveys/{containerNumber}'),
  ...post(s3('Surveys'), '/rest/surveys/email'),
  // spec 1 §7
  ...get('spec 1 §7 Startup', '/rest/yard/layout', '/rest/metadata'),
  ...post(
    'spec 1 §7 File uploads',
    '/rest/enterprise/batch/dispatch',
    '/rest/enterprise/batch/gate-in',
    '/rest/enterprise/batch/sync',
  ),
  ...get('spec 1 §7 File uploads (gate images)', '/rest/enterprise/gate/{path}'),
  // spec 2 §7 (the one call it gives a path)
  ...get('spec 2 §7 Current user', '/rest/user'),
];

// Calls left to other open work of issue 22 (each is that work's to add; remove a line when it lands).
export const SPEC_CALLS_ELSEWHERE: Readonly<Record<string, string>> = {};

// Where the product answers a spec call under a path of its own shape: the gate images the spec
// serves "from rest/enterprise/gate/{path}" are the stored camera frames, below `frames/`.
export const SPEC_CALLS_SERVED_AS: Readonly<Record<string, string>> = {
  'GET /rest/enterprise/gate/{path}': 'GET /rest/enterprise/gate/frames/*',
};

// `GET /rest/roles/{x}` and `GET /rest/roles/:x` alike → `GET /rest/roles/{}` (a trailing wildcard,
// Fastify's `*` or OpenAPI's `{*}`, likewise).
export function specCallKey(method: string, path: string): string {
  return `${method} ${path.replace(/\{[^}]+\}|:[A-Za-z0-9_]+|\*$/g, '{}')}`;
}
