import type { PermissionSet } from '@openyard/contracts';

// Who is calling: the session's user, role and permissions as the database has them now (a role or
// permission change takes effect at the next request). Requests of one session may share one
// principal (AccessCache): it is never changed.
export interface Principal {
  readonly userId: number;
  readonly username: string;
  readonly roleId: number;
  readonly role: string;
  readonly landingPage: string;
  readonly permissions: Readonly<PermissionSet>;
  readonly sessionId: string;
  readonly lastAccess: Date | null;
}
