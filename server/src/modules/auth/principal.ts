import type { PermissionSet } from '@openyard/contracts';

// Who is calling, as loaded fresh from the database on every request (so role and permission
// changes take effect at once).
export interface Principal {
  userId: number;
  username: string;
  roleId: number;
  role: string;
  landingPage: string;
  permissions: PermissionSet;
  sessionId: string;
  lastAccess: Date | null;
}
