import type { Principal, UserInfo } from '@openyard/contracts';

export function principalOf(user: UserInfo): Principal {
  return { role: user.role, systemRole: user.systemRole, landingPage: user.landingPage, permissions: user.permissions };
}
