import { randomUUID } from 'node:crypto';
import { messages, type UserInfo } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { AppError, sessionExpired, unauthenticated } from '../../errors';
import { effectivePermissions } from '../roles/roles.service';
import { usersRepository } from '../users/users.repository';
import { burnPasswordCheck, verifyPassword } from './password-hasher';
import type { Principal } from './principal';
import { sessionsRepository } from './sessions.repository';

// Writing last-seen on every request would turn reads into writes; 15 s is far below the idle limit.
const TOUCH_INTERVAL_MS = 15_000;

export function createAuthService(db: Database, options: { idleMinutes: number }) {
  const idleMs = options.idleMinutes * 60_000;

  return {
    async login(username: string, password: string, client: { ip: string | null; userAgent: string | null }) {
      const user = await usersRepository.findByUsername(db, username);
      if (!user) {
        await burnPasswordCheck(password);
        throw new AppError(401, 'UNAUTHENTICATED', messages.loginFailed);
      }
      const valid = await verifyPassword(user.passwordHash, password);
      if (!valid || !user.enabled) throw new AppError(401, 'UNAUTHENTICATED', messages.loginFailed);
      const sessionId = randomUUID();
      await sessionsRepository.create(db, { id: sessionId, userId: user.id, ...client });
      await sessionsRepository.touch(db, sessionId, user.id, new Date());
      return { sessionId, userId: user.id };
    },

    // Called on every authenticated request with the claims of a verified JWT.
    async authenticate(sessionId: string, userId: number, now = new Date()): Promise<Principal> {
      const row = await sessionsRepository.load(db, sessionId);
      if (!row || row.session.userId !== userId || row.session.endedAt) throw unauthenticated();
      if (!row.user.enabled) {
        await sessionsRepository.end(db, sessionId, 'disabled');
        throw unauthenticated();
      }
      const idleFor = now.getTime() - row.session.lastSeenAt.getTime();
      if (idleFor > idleMs) {
        await sessionsRepository.end(db, sessionId, 'idle');
        throw sessionExpired();
      }
      if (idleFor > TOUCH_INTERVAL_MS) await sessionsRepository.touch(db, sessionId, userId, now);
      const { landingPage, permissions } = effectivePermissions(row.role, row.permissions);
      return {
        userId: row.user.id,
        username: row.user.username,
        roleId: row.role.id,
        role: row.role.name,
        landingPage,
        permissions,
        sessionId,
        lastAccess: row.user.lastAccessAt,
      };
    },

    logout: (sessionId: string) => sessionsRepository.end(db, sessionId, 'logout'),

    userInfo(principal: Principal): UserInfo {
      return {
        id: principal.userId,
        userName: principal.username,
        role: principal.role,
        roleId: principal.roleId,
        landingPage: principal.landingPage,
        permissions: principal.permissions,
        lastAccess: principal.lastAccess?.getTime() ?? null,
        sessionExpireInIdleMins: options.idleMinutes,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
