import { hasRole, messages, type RouteSpec } from '@openyard/contracts';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';

// Spec 3 §6: editing tasks and their report need the enterprise version; otherwise the
// locked-feature modal appears for non-superadmins instead of the action. Null when the action may
// go ahead (a superadmin's refused call opens the same modal from the server's answer).
export function lockedFeatureOf(
  route: Pick<RouteSpec, 'feature' | 'path'>,
  access: Pick<ScreenAccess, 'features' | 'user'>,
): string | null {
  if (!route.feature || access.features[route.feature]) return null;
  return hasRole(access.user, 'superadmin') ? null : messages.lockedFeature;
}
