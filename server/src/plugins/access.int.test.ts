import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAccess } from '@openyard/contracts';
import { createTestApp, createUserWithPermissions, type TestApp } from '../test/test-app';
import { accessPlugin } from './access';
import type { AuthService } from '../modules/auth';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let nobody: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  // A role with every permission off: anything beyond "logged in" must be refused to it.
  nobody = await createUserWithPermissions(t, superadmin.auth, 'nobody', {});
});
afterAll(() => t.close());

const concrete = (url: string) =>
  url
    .replace(/:id\b/g, '1')
    .replace(/:x\b/g, 'nobody')
    .replace(/:token\b/g, '00000000-0000-0000-0000-000000000000')
    .replace(/:fileName\b/g, 'x.xlsx');
const methodOf = (method: string) => method as 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('permission matrix, generated from the route table', () => {
  it('knows the routes of this issue', () => {
    const urls = t.app.routeTable.map((route) => `${route.method} ${route.url}`);
    for (const expected of [
      'POST /rest/login',
      'GET /rest/enterprise/users',
      'PUT /rest/enterprise/roles/permissions',
      'GET /rest/yard/layout',
      'GET /rest/liner-infos',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('answers 401 to an anonymous caller on every non-public route', async () => {
    for (const route of t.app.routeTable.filter((entry) => !isPublicAccess(entry.access))) {
      const response = await t.app.inject({
        method: methodOf(route.method),
        url: concrete(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 on every route that needs a permission, role or create/update right the user lacks', async () => {
    const guarded = t.app.routeTable.filter(
      (entry) => !isPublicAccess(entry.access) && (entry.access.flag || entry.access.roles || entry.access.write),
    );
    expect(guarded.length).toBeGreaterThan(8);
    for (const route of guarded) {
      const response = await t.app.inject({
        method: methodOf(route.method),
        url: concrete(route.url),
        headers: nobody.auth,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets a logged-in user without permissions through routes that need only a session', async () => {
    const open = t.app.routeTable.filter(
      (entry) =>
        !isPublicAccess(entry.access) &&
        !entry.access.flag &&
        !entry.access.roles &&
        !entry.access.write &&
        entry.method === 'GET',
    );
    for (const route of open) {
      const response = await t.app.inject({ url: concrete(route.url), headers: nobody.auth });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(response.statusCode);
    }
  });

  it('keeps the operator, manager, gate and kiosk roles out of admin routes', async () => {
    for (const username of ['operator', 'manager', 'gatein', 'gateout', 'kiosk']) {
      const session = username === 'kiosk' ? await t.loginWithToken('kiosk') : await t.login(username);
      for (const [method, url] of [
        ['GET', '/rest/enterprise/users'],
        ['POST', '/rest/enterprise/users'],
        ['GET', '/rest/enterprise/roles'],
        ['PUT', '/rest/enterprise/roles/permissions'],
        ['GET', '/rest/enterprise/users/export'],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: session.auth,
          payload: method === 'GET' ? undefined : {},
        });
        expect(response.statusCode, `${username} ${method} ${url}`).toBe(403);
      }
    }
  });
});

const NO_FEATURES = {
  enterpriseVersion: false,
  planningEngineEnabled: false,
  smartGateEnabled: false,
  smartTransportEnabled: false,
  chaVehicleEnabled: false,
};

describe('route declarations', () => {
  it('refuses to start with a route that declares no access', async () => {
    const app = Fastify();
    await app.register(cookie);
    await app.register(jwt, { secret: 'x'.repeat(32) });
    await app.register(accessPlugin, { auth: {} as AuthService, allowedOrigins: [], features: NO_FEATURES });
    await expect(
      app.register(async (child) => {
        child.get('/rest/forgotten', () => 'oops');
      }),
    ).rejects.toThrow('Route GET /rest/forgotten declares no access');
    await app.close().catch(() => undefined);
  });
});
