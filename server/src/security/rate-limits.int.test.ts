import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { createTestApp, type TestApp } from '../test/test-app';
import { TEST_SERVICES } from '../test/test-services';

// Rate limits of the public calls (issue 23): the sign-in, the display's token sign-in and the
// public lookups (kiosk tracking link, container status, yard map) are counted per client address
// as the server knows it. Without TRUST_PROXY that is the socket's address: X-Forwarded-For,
// X-Real-IP and Forwarded rotated on every request open no new budget. With TRUST_PROXY only what
// the trusted proxy added counts. With Redis (a scaled set-up) two servers count one budget (a Redis
// that is down or silent: lib/public-limits.int.test.ts).

const LIMIT = 3;
const env = {
  LOGIN_RATE_LIMIT_PER_MINUTE: String(LIMIT),
  PUBLIC_RATE_LIMIT_PER_MINUTE: String(LIMIT),
};

interface PublicCall {
  name: string;
  // Requests of one budget, sent in turn.
  requests: { method: 'GET' | 'POST'; url: string; payload?: object }[];
  message: string;
}
const CALLS: PublicCall[] = [
  {
    name: 'sign-in',
    requests: [{ method: 'POST', url: '/rest/login', payload: { username: 'nobody', password: 'wrong' } }],
    message: messages.loginRateLimited,
  },
  {
    name: 'display sign-in',
    requests: [{ method: 'POST', url: '/rest/display/session', payload: { token: 'x'.repeat(43) } }],
    message: messages.loginRateLimited,
  },
  {
    // One budget per client for all the public lookups together (lib/public-limits.ts).
    name: 'kiosk tracking link and container status',
    requests: [
      { method: 'GET', url: '/rest/track/no-such-token' },
      { method: 'GET', url: '/rest/enterprise/containers/status?containerNumber=CSQU3054383' },
    ],
    message: messages.publicRateLimited,
  },
];

// Headers a client may send to pass for another address, different on every request.
const spoofed = (n: number) => ({
  'x-forwarded-for': `203.0.113.${n}`,
  'x-real-ip': `198.51.100.${n}`,
  forwarded: `for=192.0.2.${n}`,
  'true-client-ip': `192.0.2.${n + 100}`,
});

// Sends `count` requests of the call (through `apps` in turn), each with the headers of its number.
async function statuses(apps: TestApp[], call: PublicCall, count: number, headers: (n: number) => object) {
  const answers: number[] = [];
  const bodies: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const request = call.requests[n % call.requests.length]!;
    const response = await apps[n % apps.length]!.app.inject({
      method: request.method,
      url: request.url,
      headers: headers(n) as Record<string, string>,
      ...(request.payload ? { payload: request.payload } : {}),
    });
    answers.push(response.statusCode);
    bodies.push(response.body);
  }
  return { answers, last: JSON.parse(bodies.at(-1)!) as { message: string } };
}

// What the first LIMIT requests get (whatever the call answers: a refusal, a 404) and then 429s.
const expectLimited = ({ answers, last }: Awaited<ReturnType<typeof statuses>>, call: PublicCall, count: number) => {
  expect(
    answers.slice(0, LIMIT).every((status) => status !== 429),
    `${call.name}: ${answers.join(' ')}`,
  ).toBe(true);
  expect(answers.slice(LIMIT), `${call.name}: ${answers.join(' ')}`).toEqual(Array(count - LIMIT).fill(429));
  expect(last.message).toBe(call.message);
};

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env, demo: false });
  }, 120_000);
  afterAll(() => t?.close());

  it.each(CALLS.map((call) => [call.name, call] as const))(
    '%s: spoofed forwarding headers, new on every request, open no new budget',
    async (_name, call) => {
      expectLimited(await statuses([t], call, LIMIT + 3, spoofed), call, LIMIT + 3);
    },
  );
});

describe('with TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...env, TRUST_PROXY: '1' }, demo: false });
  }, 120_000);
  afterAll(() => t?.close());

  it.each(CALLS.map((call) => [call.name, call] as const))(
    '%s: only the address the proxy added counts, not what the client wrote before it',
    async (_name, call) => {
      // The proxy appends the address it saw to what the client sent: the client's part rotates.
      const viaProxy = (client: string) => (n: number) => ({
        ...spoofed(n),
        'x-forwarded-for': `10.${n}.0.1, 203.0.113.${n}, ${client}`,
      });
      expectLimited(await statuses([t], call, LIMIT + 2, viaProxy('192.0.2.50')), call, LIMIT + 2);
      // Another client behind the same proxy has its own budget.
      const other = await statuses([t], call, 1, viaProxy('192.0.2.51'));
      expect(other.answers).not.toContain(429);
    },
  );
});

describe('with Redis: two servers, one budget', () => {
  const prefix = `oy-limits-test-${randomUUID()}`;
  let servers: TestApp[] = [];
  beforeAll(async () => {
    servers = [
      await createTestApp({ env: { ...env, REDIS_URL: TEST_SERVICES.redisUrl, REDIS_PREFIX: prefix }, demo: false }),
      await createTestApp({ env: { ...env, REDIS_URL: TEST_SERVICES.redisUrl, REDIS_PREFIX: prefix }, demo: false }),
    ];
  }, 180_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it.each(CALLS.map((call) => [call.name, call] as const))(
    '%s: requests spread over both servers share the budget',
    async (_name, call) => {
      expectLimited(await statuses(servers, call, LIMIT + 3, spoofed), call, LIMIT + 3);
    },
  );
});
