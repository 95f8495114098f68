import { createHash, randomBytes } from 'node:crypto';
import { messages, systemRoleOf, type DisplayTokenCreate, type DisplayTokenCreated } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { AppError, conflict, notFound, unauthenticated } from '../../errors';
import { databaseError } from '../../lib/database-errors';
import { sessionsRepository, type AuthService, type Principal } from '../auth';
import { rolesRepository } from '../roles';
import { usersRepository } from '../users';
import { displayTokensRepository } from './display-tokens.repository';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

// The account's password hash: not an argon2 hash, so no password ever matches it (and auth refuses
// a display's or a kiosk's account a password login besides).
const NO_PASSWORD = '!display-token-only';

// accessChanged: called after a revocation, so that this server forgets the display's session at
// once (other servers hear it from the database's notification).
export function createDisplayTokensService(db: Database, deps: { auth: AuthService; accessChanged: () => void }) {
  return {
    list: () => displayTokensRepository.list(db),

    // A token and the display account it signs in as, in one transaction. The token is returned here
    // and never again.
    async create(body: DisplayTokenCreate, principal: Principal): Promise<DisplayTokenCreated> {
      const token = `oyd_${randomBytes(32).toString('base64url')}`;
      const roleName = body.role ?? 'display';
      const id = await db
        .transaction(async (tx) => {
          const role = await rolesRepository.findByName(tx, roleName);
          if (!role || systemRoleOf(role) !== roleName)
            throw new AppError(409, 'CONFLICT', messages.displayRoleMissing(roleName));
          // Person usernames cannot hold a colon (contracts/src/users.ts): no clash with anyone's.
          const userId = await usersRepository.insert(tx, {
            username: `${roleName}:${randomBytes(6).toString('hex')}`,
            passwordHash: NO_PASSWORD,
            roleId: role.id,
            hidden: true,
            enteredById: principal.userId,
          });
          return displayTokensRepository.insert(tx, {
            name: body.name.trim(),
            role: roleName,
            tokenHash: hashOf(token),
            userId,
            createdById: principal.userId,
          });
        })
        .catch((error: unknown) => {
          throw databaseError(error, { unique: () => conflict(messages.displayTokenNameTaken, 'name') });
        });
      return { displayToken: (await displayTokensRepository.findById(db, id))!, token };
    },

    // The token stops working, its account is disabled and its sessions end: the hub hears of it and
    // closes the display's live connection (4001).
    async revoke(id: number) {
      await db
        .transaction(async (tx) => {
          const revoked = await displayTokensRepository.revoke(tx, id);
          if (!revoked) return;
          await usersRepository.update(tx, revoked.userId, { enabled: false });
          await sessionsRepository.endAllOf(tx, revoked.userId, 'display-token-revoked');
        })
        .finally(deps.accessChanged);
      const token = await displayTokensRepository.findById(db, id);
      if (!token) throw notFound();
      return token;
    },

    // A display's sign-in: a valid token opens a session of its account.
    async exchange(token: string, client: { ip: string | null; userAgent: string | null }) {
      const account = await displayTokensRepository.accountOf(db, hashOf(token));
      if (!account) throw unauthenticated(messages.displayTokenInvalid);
      return deps.auth.openSession(account.userId, client);
    },
  };
}

export type DisplayTokensService = ReturnType<typeof createDisplayTokensService>;
