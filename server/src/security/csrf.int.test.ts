import pino from 'pino';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, routes, type RouteSpec } from '@openyard/contracts';
import { createMemoryQueue } from '../adapters/queue';
import { listenOnLoopback } from '../test/live-socket';
import { changedTables, rowCounter } from '../test/row-counts';
import { createTestApp, type TestApp } from '../test/test-app';

// Cross-site requests (issue 23): a page of another site can make a browser send the session
// cookie, but not forge the Origin. Every state-changing route of the catalogue (POST, PUT, PATCH,
// DELETE, and the GETs declared `changesState`) refuses a cookie-borne request from another origin,
// and one with no Origin that the browser did not mark same-origin (an old browser's foreign
// Referer, a cross-site Sec-Fetch-Site); the public ones refuse a foreign Origin without a cookie
// too (login CSRF). The access plugin checks before the body is read, so no refused request writes
// a row. The websocket refuses an upgrade from another origin.

const FOREIGN = 'https://evil.example';
const HOST = 'yard.local';

const stateChanging: [string, RouteSpec][] = Object.entries(routes)
  .flatMap(([group, declared]) =>
    Object.entries(declared).map(([name, route]) => [`${group}.${name}`, route as RouteSpec] as [string, RouteSpec]),
  )
  .filter(([, route]) => route.method !== 'GET' || route.changesState === true);

// A concrete URL for a declared path: every parameter 1, a wildcard one plain segment.
const urlOf = (route: RouteSpec) => route.path.replace(/:[A-Za-z]+/g, '1').replace('*', 'x.jpg');

let t: TestApp;
let cookie: string;
let countRows: Awaited<ReturnType<typeof rowCounter>>;

beforeAll(async () => {
  // With an OCR queue, so the cameras' frame upload is registered too.
  t = await createTestApp({ ocrQueue: createMemoryQueue({ logger: pino({ level: 'silent' }) }) });
  cookie = `openyard_session=${(await t.login('superadmin')).cookie}`;
  countRows = await rowCounter(t.db);
});
afterAll(() => t?.close());

describe('cross-site requests on every state-changing route', () => {
  it('knows the routes it checks', () => {
    // The catalogue has dozens of changes; an empty list would make the checks below vacuous.
    expect(stateChanging.length).toBeGreaterThan(50);
    expect(stateChanging.map(([name]) => name)).toContain('auth.logoutGet');
  });

  const variants: [string, Record<string, string>][] = [
    ['a foreign Origin with the cookie', { cookie, origin: FOREIGN }],
    ['no Origin and a foreign Referer with the cookie', { cookie, referer: `${FOREIGN}/attack.html` }],
    ['no Origin and a cross-site Sec-Fetch-Site with the cookie', { cookie, 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin without any session (login CSRF, public calls)', { origin: FOREIGN }],
    ['an Origin that only starts like this site', { cookie, origin: `http://${HOST}.evil.example` }],
  ];
  it.each(variants)('refuses %s, and writes nothing', async (_label, variantHeaders) => {
    // The cookie is read at run time (beforeAll has set it by then).
    const headers: Record<string, string> = { ...variantHeaders, host: HOST };
    if ('cookie' in variantHeaders) headers.cookie = cookie;
    const before = await countRows();
    const wrongly: string[] = [];
    for (const [name, route] of stateChanging) {
      const response = await t.app.inject({
        method: route.method,
        url: urlOf(route),
        headers: { ...headers, 'content-type': 'application/json' },
        payload: route.method === 'GET' ? undefined : '{}',
      });
      const body = response.json<{ code?: string; message?: string }>();
      if (response.statusCode !== 403 || body.code !== 'CROSS_SITE' || body.message !== messages.crossSiteRequest)
        wrongly.push(`${name} ${route.method} ${route.path}: ${response.statusCode} ${body.code ?? ''}`);
    }
    // A request without cookie nor Origin is not a browser's cross-site one: public routes take it.
    expect(wrongly).toEqual([]);
    expect(changedTables(before, await countRows())).toEqual([]);
    // The session the requests carried is still open: a refused logout did not end it.
    expect((await t.app.inject({ url: '/rest/user', headers: { cookie } })).statusCode).toBe(200);
  });

  it('takes the same cookie-borne change from this site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/user/logout',
      headers: { cookie: `openyard_session=${(await t.login('admin')).cookie}`, origin: `http://${HOST}`, host: HOST },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('cross-site websocket', () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await listenOnLoopback(t);
  });

  // The upgrade's answer: the HTTP status of a refusal, or 101 when the socket opened.
  const upgrade = (headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, { headers });
      socket.once('open', () => {
        socket.close();
        resolve(101);
      });
      socket.once('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.once('error', (error) => reject(error));
    });

  it('refuses an upgrade from another origin, or with the cookie and no Origin', async () => {
    expect(await upgrade({ cookie, origin: FOREIGN })).toBe(403);
    expect(await upgrade({ cookie, origin: 'null' })).toBe(403);
    expect(await upgrade({ cookie })).toBe(403);
    // Without a session it is refused as unauthenticated, whichever check speaks first.
    expect([401, 403]).toContain(await upgrade({ origin: FOREIGN }));
  });

  it('opens one from this site', async () => {
    expect(await upgrade({ cookie, origin: baseUrl })).toBe(101);
  });
});
