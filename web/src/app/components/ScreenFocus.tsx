import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { screenFocusTarget } from '../utils/screenFocusTarget';

// Every screen gets keyboard focus when it opens, without doing anything itself: the field marked
// `data-autofocus` (a search box, the first field), else the screen's region, so Tab goes on from the
// screen's first control instead of the menu. Focus a screen or a dialog set itself is left alone.
const WAIT_FOR_SCREEN_MS = 3000;

export function ScreenFocus({ region }: { region: () => HTMLElement | null }) {
  const { pathname } = useLocation();
  useEffect(() => {
    let frame = 0;
    const until = performance.now() + WAIT_FOR_SCREEN_MS;
    const tryFocus = () => {
      const main = region();
      const target = main ? screenFocusTarget(main, document.activeElement) : 'wait';
      if (target === 'wait') {
        if (performance.now() < until) frame = requestAnimationFrame(tryFocus);
        return;
      }
      target?.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname, region]);
  return null;
}
