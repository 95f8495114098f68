import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { KIOSK_IDLE_RESET_MS, KIOSK_PATHS } from '@openyard/contracts';

// A kiosk page nobody touched for KIOSK_IDLE_RESET_MS goes back to the start page (its state goes
// with it); the kiosk's session stays (it never goes idle).
export function useKioskIdleReset(enabled: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    let timer = window.setTimeout(reset, KIOSK_IDLE_RESET_MS);
    function reset() {
      void navigate(KIOSK_PATHS.start);
    }
    const touched = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(reset, KIOSK_IDLE_RESET_MS);
    };
    const events = ['pointerdown', 'keydown'] as const;
    for (const event of events) window.addEventListener(event, touched, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of events) window.removeEventListener(event, touched);
    };
  }, [enabled, navigate]);
}
