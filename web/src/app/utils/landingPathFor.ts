import type { Metadata, UserInfo } from '@openyard/contracts';
import { homePath } from './homePath';
import { visibleScreensFor } from './visibleScreensFor';

// Where a user goes after login: their landing page when this build has that screen and they may
// open it, otherwise the home page.
export function landingPathFor(user: UserInfo, metadata: Metadata | null): string {
  const landingPage = user.landingPage.replace(/\/+$/, '');
  const routed = visibleScreensFor(user, metadata).some(({ entry }) => entry.path === landingPage);
  return routed ? landingPage : homePath;
}
