import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sessions } from './sessions.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const withCookie = (cookie: string, extra: Record<string, string> = {}) => ({
  cookie: `openyard_session=${cookie}`,
  ...extra,
});

describe('login', () => {
  it('answers every demo user with role, landing page and permissions, and sets an httpOnly SameSite cookie', async () => {
    for (const username of ['superadmin', 'admin', 'operator', 'manager', 'gatein', 'gateout']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/rest/login',
        payload: { username, password: 'demo' },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{
        role: string;
        userName: string;
        landingPage: string;
        token: string;
        permissions: object;
      }>();
      expect(body).toMatchObject({ role: username, userName: username });
      expect(body.landingPage).toMatch(/^\//);
      expect(body.token.split('.')).toHaveLength(3);
      const cookie = response.cookies.find((c) => c.name === 'openyard_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    }
  });

  it('accepts the username in any case', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/login',
      payload: { username: 'OPERATOR', password: 'demo' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same 401 message', async () => {
    for (const payload of [
      { username: 'admin', password: 'wrong' },
      { username: 'nobody-here', password: 'demo' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/rest/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Invalid username or password' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('rejects a malformed body with a 400 naming the field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/rest/login', payload: { username: 'admin' } });
    expect(response.statusCode).toBe(400);
    // In words, on the field it is about (never the schema's text).
    expect(response.json()).toMatchObject({ field: 'password', message: 'Password is required' });
  });
});

describe('session', () => {
  it('GET /rest/user answers the user of a cookie or a bearer token, and 401 without one', async () => {
    const session = await t.login('manager');
    const byCookie = await t.app.inject({ url: '/rest/user', headers: withCookie(session.cookie) });
    expect(byCookie.json()).toMatchObject({ userName: 'manager', role: 'manager' });
    const byToken = await t.app.inject({ url: '/rest/user', headers: session.auth });
    expect(byToken.json()).toMatchObject({ userName: 'manager' });
    expect((await t.app.inject({ url: '/rest/user' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/rest/user', headers: { authorization: 'Bearer not.a.jwt' } })).statusCode).toBe(
      401,
    );
  });

  it('logout (POST) ends the session: a replayed cookie or token gets 401', async () => {
    const session = await t.login('operator');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/rest/user/logout',
      headers: { ...withCookie(session.cookie), origin: 'http://localhost:80' },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ responsestatus: 'loggedOut' });
    expect(logout.cookies.find((c) => c.name === 'openyard_session')?.value).toBe('');
    expect((await t.app.inject({ url: '/rest/user', headers: withCookie(session.cookie) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/rest/user', headers: session.auth })).statusCode).toBe(401);
  });

  it("the spec's GET logout works from this site and is refused to another site's page", async () => {
    const session = await t.login('operator');
    const crossSite = await t.app.inject({
      url: '/rest/user/logout',
      headers: { ...withCookie(session.cookie), 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const foreign = await t.app.inject({
      url: '/rest/user/logout',
      headers: { ...withCookie(session.cookie), origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/rest/user', headers: withCookie(session.cookie) })).statusCode).toBe(200);
    const own = await t.app.inject({
      url: '/rest/user/logout',
      headers: { ...withCookie(session.cookie), 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/rest/user', headers: withCookie(session.cookie) })).statusCode).toBe(401);
  });

  it('expires a session idle for longer than sessionExpireInIdleMins', async () => {
    const session = await t.login('admin');
    expect((await t.app.inject({ url: '/rest/user', headers: session.auth })).statusCode).toBe(200);
    const idle = t.config.yard.sessionExpireInIdleMins + 1;
    await t.db.update(sessions).set({ lastSeenAt: sql`now() - make_interval(mins => ${idle})` });
    await t.accessSettled();
    const response = await t.app.inject({ url: '/rest/user', headers: session.auth });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Your session has expired, please log in again' });
    // An ended session stays ended even once the clock is set back.
    await t.db.update(sessions).set({ lastSeenAt: sql`now()` });
    await t.accessSettled();
    expect((await t.app.inject({ url: '/rest/user', headers: session.auth })).statusCode).toBe(401);
  });

  it('a session active within the idle limit stays valid', async () => {
    const session = await t.login('admin');
    const within = t.config.yard.sessionExpireInIdleMins - 1;
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - make_interval(mins => ${within})` })
      .where(sql`${sessions.endedAt} is null`);
    expect((await t.app.inject({ url: '/rest/user', headers: session.auth })).statusCode).toBe(200);
  });

  it('GET /rest/health is public and adds the user when a session comes with it', async () => {
    const anonymous = await t.app.inject({ url: '/rest/health' });
    expect(anonymous.json()).toMatchObject({ status: 'ok', database: t.databaseKind });
    expect(anonymous.json()).not.toHaveProperty('role');
    const session = await t.login('gatein');
    const withUser = await t.app.inject({ url: '/rest/health', headers: session.auth });
    expect(withUser.json()).toMatchObject({ role: 'gatein', userName: 'gatein', landingPage: '/gate' });
  });
});
