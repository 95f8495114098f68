import { randomUUID } from 'node:crypto';
import {
  isDeviceTokenRole,
  messages,
  systemRoleOf,
  type PermissionSet,
  type SystemRole,
  type UserInfo,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { AppError, sessionExpired, unauthenticated } from '../../errors';
import type { AccessCache } from './access-cache';
import { burnPasswordCheck, verifyPassword } from './password-hasher';
import type { Principal } from './principal';
import { sessionsRepository } from './sessions.repository';

type LoadedSession = NonNullable<Awaited<ReturnType<typeof sessionsRepository.load>>>;

// What auth asks of the users and roles modules. Those modules build on auth (its Principal,
// password hasher and sessions), so auth does not import them: createServices hands their
// services in.
export interface AuthDirectory {
  users: {
    findForLogin(
      username: string,
    ): Promise<{ id: number; passwordHash: string; enabled: boolean; systemRole: SystemRole | null } | undefined>;
  };
  roles: {
    effectivePermissions(
      role: LoadedSession['role'],
      stored: LoadedSession['permissions'],
    ): { landingPage: string; permissions: PermissionSet };
  };
}

// Writing last-seen on every request would turn reads into writes; 15 s is far below the idle limit.
const TOUCH_INTERVAL_MS = 15_000;

// A wall display's or a kiosk's session never goes idle (issues 18, 21): idle expiry protects a
// person who walked away from a desk, and nobody sits at a control room's TV; a kiosk stands idle
// between customers and must not sign out in the middle of one. Its session lasts until its token is
// revoked (which ends it), its account is disabled, or the sessions' purge removes it after 30 days
// without data; the device then asks for a new one with its token (web/src/app/hooks/useDeviceSession).
const neverIdles = (systemRole: SystemRole | null) => isDeviceTokenRole(systemRole);

// Failed logins per account and client address within a minute. Keyed on both so that someone
// guessing from one address cannot lock the account's owner out from another (the route's own
// limit caps every address's attempts). It lives in this process (a scaled set-up shares the
// per-address limit through its proxy).
function createFailedLoginCounter(maxPerMinute: number) {
  const failures = new Map<string, { count: number; since: number }>();
  const keyOf = (username: string, ip: string | null) => `${username.toLowerCase()}\n${ip ?? ''}`;
  return {
    blocked(username: string, ip: string | null, now: number) {
      const entry = failures.get(keyOf(username, ip));
      return entry !== undefined && now - entry.since < 60_000 && entry.count >= maxPerMinute;
    },
    fail(username: string, ip: string | null, now: number) {
      const key = keyOf(username, ip);
      const entry = failures.get(key);
      if (!entry || now - entry.since >= 60_000) failures.set(key, { count: 1, since: now });
      else entry.count += 1;
      if (failures.size > 10_000) {
        for (const [name, value] of failures) if (now - value.since >= 60_000) failures.delete(name);
      }
    },
    clear: (username: string, ip: string | null) => failures.delete(keyOf(username, ip)),
  };
}

export function createAuthService(
  db: Database,
  options: { idleMinutes: number; loginFailuresPerMinute: number; access: AccessCache } & AuthDirectory,
) {
  const { access, users, roles } = options;
  const idleMs = options.idleMinutes * 60_000;
  const failedLogins = createFailedLoginCounter(options.loginFailuresPerMinute);

  async function check(
    sessionId: string,
    userId: number,
    now = new Date(),
    options: { touch?: boolean } = {},
  ): Promise<{ principal: Principal; lastSeenAt: number }> {
    const kept = access.kept(sessionId);
    if (kept && kept.userId === userId && now.getTime() - kept.lastSeenAt <= TOUCH_INTERVAL_MS) return kept;
    const generation = access.generation;
    const row = await sessionsRepository.load(db, sessionId);
    if (!row || row.session.userId !== userId || row.session.endedAt) throw unauthenticated();
    if (!row.user.enabled) {
      await sessionsRepository.end(db, sessionId, 'disabled');
      throw unauthenticated();
    }
    const systemRole = systemRoleOf(row.role);
    const idleFor = now.getTime() - row.session.lastSeenAt.getTime();
    if (idleFor > idleMs && !neverIdles(systemRole)) {
      await sessionsRepository.end(db, sessionId, 'idle');
      throw sessionExpired();
    }
    let lastSeenAt = row.session.lastSeenAt.getTime();
    if (idleFor > TOUCH_INTERVAL_MS && options.touch !== false) {
      await sessionsRepository.touch(db, sessionId, userId, now);
      lastSeenAt = now.getTime();
    }
    const { landingPage, permissions } = roles.effectivePermissions(row.role, row.permissions);
    const principal: Principal = Object.freeze({
      userId: row.user.id,
      username: row.user.username,
      roleId: row.role.id,
      role: row.role.name,
      systemRole,
      landingPage,
      permissions,
      sessionId,
      lastAccess: row.user.lastAccessAt,
    });
    access.keep(sessionId, { userId, lastSeenAt, principal }, generation);
    return { principal, lastSeenAt };
  }

  async function openSession(userId: number, client: { ip: string | null; userAgent: string | null }) {
    const sessionId = randomUUID();
    await sessionsRepository.create(db, { id: sessionId, userId, ...client });
    await sessionsRepository.touch(db, sessionId, userId, new Date());
    return { sessionId, userId };
  }

  return {
    async login(username: string, password: string, client: { ip: string | null; userAgent: string | null }) {
      if (failedLogins.blocked(username, client.ip, Date.now()))
        throw new AppError(429, 'RATE_LIMITED', messages.loginRateLimited);
      const user = await users.findForLogin(username);
      if (!user) {
        await burnPasswordCheck(password);
        failedLogins.fail(username, client.ip, Date.now());
        throw new AppError(401, 'UNAUTHENTICATED', messages.loginFailed);
      }
      const valid = await verifyPassword(user.passwordHash, password);
      if (!valid || !user.enabled) {
        failedLogins.fail(username, client.ip, Date.now());
        throw new AppError(401, 'UNAUTHENTICATED', messages.loginFailed);
      }
      // A display's or kiosk's account signs in with its token only, never a password (issues 18, 21).
      if (isDeviceTokenRole(user.systemRole)) {
        failedLogins.fail(username, client.ip, Date.now());
        throw new AppError(401, 'UNAUTHENTICATED', messages.loginFailed);
      }
      failedLogins.clear(username, client.ip);
      return openSession(user.id, client);
    },

    // A session for an account whose credential was checked elsewhere (a display's token).
    openSession,

    // Called on every authenticated request with the claims of a verified JWT. Between its touches a
    // session is taken from the access cache: until the next touch it can be neither idle nor due
    // a touch, and whatever else would change the answer drops it from the cache (AccessCache).
    async authenticate(
      sessionId: string,
      userId: number,
      now = new Date(),
      options: { touch?: boolean } = {},
    ): Promise<Principal> {
      return (await check(sessionId, userId, now, options)).principal;
    },

    // The same, with when the session was last touched: the hub knows from it when the session
    // would go idle, and checks it again then.
    check,
    idleMs,
    // When a session last touched at `lastSeenAt` would go idle; null for one that never does.
    idleDeadline: (principal: Principal, lastSeenAt: number): number | null =>
      neverIdles(principal.systemRole) ? null : lastSeenAt + idleMs,

    // Every change that may end a session or change who it is (logout, idle expiry, a user
    // disabled, a role or its permissions changed), in this process or, through the database's
    // notifications, in another: a session id, or null for any session.
    watch: (listener: (sessionId: string | null) => void) => access.onChange(listener),

    async logout(sessionId: string) {
      await sessionsRepository.end(db, sessionId, 'logout');
      access.forget(sessionId);
    },

    // Housekeeping (the PurgeSessions job): sessions ended, or last seen, before `before` are removed.
    purgeSessionsBefore: (before: Date) => sessionsRepository.deleteEndedBefore(db, before),

    userInfo(principal: Principal): UserInfo {
      return {
        id: principal.userId,
        userName: principal.username,
        role: principal.role,
        roleId: principal.roleId,
        systemRole: principal.systemRole,
        landingPage: principal.landingPage,
        permissions: principal.permissions,
        lastAccess: principal.lastAccess?.getTime() ?? null,
        // 0: the web's own idle expiry leaves a display alone (see neverIdles).
        sessionExpireInIdleMins: neverIdles(principal.systemRole) ? 0 : options.idleMinutes,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
