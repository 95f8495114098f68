import { isAllowed, type Access, type FeatureFlags, type Metadata, type UserInfo } from '@openyard/contracts';
import { featureFlagsOf } from './featureFlagsOf';
import { principalOf } from './principalOf';

// What the user may do on a screen: the same rule the server applies to the screen's write calls
// (their `access` in the route catalogue), so that the screen disables what would be refused.
export interface ScreenAccess {
  readonly user: UserInfo;
  // May create, update and delete here (superadmin, crudEnabled, or this screen as landing page).
  readonly canWrite: boolean;
  // Why a write is not possible, in words for a tooltip; null when it is.
  readonly readOnlyReason: string | null;
  readonly enterprise: boolean;
  readonly features: FeatureFlags;
}

export const NO_WRITE_RIGHTS = 'Your role may not create or update here';
export const ENTERPRISE_ONLY = 'Available in the enterprise edition';

export interface ScreenWriteRule {
  // The access of the screen's write calls, e.g. `routes.containers.save.access`.
  readonly write: Access;
  // Writing also needs the enterprise edition (the configure screen's rules).
  readonly enterprise?: boolean;
}

export function screenAccessOf(
  user: UserInfo,
  metadata: Metadata | null,
  pathname: string,
  rule: ScreenWriteRule,
): ScreenAccess {
  const features = featureFlagsOf(metadata);
  const enterprise = features.enterpriseVersion;
  const allowed = isAllowed(rule.write, principalOf(user), pathname);
  const needsEdition = rule.enterprise === true && !enterprise;
  return {
    user,
    canWrite: allowed && !needsEdition,
    readOnlyReason: !allowed ? NO_WRITE_RIGHTS : needsEdition ? ENTERPRISE_ONLY : null,
    enterprise,
    features,
  };
}
