import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { defaultPermissions, messages } from '@openyard/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { outcome, testClient } from '../../test/api-client';

// Display tokens (issue 18): an admin makes one, a display exchanges it for a session without a
// password, reads what the wall shows and changes nothing; revoking ends its session and socket.
let t: TestApp;
let baseUrl: string;
let admin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('0.0.0.0', '127.0.0.1');
  admin = await t.login('admin');
});
afterAll(() => t.close());

async function waitFor(condition: () => boolean, limitMs = 5000) {
  const until = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// The display's sign-in as the wall makes it: its cookie and its bearer token.
async function exchange(token: string) {
  const response = await t.app.inject({ method: 'POST', url: '/rest/display/session', payload: { token } });
  const cookie = response.cookies.find((c) => c.name === 'openyard_session');
  return { status: response.statusCode, body: response.json<Record<string, unknown>>(), cookie: cookie?.value ?? '' };
}

describe('display tokens', () => {
  it('are made by an admin, shown once, and listed without the token', async () => {
    const created = await admin.api.displayTokens.create({ body: { name: 'Control room TV 1' } });
    expect(created.token).toMatch(/^oyd_[A-Za-z0-9_-]{43}$/);
    expect(created.displayToken).toMatchObject({ name: 'Control room TV 1', createdBy: 'admin', revokedAt: null });
    const listed = await admin.api.displayTokens.list();
    const entry = listed.find((token) => token.id === created.displayToken.id);
    expect(entry).toBeDefined();
    expect(JSON.stringify(listed)).not.toContain(created.token);
    // A second display of that name while the first is valid is refused.
    const twice = await outcome(admin.api.displayTokens.create({ body: { name: 'control room tv 1' } }));
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ message: messages.displayTokenNameTaken });
  });

  it('are not for operators or anonymous callers', async () => {
    const operator = await t.login('operator');
    expect((await outcome(operator.api.displayTokens.list())).status).toBe(403);
    expect((await outcome(operator.api.displayTokens.create({ body: { name: 'x' } }))).status).toBe(403);
    expect((await outcome(t.api.displayTokens.list())).status).toBe(401);
  });

  it('sign a display in without a password, read-only, with a session that never goes idle', async () => {
    const { token, displayToken } = await admin.api.displayTokens.create({ body: { name: 'Gate office TV' } });
    const signedIn = await exchange(token);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ systemRole: 'display', landingPage: '/wall', sessionExpireInIdleMins: 0 });
    expect(signedIn.cookie).not.toBe('');
    const display = testClient(t.app, { authorization: `Bearer ${String(signedIn.body.token)}` });
    // What the wall reads.
    expect((await outcome(display.inventory.grid({ query: {} }))).status).toBe(200);
    expect((await outcome(display.gates.list())).status).toBe(200);
    expect((await outcome(display.machines.list())).status).toBe(200);
    expect((await outcome(display.gateOperations.trucksInside({ query: {} }))).status).toBe(200);
    // No staff data, and no writes, even with every permission granted to its role.
    expect((await outcome(display.users.page({ query: {} }))).status).toBe(403);
    const superadmin = await t.login('superadmin');
    const roles = await superadmin.api.roles.page({ query: { skip: 1, limit: 100 } });
    const role = roles.roles.find((candidate) => candidate.name === 'display')!;
    const all = Object.fromEntries(
      Object.keys(signedIn.body.permissions as Record<string, boolean>).map((flag) => [flag, true]),
    );
    await superadmin.api.roles.updatePermissions({
      body: { roleId: role.id, landingPage: '/wall', permissions: all },
    });
    try {
      const write = await outcome(
        display.machines.save({ body: { machineName: 'RS-DISPLAY', machineType: 'Reach-Stacker' } }),
      );
      expect(write.status).toBe(403);
      const tokenWrite = await outcome(display.displayTokens.create({ body: { name: 'sneaky' } }));
      expect(tokenWrite.status).toBe(403);
    } finally {
      await superadmin.api.roles.updatePermissions({
        body: { roleId: role.id, landingPage: '/wall', permissions: defaultPermissions('display') },
      });
    }
    // Its account cannot sign in with a password, whatever one it is given.
    const accounts = await superadmin.api.users.page({ query: { skip: 1, limit: 1000 } });
    const account = accounts.users.find((user) => user.role.name === 'display' && user.lastAccess !== null)!;
    expect(account.hidden).toBe(true);
    expect(account.username.startsWith('display:')).toBe(true);
    expect((await outcome(admin.api.users.page({ query: { skip: 1, limit: 1000 } }))).body.users).not.toContainEqual(
      expect.objectContaining({ id: account.id }),
    );
    // A session that never idles: the server's idle limit passes without ending it.
    const later = new Date(Date.now() + 24 * 60 * 60_000);
    const sessionId = (await t.services.auth.authenticate(...sessionOf(signedIn.body))).sessionId;
    await expect(t.services.auth.check(sessionId, Number(signedIn.body.id), later)).resolves.toBeDefined();
    expect((await admin.api.displayTokens.list()).find((entry) => entry.id === displayToken.id)?.lastUsedAt).not.toBe(
      null,
    );
  });

  it('refuse a wrong token', async () => {
    const wrong = await exchange(`oyd_${'A'.repeat(43)}`);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ message: messages.displayTokenInvalid });
  });

  it('once revoked, end the display session and its live connection, and sign in no more', async () => {
    const { token, displayToken } = await admin.api.displayTokens.create({ body: { name: 'Yard TV' } });
    const signedIn = await exchange(token);
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, {
      headers: { cookie: `openyard_session=${signedIn.cookie}`, origin: baseUrl },
    });
    let closeCode: number | null = null;
    const frames: { type: string; topic?: string }[] = [];
    socket.on('message', (raw: Buffer) => frames.push(JSON.parse(raw.toString('utf8')) as { type: string }));
    socket.on('close', (code) => (closeCode = code));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ op: 'subscribe', topic: 'inventory' }));
    await waitFor(() => frames.some((frame) => frame.type === 'subscribed' && frame.topic === 'inventory'));

    const revoked = await admin.api.displayTokens.revoke({ params: { id: displayToken.id } });
    expect(revoked.revokedAt).not.toBeNull();
    await waitFor(() => closeCode === 4001);
    const display = testClient(t.app, { authorization: `Bearer ${String(signedIn.body.token)}` });
    expect((await outcome(display.gates.list())).status).toBe(401);
    expect((await exchange(token)).status).toBe(401);
    // Revoking again changes nothing; an unknown token is not found.
    expect((await admin.api.displayTokens.revoke({ params: { id: displayToken.id } })).revokedAt).toBe(
      revoked.revokedAt,
    );
    expect((await outcome(admin.api.displayTokens.revoke({ params: { id: 999_999 } }))).status).toBe(404);
    // Its name is free again.
    expect((await outcome(admin.api.displayTokens.create({ body: { name: 'Yard TV' } }))).status).toBe(200);
  });
});

// The session a display's JWT names (as the access plugin reads it).
function sessionOf(body: Record<string, unknown>): [string, number] {
  const [, payload] = String(body.token).split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { sid: string; uid: number };
  return [claims.sid, claims.uid];
}
