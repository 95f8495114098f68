import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { KIOSK_PATHS } from '@openyard/contracts';
import { useDeviceSession, type DeviceSessionState } from '../../../app/hooks/useDeviceSession';
import { metadataState } from '../../../app/states/metadataState';
import { useKioskIdleReset } from '../hooks/useKioskIdleReset';
import { PublicFrame } from './PublicFrame';

// A kiosk page (spec 2 §2): the kiosk's header texts, large touch controls, back to the start page,
// and the kiosk's session. A kiosk opened with its token (?token=… on its start address) signs in
// with it and keeps signing in; a page opened without one works for what is public.
export function KioskFrame({
  title,
  testId,
  children,
}: {
  // The page's own title under the kiosk's header; none on the start page.
  title?: string;
  testId: string;
  children: (session: DeviceSessionState) => ReactNode;
}) {
  const kiosk = useAtomValue(metadataState)?.kiosk;
  const session = useDeviceSession('kiosk');
  useKioskIdleReset(title !== undefined);
  return (
    <PublicFrame
      title={title ?? kiosk?.headerTitle ?? ''}
      subtitle={title === undefined ? kiosk?.headerSubtitle : undefined}
      back={title === undefined ? undefined : { to: KIOSK_PATHS.start, label: 'Start' }}
      size="xl"
      testId={testId}
    >
      {children(session)}
    </PublicFrame>
  );
}
