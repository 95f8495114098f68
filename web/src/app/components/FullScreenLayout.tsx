import { Suspense, type ReactNode } from 'react';
import { PageLoader } from './PageLoader';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

// The frame of a full-screen screen (screenRegistry's `fullScreen`): no header and no menu, only
// the loading and failure states every screen has. The screen signs in and checks access itself.
export function FullScreenLayout({ children }: { children: ReactNode }) {
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<PageLoader fullScreen label="Loading screen…" />}>
        <div data-screen>{children}</div>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
