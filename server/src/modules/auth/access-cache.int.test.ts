import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcome, type TestClient } from '../../test/api-client';
import { createTestApp, createUserWithPermissions, TEST_DATABASE, type TestApp } from '../../test/test-app';
import { rolePermissions } from '../../db/schema';
import { users } from '../../db/schema';
import { ACCESS_CHANNEL } from './access-cache';
import { sessions } from './sessions.table';

// Sessions are kept in memory between their touches (AccessCache). What another server changes in
// the database reaches this one by notification; the changes below are made straight in SQL, as
// another server would make them, and `accessSettled` waits until this server has heard them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const user = (session: { api: TestClient }) => outcome(session.api.auth.user());

describe('sessions kept between touches', () => {
  it('answers a session’s requests with one principal until something changes it', async () => {
    const session = await t.login('operator');
    const first = await t.services.auth.authenticate(sessionIdOf(session.token), session.userId);
    const second = await t.services.auth.authenticate(sessionIdOf(session.token), session.userId);
    expect(second).toBe(first);
    // Changes of what a principal is not made of keep it.
    await t.db.update(users).set({ email: 'operator@example.com' }).where(eq(users.id, session.userId));
    await t.accessSettled();
    expect(await t.services.auth.authenticate(sessionIdOf(session.token), session.userId)).toBe(first);
  });

  it('a session ended by another server is refused once its notification is heard', async () => {
    const session = await t.login('operator');
    expect((await user(session)).status).toBe(200);
    await t.db
      .update(sessions)
      .set({ endedAt: sql`now()`, endReason: 'logout' })
      .where(eq(sessions.id, sessionIdOf(session.token)));
    await t.accessSettled();
    expect((await user(session)).status).toBe(401);
  });

  it('a user disabled by another server is refused, and its sessions end', async () => {
    const admin = await t.login('superadmin');
    const { api, auth, userId } = await createUserWithPermissions(t, admin.auth, 'cache-disabled', {
      inventoryVisible: true,
    });
    expect((await user({ api })).status).toBe(200);
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, userId));
    await t.accessSettled();
    expect((await user({ api })).status).toBe(401);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(auth.authorization)));
    expect(row?.endReason).toBe('disabled');
  });

  it('a permission taken away by another server is refused at the next request', async () => {
    const admin = await t.login('superadmin');
    const { api, userId } = await createUserWithPermissions(t, admin.auth, 'cache-permissions', {
      inventoryVisible: true,
    });
    const grid = () => outcome(api.inventory.grid());
    expect((await grid()).status).toBe(200);
    await t.db
      .update(rolePermissions)
      .set({ inventoryVisible: false })
      .where(eq(rolePermissions.roleId, (await roleIdOf(userId))!));
    await t.accessSettled();
    expect((await grid()).status).toBe(403);
  });

  it('a change made through this server acts at once, before any notification', async () => {
    const admin = await t.login('superadmin');
    const { api, userId } = await createUserWithPermissions(t, admin.auth, 'cache-local', {
      inventoryVisible: true,
    });
    const me = await api.auth.user();
    await admin.api.users.update({
      body: { id: userId, username: me.userName, role: { id: (await roleIdOf(userId))! }, enabled: false },
    });
    expect((await user({ api })).status).toBe(401);
  });
});

describe.runIf(TEST_DATABASE === 'postgres')('when the listening connection is lost', () => {
  it('kept sessions are not trusted until it listens again', async () => {
    const session = await t.login('operator');
    const sessionId = sessionIdOf(session.token);
    const first = await t.services.auth.authenticate(sessionId, session.userId);
    expect(await t.services.auth.authenticate(sessionId, session.userId)).toBe(first);

    const lost = await t.dropListening(ACCESS_CHANNEL);
    expect(lost.subscription.live).toBe(false);
    // Ended while nobody listened: the notification is lost, and the kept session must not answer.
    await t.db
      .update(sessions)
      .set({ endedAt: sql`now()`, endReason: 'logout' })
      .where(eq(sessions.id, sessionId));
    await expect(t.services.auth.authenticate(sessionId, session.userId)).rejects.toMatchObject({ statusCode: 401 });

    await lost.listeningAgain();
    const other = await t.login('operator');
    const kept = await t.services.auth.authenticate(sessionIdOf(other.token), other.userId);
    expect(await t.services.auth.authenticate(sessionIdOf(other.token), other.userId)).toBe(kept);
  });
});

function sessionIdOf(token: string): string {
  const payload = token.replace(/^Bearer /, '').split('.')[1]!;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string }).sid;
}

async function roleIdOf(userId: number) {
  const [row] = await t.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
  return row?.roleId;
}
