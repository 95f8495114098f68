import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('limits attempts per account across addresses', async () => {
    const limited = await createTestApp({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'true' }, demo: true });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/rest/login',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { username: 'Admin', password: 'wrong' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
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
        database: { db: t.db, kind: t.databaseKind, notifications: t.notifications, close: async () => undefined },
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
