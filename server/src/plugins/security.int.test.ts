import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GateSaved } from '@openyard/contracts';
import { createMemoryQueue } from '../adapters/queue';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const cookieHeaders = (session: { cookie: string }, extra: Record<string, string> = {}) => ({
  cookie: `openyard_session=${session.cookie}`,
  ...extra,
});

describe('cross-site request protection', () => {
  const roleIdOf = async () =>
    (await t.app.inject({ url: '/rest/roles', headers: admin.auth }))
      .json<{ id: number; name: string }[]>()
      .find((r) => r.name === 'operator')!.id;

  it('refuses a cookie-authenticated change from another origin, or with no origin at all', async () => {
    const payload = { username: 'csrf-victim', password: 'p', confirmPassword: 'p', role: { id: await roleIdOf() } };
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/users',
      headers: cookieHeaders(admin, { origin: 'https://evil.example', host: 'yard.local' }),
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ message: 'Cross-site request refused' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/users',
      headers: cookieHeaders(admin),
      payload,
    });
    expect(none.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/users',
      headers: cookieHeaders(admin, { origin: 'http://yard.local', host: 'yard.local' }),
      payload,
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses a login posted from another site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/login',
      headers: { origin: 'https://evil.example', host: 'yard.local' },
      payload: { username: 'admin', password: 'demo' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('login rate limit', () => {
  it('limits attempts per address, and a forged X-Forwarded-For does not reset it', async () => {
    const limited = await createTestApp({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3' }, demo: true });
    try {
      const attempt = (forwardedFor: string, username = 'admin') =>
        limited.app.inject({
          method: 'POST',
          url: '/rest/login',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { username, password: 'wrong' },
        });
      const statuses = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await attempt(`10.0.0.${i}`, `user-${i}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const blocked = await attempt('192.0.2.77');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ message: 'Too many login attempts, please wait a minute and try again' });
    } finally {
      await limited.close();
    }
  });

  it('locks an account only for the address that failed: the right password gets through from another', async () => {
    const limited = await createTestApp({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' }, demo: true });
    try {
      const attempt = (address: string, password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/rest/login',
          headers: { 'x-forwarded-for': address },
          payload: { username: 'Admin', password },
        });
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await attempt('198.51.100.1', 'wrong')).statusCode);
      expect(statuses).toEqual([401, 401, 401]);
      // The guessing address stays locked out, even with the right password...
      expect((await attempt('198.51.100.1', 'demo')).statusCode).toBe(429);
      // ...while the owner, elsewhere, signs in, and a wrong password there is only wrong.
      expect((await attempt('203.0.113.9', 'demo')).statusCode).toBe(200);
      expect((await attempt('192.0.2.10', 'wrong')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('API rate limit', () => {
  it('counts requests the access check or a device login refuses', async () => {
    const limited = await createTestApp({
      env: { API_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' },
      ocrQueue: createMemoryQueue({ logger: pino({ level: 'silent' }) }),
    });
    try {
      const from = (address: string, headers: Record<string, string> = {}) => ({
        'x-forwarded-for': address,
        ...headers,
      });
      const statusesOf = async (count: number, request: () => Promise<{ statusCode: number }>) => {
        const statuses = [];
        for (let i = 0; i < count; i += 1) statuses.push((await request()).statusCode);
        return statuses;
      };
      // No session: 401 until the address has spent its budget.
      expect(
        await statusesOf(4, () => limited.app.inject({ url: '/rest/user', headers: from('198.51.100.20') })),
      ).toEqual([401, 401, 401, 429]);
      // A session without the permission: 403, then 429.
      const operator = await limited.login('operator');
      expect(
        await statusesOf(4, () =>
          limited.app.inject({ url: '/rest/enterprise/users', headers: from('198.51.100.21', operator.auth) }),
        ),
      ).toEqual([403, 403, 403, 429]);
      // Wrong camera passwords on the frame upload (an argon2 check each): 401, then 429.
      const superadmin = await limited.login('superadmin');
      const saved = await limited.app.inject({
        method: 'POST',
        url: '/rest/enterprise/gate',
        headers: from('10.9.9.9', superadmin.auth),
        payload: { name: 'Rate limit gate', type: 'IN', positionLat: 18.95, positionLong: 72.95, camConfig: [] },
      });
      expect(saved.statusCode).toBe(200);
      const gateId = saved.json<GateSaved>().gate.id;
      const wrongPassword = `Basic ${Buffer.from(`camera-${gateId}:wrong`).toString('base64')}`;
      expect(
        await statusesOf(4, () =>
          limited.app.inject({
            method: 'POST',
            url: `/rest/enterprise/gate/${gateId}/camera/Front/frame?messageId=m1`,
            headers: from('198.51.100.22', { authorization: wrongPassword, 'content-type': 'image/jpeg' }),
            payload: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
          }),
        ),
      ).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
    // A yard of its own is seeded for this test: slow on a busy machine.
  }, 120_000);
});

describe('responses', () => {
  it('sends security headers', async () => {
    const response = await t.app.inject({ url: '/rest/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/rest/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Not found' });
  });

  it('publishes the OpenAPI document built from the route schemas', async () => {
    const response = await t.app.inject({ url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/rest/login', '/rest/enterprise/users', '/rest/yard/layout']),
    );
    expect(document.paths['/rest/enterprise/users']).toHaveProperty('post');
  });
});

describe('unexpected errors', () => {
  it('answer 500 without details but with a correlation id that is in the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { buildApp } = await import('../app');
    const { randomBytes } = await import('node:crypto');
    const app = (
      await buildApp({
        config: t.config,
        database: {
          db: t.db,
          kind: t.databaseKind,
          notifications: t.notifications,
          pool: () => ({ size: 1, busy: 0 }),
          close: async () => undefined,
        },
        jwtSecret: randomBytes(32).toString('hex'),
        logger: { level: 'error', stream },
      })
    ).app;
    app.get('/rest/test-failure', { config: { access: { public: true } } }, () => {
      throw new Error('database password is hunter2');
    });
    const response = await app.inject({ url: '/rest/test-failure' });
    await app.close();
    expect(response.statusCode).toBe(500);
    const body = response.json<{ message: string; correlationId: string }>();
    expect(body.message).toBe('Internal server error');
    expect(response.body).not.toContain('hunter2');
    expect(body.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((line) => line.includes(body.correlationId) && line.includes('hunter2'))).toBe(true);
  });
});
