import { useEffect, useState } from 'react';
import type { LiveFreshness } from '../utils/LiveClient';
import { liveSocket } from '../utils/liveSocket';

// The live connection's freshness and the time it was read, read again every `everyMs`: a
// staleness indicator counts seconds whether or not anything arrives (and 50 messages a second
// cost it nothing: it is never told of them).
export function useLiveFreshness(everyMs = 1_000): { freshness: LiveFreshness; now: number } {
  const [reading, setReading] = useState(() => ({ freshness: liveSocket.getFreshness(), now: Date.now() }));
  useEffect(() => {
    const timer = window.setInterval(
      () => setReading({ freshness: liveSocket.getFreshness(), now: Date.now() }),
      everyMs,
    );
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return reading;
}
