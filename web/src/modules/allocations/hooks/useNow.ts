import { useEffect, useState } from 'react';

// The time now, renewed every `everyMs`: the row colours and the Gantt's now line follow the clock.
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
