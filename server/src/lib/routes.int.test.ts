import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCallError,
  isRouteSpec,
  routes,
  SPEC_CALLS,
  SPEC_CALLS_ELSEWHERE,
  SPEC_CALLS_SERVED_AS,
  specCallKey,
} from '@openyard/contracts';
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
// The camera upload is registered only with an OCR queue to take the frames (ocr.int.test.ts).
const uploads = new Set<string>(Object.values(routes.cameras).map((route) => route.path));

describe('the route catalogue', () => {
  it('is what the server answers: every declared call is registered with its access and feature', () => {
    for (const route of declared.filter(({ path }) => !uploads.has(path))) {
      const entry = t.app.routeTable.find((row) => row.method === route.method && row.url === route.path);
      expect(entry, `${route.method} ${route.path}`).toBeDefined();
      expect(entry!.access).toEqual(route.access);
    }
  });

  it('declares every REST call the server answers: no /rest route outside the catalogue', () => {
    const rest = t.app.routeTable.filter((row) => row.url.startsWith('/rest/'));
    expect(rest.length).toBeGreaterThan(0);
    const undeclared = rest.filter(
      (row) => !declared.some((route) => route.method === row.method && route.path === row.url),
    );
    expect(undeclared.map((row) => `${row.method} ${row.url}`)).toEqual([]);
  });

  it('answers every call of the specification (spec 3 §7, specs 1 and 2 §7), but those of other open work', () => {
    const answered = new Set(t.app.routeTable.map((row) => specCallKey(row.method, row.url)));
    const elsewhere = new Set(Object.keys(SPEC_CALLS_ELSEWHERE));
    const unanswered = SPEC_CALLS.map((call) => `${call.method} ${call.path}`)
      .filter((call) => !elsewhere.has(call))
      .map((call) => SPEC_CALLS_SERVED_AS[call] ?? call)
      .filter((call) => !answered.has(specCallKey(...(call.split(' ') as [string, string]))));
    expect(unanswered).toEqual([]);
  });

  it('declares every route in the OpenAPI document, with its method', async () => {
    const response = await t.app.inject({ url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    const documented = new Set(
      Object.entries(paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => specCallKey(method.toUpperCase(), path)),
      ),
    );
    // The camera upload is documented where it is registered (with an OCR queue, ocr.int.test.ts).
    const undocumented = declared
      .filter(({ path }) => !uploads.has(path))
      .map((route) => `${route.method} ${route.path}`)
      .filter((call) => !documented.has(specCallKey(...(call.split(' ') as [string, string]))));
    expect(undocumented).toEqual([]);
  });

  it('declares each call once: no two declarations share a method and path', () => {
    const keys = declared.map((route) => `${route.method} ${route.path}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
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

  it('switches off every call declared with the feature, whatever the call', async () => {
    const smartGate = declared.filter((route) => route.feature === 'smartGateEnabled' && !uploads.has(route.path));
    expect(smartGate.length).toBeGreaterThan(5);
    for (const route of smartGate) {
      const response = await t.app.inject({
        method: route.method,
        url: route.path.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, '1/2026-01-01/a.jpg'),
        headers: superadmin.auth,
      });
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'LOCKED_FEATURE', message: messages.smartGateDisabled });
    }
  });
});
