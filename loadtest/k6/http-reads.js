// The yard screens' reads at a paced rate each, with GET /rest/health as the baseline, as
// bench/inventory.ts and bench/tasks.ts offer them with loadtest/node/paced.ts:
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e RATE=250 -e SECONDS=30 loadtest/k6/http-reads.js
// Per-flow latency is tagged `flow`; thresholds fail the run on errors or a slow p95.
import http from 'k6/http';
import { check } from 'k6';
import { BASE_URL, bearer, login, paced } from './lib.js';

const RATE = Number(__ENV.RATE || 250);
const SECONDS = Number(__ENV.SECONDS || 30);
// Container numbers to look up and search (the demo yard's unless given, comma-separated).
const NUMBERS = (__ENV.CONTAINERS || 'MSCU1234565,TGHU9876543,CMAU4567890').split(',');

export const options = {
  scenarios: {
    health: paced('health', RATE, SECONDS),
    grid: paced('grid', RATE, SECONDS),
    lookup: paced('lookup', RATE, SECONDS),
    search: paced('search', RATE, SECONDS),
    tasks: paced('tasks', RATE, SECONDS),
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{flow:health}': ['p(95)<100'],
    'http_req_duration{flow:lookup}': ['p(95)<200'],
  },
};

export function setup() {
  return login();
}

const get = (session, flow, path) => {
  const response = http.get(`${BASE_URL}${path}`, { ...bearer(session.token), tags: { flow } });
  check(response, { [`${flow} 200`]: (r) => r.status === 200 });
};

const pick = () => NUMBERS[Math.floor(Math.random() * NUMBERS.length)];

export function health(session) {
  get(session, 'health', '/rest/health');
}
export function grid(session) {
  get(session, 'grid', '/rest/yard/grid?includePlanned=true');
}
export function lookup(session) {
  get(session, 'lookup', `/rest/yard/container/${pick()}`);
}
export function search(session) {
  get(session, 'search', `/rest/enterprise/containers?skip=1&limit=15&searchText=${pick()}`);
}
export function tasks(session) {
  get(session, 'tasks', '/rest/tasks?skip=0&limit=15&includeCompleted=false&sortBy=generateDate&sortOrder=desc');
}
