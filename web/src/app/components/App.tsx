import { useAtomValue } from 'jotai';
import { useBootstrap } from '../hooks/useBootstrap';
import { bootstrapStatusState } from '../states/bootstrapStatusState';
import { ApiErrorHandler } from './ApiErrorHandler';
import { AppRoutes } from './AppRoutes';
import { DocumentTitle } from './DocumentTitle';
import { IdleExpiryWatcher } from './IdleExpiryWatcher';
import { PageLoader } from './PageLoader';

function Bootstrapped() {
  useBootstrap();
  const status = useAtomValue(bootstrapStatusState);
  if (status === 'loading') return <PageLoader fullScreen label="Starting Openyard…" />;
  return (
    <>
      <IdleExpiryWatcher />
      <AppRoutes />
    </>
  );
}

export function App() {
  // The error handler subscribes before the bootstrap calls start (effects run in tree order).
  return (
    <>
      <DocumentTitle />
      <ApiErrorHandler />
      <Bootstrapped />
    </>
  );
}
