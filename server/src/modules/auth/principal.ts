import type { PermissionSet, SystemRole } from '@openyard/contracts';

// Who is calling: the session's user, role and permissions as the database has them now (a role or
// permission change takes effect at the next request). Requests of one session may share one
// principal (AccessCache): it is never changed.
export interface Principal {
  readonly userId: number;
  readonly username: string;
  readonly roleId: number;
  readonly role: string;
  // The seeded role the user's role is (systemRoleOf), null for a role an admin created: powers
  // go by this, never by the role's name.
  readonly systemRole: SystemRole | null;
  readonly landingPage: string;
  readonly permissions: Readonly<PermissionSet>;
  readonly sessionId: string;
  readonly lastAccess: Date | null;
}
