import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { silentServer } from '../test/silent-server';
import { createTestApp, type TestApp } from '../test/test-app';
import { TEST_SERVICES } from '../test/test-services';

// Rate limits of the public calls (issue 23): the sign-in, the display's token sign-in and the
// public lookups (kiosk tracking link, container status, yard map) are counted per client address
// as the server knows it. Without TRUST_PROXY that is the socket's address: X-Forwarded-For,
// X-Real-IP and Forwarded rotated on every request open no new budget. With TRUST_PROXY only what
// the trusted proxy added counts. With Redis (a scaled set-up) two servers count one budget, and a
// Redis that is down or silent leaves each server counting on its own, never failing a request.

const LIMIT = 3;
const env = {
  LOGIN_RATE_LIMIT_PER_MINUTE: String(LIMIT),
  PUBLIC_RATE_LIMIT_PER_MINUTE: String(LIMIT),
};

interface PublicCall {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
  message: string;
}
const CALLS: PublicCall[] = [
  {
    name: 'sign-in',
    method: 'POST',
    url: '/rest/login',
    payload: { username: 'nobody', password: 'wrong' },
    message: messages.loginRateLimited,
  },
  {
    name: 'display sign-in',
    method: 'POST',
    url: '/rest/display/session',
    payload: { token: 'x'.repeat(43) },
    message: messages.loginRateLimited,
  },
  { name: 'kiosk tracking link', method: 'GET', url: '/rest/track/no-such-token', message: messages.publicRateLimited },
  {
    name: 'container status',
    method: 'GET',
    url: '/rest/enterprise/containers/status?containerNumber=CSQU3054383',
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
    const response = await apps[n % apps.length]!.app.inject({
      method: call.method,
      url: call.url,
      headers: headers(n) as Record<string, string>,
      ...(call.payload ? { payload: call.payload } : {}),
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

  it('counts the shared limits apart from another deployment on the same Redis (REDIS_PREFIX)', async () => {
    const other = await createTestApp({
      env: { ...env, REDIS_URL: TEST_SERVICES.redisUrl, REDIS_PREFIX: `${prefix}-other` },
      demo: false,
    });
    try {
      const answers = await statuses([other], CALLS[0]!, LIMIT, spoofed);
      expect(answers.answers).not.toContain(429);
    } finally {
      await other.close();
    }
  }, 120_000);
});

describe('with a Redis that does not answer', () => {
  it('counts on its own, answering every request', async () => {
    const silent = await silentServer();
    const t = await createTestApp({ env: { ...env, REDIS_URL: silent.url }, demo: false });
    try {
      const call = CALLS[0]!;
      expectLimited(await statuses([t], call, LIMIT + 1, spoofed), call, LIMIT + 1);
    } finally {
      await t.close();
      await silent.close();
    }
  }, 120_000);
});
