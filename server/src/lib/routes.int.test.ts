import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCallError, isRouteSpec, routes } from '@openyard/contracts';
import { messages } from '@openyard/contracts';
import { createTestApp, type TestApp } from '../test/test-app';
import { addContainer, containerNumber } from '../test/yard-fixtures';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_SMART_GATE: 'false' } });
  superadmin = await t.login('superadmin');
});
afterAll(() => t.close());

const declared = Object.values(routes).flatMap((group) => Object.values(group).filter(isRouteSpec));

describe('the route catalogue', () => {
  it('is what the server answers: every declared call is registered with its access', () => {
    for (const route of declared) {
      const entry = t.app.routeTable.find((row) => row.method === route.method && row.url === route.path);
      expect(entry, `${route.method} ${route.path}`).toBeDefined();
      expect(entry!.access).toEqual(route.access);
    }
  });

  it('calls through the typed client: params filled, query sent, answers decoded', async () => {
    const number = containerNumber('TCLU');
    await addContainer(t, superadmin.auth, { containerNumber: number });
    const container = await superadmin.api.containers.get({ params: { n: number } });
    expect(container.containerNumber).toBe(number);
    const page = await superadmin.api.containers.inYard({ query: { searchText: number } });
    expect(page.entities.map((row) => row.containerNumber)).toEqual([number]);
  });

  it('adds the common error answers: a refusal arrives in the one error shape', async () => {
    const refused = await superadmin.api.containers
      .get({ params: { n: 'NOPE1234567' } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiCallError);
    expect((refused as ApiCallError).status).toBe(404);
    expect((refused as ApiCallError).message).toBeTruthy();
    const anonymous = await t.api.containers.get({ params: { n: 'NOPE1234567' } }).catch((error: unknown) => error);
    expect((anonymous as ApiCallError).status).toBe(401);
  });
});

describe('feature switches, checked in one place', () => {
  it('refuses a route whose feature is off with the feature words', async () => {
    const switched = t.app.routeTable.find((row) => row.url === '/rest/enterprise/gate/ocr/count');
    expect(switched).toBeDefined();
    const response = await t.app.inject({
      method: 'GET',
      url: '/rest/enterprise/gate/ocr/count?gateId=1',
      headers: superadmin.auth,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'LOCKED_FEATURE', message: messages.smartGateDisabled });
  });
});
