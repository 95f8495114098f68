// Shared by the k6 scripts: where Openyard is, and a signed-in session (the demo superadmin unless
// OPENYARD_USER / OPENYARD_PASSWORD say otherwise). k6 runs this in its own JavaScript runtime.
import http from 'k6/http';

export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');

// Signs in once (k6's setup()): the bearer token for REST and the session cookie for /ws.
export function login() {
  const response = http.post(
    `${BASE_URL}/rest/login`,
    JSON.stringify({ username: __ENV.OPENYARD_USER || 'superadmin', password: __ENV.OPENYARD_PASSWORD || 'demo' }),
    { headers: { 'content-type': 'application/json' } },
  );
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.body}`);
  const cookie = (response.headers['Set-Cookie'] || '').split(';')[0];
  return { token: response.json('token'), cookie };
}

export const bearer = (token) => ({ headers: { authorization: `Bearer ${token}` } });

// An open-loop scenario (k6's constant-arrival-rate), as the Node runners' paced loads are: the
// schedule does not wait for the server.
export function paced(exec, rate, seconds, startTime = '0s') {
  return {
    executor: 'constant-arrival-rate',
    exec,
    rate,
    timeUnit: '1s',
    duration: `${seconds}s`,
    preAllocatedVUs: Math.max(4, Math.ceil(rate / 10)),
    maxVUs: Math.max(50, rate * 2),
    startTime,
  };
}
