import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router';
import { currentUserState } from '../states/currentUserState';
import { metadataState } from '../states/metadataState';
import { screenAccessOf, type ScreenAccess, type ScreenWriteRule } from '../utils/screenAccessOf';

// A screen's access in one call: the user, whether they may write here (the catalogue's rule for
// the screen's write calls, with the current path for the landing-page grant), the edition and
// the feature switches. Null while nobody is logged in (RequireSession shows the login then).
//   const access = useScreenAccess({ write: routes.containers.save.access });
export function useScreenAccess(rule: ScreenWriteRule): ScreenAccess | null {
  const user = useAtomValue(currentUserState);
  const metadata = useAtomValue(metadataState);
  const { pathname } = useLocation();
  return user ? screenAccessOf(user, metadata, pathname, rule) : null;
}
