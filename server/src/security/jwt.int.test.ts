import { createHmac, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Session tokens (issue 23): a token is the server's HS256 signature over { sid, uid } and names a
// session the database still holds. Nothing else is taken: no other algorithm, no unsigned token,
// no other key, no lapsed expiry, no claim changed after signing, no session of another user.

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let superadmin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  superadmin = await t.login('superadmin');
});
afterAll(() => t.close());

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const partsOf = (token: string) => {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
    signature,
  };
};
const unsigned = (header: object, payload: object) =>
  `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
const hs256 = (header: object, payload: object, key: string | Buffer) => {
  const body = unsigned(header, payload);
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
};

const statusWith = async (token: string, via: 'bearer' | 'cookie' = 'bearer') =>
  (
    await t.app.inject({
      url: '/rest/enterprise/users',
      headers: via === 'bearer' ? { authorization: `Bearer ${token}` } : { cookie: `openyard_session=${token}` },
    })
  ).statusCode;

describe('session tokens', () => {
  it('takes the token the server signed', async () => {
    expect(await statusWith(admin.token)).toBe(200);
    expect(await statusWith(admin.token, 'cookie')).toBe(200);
  });

  it('refuses an unsigned token (alg none), by header and by cookie', async () => {
    const { payload } = partsOf(admin.token);
    for (const alg of ['none', 'None', 'NONE']) {
      const token = `${unsigned({ alg, typ: 'JWT' }, payload)}.`;
      expect(await statusWith(token)).toBe(401);
      expect(await statusWith(token, 'cookie')).toBe(401);
      expect(await statusWith(token.slice(0, -1))).toBe(401);
    }
  });

  it('refuses a token signed with another algorithm or key (RS256, HS512, HS256 with a guessed secret)', async () => {
    const { payload } = partsOf(admin.token);
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const body = unsigned({ alg: 'RS256', typ: 'JWT' }, payload);
    const rs256 = `${body}.${createSign('RSA-SHA256').update(body).sign(privateKey).toString('base64url')}`;
    expect(await statusWith(rs256)).toBe(401);
    // Algorithm confusion: the public key's text used as an HMAC secret.
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' });
    expect(await statusWith(hs256({ alg: 'HS256', typ: 'JWT' }, payload, publicPem))).toBe(401);
    for (const secret of ['secret', '', 'openyard', randomBytes(32).toString('hex')])
      expect(await statusWith(hs256({ alg: 'HS256', typ: 'JWT' }, payload, secret))).toBe(401);
    const hs512Body = unsigned({ alg: 'HS512', typ: 'JWT' }, payload);
    expect(
      await statusWith(`${hs512Body}.${createHmac('sha512', 'secret').update(hs512Body).digest('base64url')}`),
    ).toBe(401);
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const { header, payload, signature } = partsOf(admin.token);
    const forged = `${unsigned(header, { ...payload, uid: superadmin.userId })}.${signature}`;
    expect(await statusWith(forged)).toBe(401);
    const longer = `${unsigned(header, { ...payload, exp: Math.floor(Date.now() / 1000) + 10 * 365 * 86_400 })}.${signature}`;
    expect(await statusWith(longer)).toBe(401);
    expect(await statusWith(`${admin.token}x`)).toBe(401);
    expect(await statusWith(admin.token.split('.').slice(0, 2).join('.'))).toBe(401);
  });

  it('refuses an expired token even when the server signed it and the session is open', async () => {
    const { payload } = partsOf(admin.token);
    const expired = t.app.jwt.sign({
      sid: payload.sid,
      uid: payload.uid,
      iat: Math.floor(Date.now() / 1000) - 7_200,
      exp: Math.floor(Date.now() / 1000) - 3_600,
    });
    expect(await statusWith(expired)).toBe(401);
    const notYet = t.app.jwt.sign({ sid: payload.sid, uid: payload.uid }, { notBefore: 3_600 });
    expect(await statusWith(notYet)).toBe(401);
  });

  it('refuses a signed token that pairs one session with another user, or names no open session', async () => {
    const { payload } = partsOf(admin.token);
    expect(await statusWith(t.app.jwt.sign({ sid: payload.sid, uid: superadmin.userId }))).toBe(401);
    expect(
      await statusWith(t.app.jwt.sign({ sid: '00000000-0000-0000-0000-000000000000', uid: superadmin.userId })),
    ).toBe(401);
    expect(await statusWith(t.app.jwt.sign({ uid: superadmin.userId }))).toBe(401);
    const operator = await t.login('operator');
    await operator.api.auth.logout();
    expect(await statusWith(operator.token)).toBe(401);
  });
});
