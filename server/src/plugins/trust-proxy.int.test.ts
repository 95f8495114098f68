import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Behind a TLS-terminating proxy the server sees plain HTTP from the proxy. With TRUST_PROXY naming
// the proxy (here one hop: the test's own address), X-Forwarded-Proto/Host say what the browser
// used: the session cookie is the Secure __Host- one and the Origin check compares with the
// browser's https origin. Without TRUST_PROXY the same headers are ignored.
const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'yard.example', 'x-forwarded-for': '203.0.113.9' };

let behindProxy: TestApp;
let direct: TestApp;
beforeAll(async () => {
  behindProxy = await createTestApp({ env: { TRUST_PROXY: '1' } });
  direct = await createTestApp();
}, 180_000);
afterAll(async () => {
  await behindProxy?.close();
  await direct?.close();
});

async function login(t: TestApp) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/rest/login',
    headers: proxied,
    payload: { username: 'admin', password: 'demo' },
  });
  expect(response.statusCode).toBe(200);
  return response.cookies;
}

const logout = (t: TestApp, cookie: string, origin: string) =>
  t.app.inject({ method: 'POST', url: '/rest/user/logout', headers: { ...proxied, cookie, origin } });

describe('TRUST_PROXY behind a TLS proxy', () => {
  it('sets the Secure __Host- cookie and checks Origin against the https origin the browser used', async () => {
    const [cookie] = await login(behindProxy);
    expect(cookie).toMatchObject({ name: '__Host-openyard_session', secure: true, httpOnly: true, path: '/' });
    const sent = `__Host-openyard_session=${cookie!.value}`;
    // The browser's origin is https://yard.example: the plain-HTTP one the server sees is not it.
    expect((await logout(behindProxy, sent, 'http://yard.example')).statusCode).toBe(403);
    expect((await logout(behindProxy, sent, 'https://yard.example')).statusCode).toBe(200);
    // The logout ended the session.
    const after = await behindProxy.app.inject({ url: '/rest/user', headers: { ...proxied, cookie: sent } });
    expect(after.statusCode).toBe(401);
  });

  it('ignores the forwarded headers without TRUST_PROXY', async () => {
    const [cookie] = await login(direct);
    expect(cookie).toMatchObject({ name: 'openyard_session' });
    expect(cookie!.secure).toBeFalsy();
    const sent = `openyard_session=${cookie!.value}`;
    expect((await logout(direct, sent, 'https://yard.example')).statusCode).toBe(403);
  });
});
