import { WALL_PATH } from '@openyard/contracts';
import { RequireScreen } from '../../../app/components/RequireScreen';
import { RequireSession } from '../../../app/components/RequireSession';
import { useDeviceSession } from '../../../app/hooks/useDeviceSession';
import { WallNotice } from './WallNotice';
import { WallPage } from './WallPage';

// /wall (issue 18, beyond the spec): routed outside the app's shell. A display signs in with its
// token first; then, as any screen, it needs a session and the dashboard's permission.
export function WallScreen() {
  const session = useDeviceSession('display');
  switch (session.state) {
    case 'signingIn':
      return <WallNotice title="Signing in the display…" testId="wall-signing-in" />;
    case 'waiting':
      return <WallNotice title="Waiting for the server…" detail={session.message} testId="wall-waiting" />;
    case 'refused':
      return (
        <WallNotice
          title="This display is not signed in"
          detail={`${session.message}. Ask an administrator for a new display token (Users, Displays).`}
          testId="wall-refused"
        />
      );
    case 'ready':
      return (
        <RequireSession>
          <RequireScreen path={WALL_PATH}>
            <WallPage />
          </RequireScreen>
        </RequireSession>
      );
  }
}
