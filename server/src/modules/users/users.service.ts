import {
  hasRole,
  mayGrantRole,
  messages,
  newPasswordError,
  offsetFromOneBasedSkip,
  passwordChangeError,
  type ChangePasswordBody,
  type ExportFormat,
  type User,
  type UserCreate,
  type UsersQuery,
  type UserUpdate,
  systemRoleOf,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Principal } from '../auth';
import { hashPassword, verifyPassword } from '../auth';
import { sessionsRepository } from '../auth';
import type { ExportsService } from '../exports';
import { rolesRepository } from '../roles';
import { databaseError } from '../../lib/database-errors';
import { usersRepository, type UserListRow, type UserSort } from './users.repository';

export function toUser({ user, role, enteredBy }: UserListRow): User {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone,
    address: user.address,
    role: { id: role.id, name: role.name },
    hidden: user.hidden,
    enabled: user.enabled,
    enteredBy: enteredBy?.username ? { username: enteredBy.username } : null,
    lastAccess: user.lastAccessAt?.getTime() ?? null,
  };
}

type SortQuery = Pick<UsersQuery, 'sortBy' | 'sortOrder'>;

// The list's column sort (ascending unless asked), or none for the order by id.
const sortOf = (query: SortQuery | undefined): UserSort | undefined =>
  query?.sortBy ? { by: query.sortBy, order: query.sortOrder ?? 'asc' } : undefined;

const isSuperadmin = (principal: Principal) => hasRole(principal, 'superadmin');

// accessChanged: called after every committed change to a user, so that this server forgets the
// sessions it kept (AccessCache) at once; other servers hear it from the database.
export function createUsersService(
  db: Database,
  deps: { strictPasswordRule: boolean; exports: ExportsService; accessChanged: () => void },
) {
  // Runs a change and, once it is committed (or failed: nothing is lost by forgetting), drops
  // the kept sessions.
  const changing = <T>(work: Promise<T>) => work.finally(deps.accessChanged);

  // Admins manage ordinary users; superadmin accounts and hidden users are the superadmin's alone.
  function assertMayManage(principal: Principal, target: UserListRow) {
    if (isSuperadmin(principal)) return;
    if (target.user.hidden || systemRoleOf(target.role) === 'superadmin') throw forbidden();
  }

  async function assertRoleAssignable(database: Database, principal: Principal, roleId: number, failure: string) {
    const role = await rolesRepository.findById(database, roleId);
    if (!role) throw badRequest(`${failure} The chosen role does not exist.`);
    if (!mayGrantRole(principal, role)) throw forbidden();
  }

  function mapUniqueViolation(error: unknown): never {
    throw databaseError(error, { unique: () => conflict(messages.userNameTaken, 'username') });
  }

  return {
    async page(skip: number | undefined, limit: number, principal: Principal, sort?: SortQuery) {
      const { rows, total } = await usersRepository.page(db, {
        offset: offsetFromOneBasedSkip(skip),
        limit,
        includeHidden: isSuperadmin(principal),
        sort: sortOf(sort),
      });
      return { users: rows.map(toUser), totalCount: total };
    },

    // The account a login names (auth checks the password, whether it is enabled and whether its
    // role signs in with a password at all).
    async findForLogin(username: string) {
      const row = await usersRepository.findByUsername(db, username);
      if (!row) return undefined;
      const role = await rolesRepository.findById(db, row.roleId);
      return {
        id: row.id,
        passwordHash: row.passwordHash,
        enabled: row.enabled,
        systemRole: role ? systemRoleOf(role) : null,
      };
    },

    // Another module's change to a user (the gates a user works): the user exists (404) and the
    // principal may manage them (admins not superadmin accounts or hidden users: 403).
    async assertManageable(id: number, principal: Principal) {
      const current = await usersRepository.findById(db, id);
      if (!current) throw notFound(messages.userNotExisting);
      assertMayManage(principal, current);
    },

    async me(principal: Principal) {
      const row = await usersRepository.findById(db, principal.userId);
      if (!row) throw notFound();
      return toUser(row);
    },

    async create(body: UserCreate, principal: Principal): Promise<User> {
      const passwordError = newPasswordError(body.password, body.confirmPassword, deps.strictPasswordRule);
      if (passwordError) throw badRequest(passwordError);
      if (body.hidden && !isSuperadmin(principal)) throw forbidden();
      const passwordHash = await hashPassword(body.password);
      return db
        .transaction(async (tx) => {
          await assertRoleAssignable(tx, principal, body.role.id, messages.userNotAdded);
          const id = await usersRepository.insert(tx, {
            username: body.username.trim(),
            passwordHash,
            email: body.email || null,
            phone: body.phone || null,
            address: body.address || null,
            roleId: body.role.id,
            hidden: body.hidden ?? false,
            enabled: body.enabled ?? true,
            enteredById: principal.userId,
          });
          return toUser((await usersRepository.findById(tx, id))!);
        })
        .catch(mapUniqueViolation);
    },

    async update(body: UserUpdate, principal: Principal): Promise<User> {
      const newPassword = body.password ? body.password : undefined;
      if (newPassword !== undefined) {
        const passwordError = newPasswordError(newPassword, body.confirmPassword ?? '', deps.strictPasswordRule);
        if (passwordError) throw badRequest(passwordError);
      }
      const passwordHash = newPassword === undefined ? undefined : await hashPassword(newPassword);
      return changing(
        db.transaction(async (tx) => {
          const current = await usersRepository.findById(tx, body.id);
          if (!current) throw notFound();
          assertMayManage(principal, current);
          if (body.role.id !== current.role.id) {
            await assertRoleAssignable(tx, principal, body.role.id, messages.userNotUpdated);
            if (current.user.id === principal.userId) throw badRequest('You can not change your own role');
          }
          if (body.hidden !== undefined && body.hidden !== current.user.hidden && !isSuperadmin(principal))
            throw forbidden();
          const enabled = body.enabled ?? current.user.enabled;
          if (!enabled && current.user.id === principal.userId) throw badRequest('You can not disable your own user');
          await usersRepository.update(tx, body.id, {
            username: body.username.trim(),
            email: body.email === undefined ? current.user.email : body.email || null,
            phone: body.phone === undefined ? current.user.phone : body.phone || null,
            address: body.address === undefined ? current.user.address : body.address || null,
            roleId: body.role.id,
            hidden: body.hidden ?? current.user.hidden,
            enabled,
            ...(passwordHash ? { passwordHash } : {}),
          });
          if (!enabled) await sessionsRepository.endAllOf(tx, body.id, 'disabled');
          else if (passwordHash) await sessionsRepository.endAllOf(tx, body.id, 'password-reset');
          return toUser((await usersRepository.findById(tx, body.id))!);
        }),
      ).catch(mapUniqueViolation);
    },

    async delete(id: number, principal: Principal) {
      if (id === principal.userId) throw badRequest(messages.userCannotDeleteSelf);
      await changing(
        db.transaction(async (tx) => {
          const current = await usersRepository.findById(tx, id);
          if (!current) throw notFound();
          assertMayManage(principal, current);
          await usersRepository.delete(tx, id);
        }),
      );
    },

    async changePassword(body: ChangePasswordBody, principal: Principal) {
      if (body.id !== principal.userId) throw forbidden();
      const ruleError = passwordChangeError(body, deps.strictPasswordRule);
      if (ruleError) throw badRequest(ruleError);
      const user = await usersRepository.findByUsername(db, principal.username);
      if (!user || !(await verifyPassword(user.passwordHash, body.oldPassword))) {
        throw new AppError(400, 'VALIDATION', messages.passwordOldWrong);
      }
      const passwordHash = await hashPassword(body.newPassword);
      await changing(
        db.transaction(async (tx) => {
          await usersRepository.update(tx, user.id, { passwordHash });
          // Other devices signed in with the old password are signed out; this one logs out in 2 s.
          await sessionsRepository.endAllOf(tx, user.id, 'password-changed', principal.sessionId);
        }),
      );
      return { responsestatus: messages.passwordUpdated };
    },

    async export(
      startIndex: number,
      pageSize: number | undefined,
      principal: Principal,
      format?: ExportFormat,
      sort?: SortQuery,
    ) {
      const { rows } = await usersRepository.page(db, {
        offset: startIndex - 1,
        limit: pageSize ?? 100_000,
        includeHidden: isSuperadmin(principal),
        sort: sortOf(sort),
      });
      const filePath = await deps.exports.writeWorkbook(principal.userId, 'users', {
        sheet: 'Users',
        format,
        columns: [
          { header: 'Id', key: 'id', width: 8 },
          { header: 'Username', key: 'username', width: 24 },
          { header: 'Role', key: 'role', width: 16 },
          { header: 'E-mail', key: 'email', width: 30 },
          { header: 'Phone', key: 'phone', width: 18 },
          { header: 'Address', key: 'address', width: 30 },
          { header: 'Enabled', key: 'enabled', width: 10 },
          { header: 'Entered by', key: 'enteredBy', width: 18 },
          { header: 'Last access', key: 'lastAccess', width: 22 },
        ],
        rows: rows.map(({ user, role, enteredBy }) => ({
          id: user.id,
          username: user.username,
          role: role.name,
          email: user.email ?? '',
          phone: user.phone ?? '',
          address: user.address ?? '',
          enabled: user.enabled ? 'Yes' : 'No',
          enteredBy: enteredBy?.username ?? '',
          lastAccess: user.lastAccessAt ?? '',
        })),
      });
      return { filePath };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
