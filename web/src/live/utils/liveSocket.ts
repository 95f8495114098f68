import { api } from '../../api/http';
import { LiveClient } from './LiveClient';
import { liveSocketUrl } from './liveSocketUrl';

// The tab's one connection to the hub; started on login and stopped on logout by useLiveSession.
export const liveSocket = new LiveClient({
  url: () => liveSocketUrl(),
  // Ask the REST side, whose 401 handling logs the user out with the usual notice.
  onSessionEnded: () => void api.auth.user().catch(() => undefined),
});
