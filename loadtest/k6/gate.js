// The gate clerk's transactions at a paced rate, as the yard-day scenario's gate flows
// (loadtest/node/yard-day.ts) and bench:gate offer them: each iteration gates a container in
// (POST gate/containers, a single 20 ft box on a trailer) and then dispatches it (GET gate/dispatch).
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e GATE_ID=1 -e RATE=5 -e SECONDS=60 loadtest/k6/gate.js
// GATE_ID is the gate the clerk works (a lane of the yard); OWNER (KSXU) and SERIAL_BASE (0) make
// the container numbers: OWNER + a six-digit serial + its ISO 6346 check digit, the serial being
// SERIAL_BASE + the iteration's number in the test, so a second run takes another SERIAL_BASE.
// Per-flow latency is tagged `flow` (gateIn, dispatch); thresholds fail the run on failed requests,
// refused transactions or a gate transaction p99 over 200 ms (issue 23's target).
import http from 'k6/http';
import exec from 'k6/execution';
import { check } from 'k6';
import { Rate } from 'k6/metrics';
import { BASE_URL, bearer, login, paced } from './lib.js';

const RATE = Number(__ENV.RATE || 5);
const SECONDS = Number(__ENV.SECONDS || 60);
const GATE_ID = Number(__ENV.GATE_ID || 1);
const OWNER = (__ENV.OWNER || 'KSXU').toUpperCase();
const SERIAL_BASE = Number(__ENV.SERIAL_BASE || 0);

const refused = new Rate('openyard_gate_refused');

export const options = {
  scenarios: { gate: paced('gate', RATE, SECONDS) },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    openyard_gate_refused: ['rate<0.01'],
    'http_req_duration{flow:gateIn}': ['p(99)<200'],
    'http_req_duration{flow:dispatch}': ['p(99)<200'],
  },
};

export function setup() {
  return login();
}

// ISO 6346: letters count 10… skipping multiples of 11, each character weighted 2^position.
function checkDigit(first10) {
  let sum = 0;
  for (let position = 0; position < 10; position += 1) {
    const character = first10[position];
    let value;
    if (position < 4) {
      value = 10;
      for (let code = 65; code < character.charCodeAt(0); code += 1) {
        value += 1;
        if (value % 11 === 0) value += 1;
      }
    } else value = Number(character);
    sum += value * 2 ** position;
  }
  return (sum % 11) % 10;
}

const containerNumber = (serial) => {
  const first10 = `${OWNER}${String(serial % 1e6).padStart(6, '0')}`;
  return `${first10}${checkDigit(first10)}`;
};
const requestId = (kind, serial) => `k6-${kind}-${serial}-${Date.now()}`;
const eightDigits = (value) => String(value % 1e8).padStart(8, '0');

export function gate(session) {
  const serial = SERIAL_BASE + exec.scenario.iterationInTest;
  const number = containerNumber(serial);
  const trailerNumber = `K6T${serial}`;
  const params = (flow) => ({
    headers: { ...bearer(session.token).headers, 'content-type': 'application/json' },
    tags: { flow },
  });
  const gateIn = http.post(
    `${BASE_URL}/rest/enterprise/gate/containers`,
    JSON.stringify({
      requestId: requestId('in', serial),
      gateId: GATE_ID,
      mode: 'single',
      container1Data: {
        containerNumber: number,
        tagId: eightDigits(60_000_000 + serial),
        containerSize: '20',
        containerType: 'Dry (GP)',
        gateInPurpose: 'Import',
      },
      trailerNumber,
      trailerTag1: eightDigits(80_000_000 + serial),
    }),
    params('gateIn'),
  );
  const gatedIn = gateIn.status === 200 && gateIn.json('responsestatus') === 'success';
  refused.add(!gatedIn);
  check(gateIn, { 'gate-in success': () => gatedIn });
  if (!gatedIn) return;
  const query = [
    ['requestId', requestId('out', serial)],
    ['gateId', GATE_ID],
    ['containerNumber', number],
    ['containerSize', '20'],
    ['exitProcess', 'Delivery'],
    ['trailerNumber', trailerNumber],
    ['dispatchTime', Date.now()],
  ]
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
  const dispatch = http.get(`${BASE_URL}/rest/enterprise/gate/dispatch?${query}`, params('dispatch'));
  const dispatched = dispatch.status === 200 && dispatch.json('dispatched') === true;
  refused.add(!dispatched);
  check(dispatch, { dispatched: () => dispatched });
}
