import type { Principal, UserInfo } from '@openyard/contracts';

export function principalOf(user: UserInfo): Principal {
  return { role: user.role, landingPage: user.landingPage, permissions: user.permissions };
}
